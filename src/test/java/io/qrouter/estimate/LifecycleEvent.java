package io.qrouter.estimate;

import io.qrouter.avro.TaskEventType;
import java.util.List;

/** One lifecycle event of a synthetic stream. */
record LifecycleEvent(TaskEventType type, String taskId, long timeMillis) {
    void feed(ServerEstimators estimators) {
        estimators.onEvent(type, taskId, timeMillis);
    }

    static void feedAll(List<LifecycleEvent> events, ServerEstimators estimators) {
        events.forEach(event -> event.feed(estimators));
    }

    static long count(List<LifecycleEvent> events, TaskEventType type) {
        return events.stream().filter(event -> event.type() == type).count();
    }
}
