package io.qrouter.job.convert;

import io.qrouter.avro.TaskEventType;
import io.qrouter.core.estimate.TaskLifecycle;
import java.util.Arrays;

/** What a lifecycle event type on the wire means to the estimators and to the queue length. */
public final class EventTypes {
    /** By the wire type's ordinal: {@code valueOf(name)} hashed a string on every event. */
    private static final TaskLifecycle[] LIFECYCLE_BY_ORDINAL =
            Arrays.stream(TaskEventType.values())
                    .map(type -> TaskLifecycle.valueOf(type.name()))
                    .toArray(TaskLifecycle[]::new);

    private EventTypes() {}

    /**
     * The estimators' own name for an event type: both enums list the same symbols
     * (TaskLifecycleTest).
     */
    public static TaskLifecycle lifecycle(TaskEventType type) {
        return LIFECYCLE_BY_ORDINAL[type.ordinal()];
    }

    /** How the event changes the server's count of tasks. */
    public static int queueChange(TaskEventType type) {
        return switch (type) {
            case ENQUEUED -> 1;
            case COMPLETED, ABANDONED, RESTORED, FAILED -> -1;
            case STARTED, CANCELLED, UNKNOWN -> 0;
        };
    }
}
