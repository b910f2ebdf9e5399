package io.qrouter.core.estimate;

import java.util.List;

/** One lifecycle event of a synthetic stream. */
record LifecycleEvent(TaskLifecycle type, String taskId, long timeMillis) {
    void feed(ServerEstimators estimators) {
        estimators.onEvent(type, taskId, timeMillis);
    }

    static void feedAll(List<LifecycleEvent> events, ServerEstimators estimators) {
        events.forEach(event -> event.feed(estimators));
    }

    static long count(List<LifecycleEvent> events, TaskLifecycle type) {
        return events.stream().filter(event -> event.type() == type).count();
    }
}
