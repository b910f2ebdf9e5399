package io.qrouter.core.estimate;

/**
 * Where a server's {@link ServerEstimators} keep the parts of their state that grow with the window
 * or the open tasks, each entry on its own: the window's time buckets and the open tasks. The
 * estimators themselves stay a small header of counters (a Flink POJO), the same size whatever the
 * window.
 */
public interface EstimatorStore {
    /** Ring slot → the bucket it holds. */
    StateMap<Integer, WindowBucket> buckets();

    /** Task id → its open phase. */
    StateMap<String, OpenTask> openTasks();

    /** A store on the heap. */
    static EstimatorStore inMemory() {
        StateMap<Integer, WindowBucket> buckets = new HashStateMap<>();
        StateMap<String, OpenTask> open = new HashStateMap<>();
        return new EstimatorStore() {
            @Override
            public StateMap<Integer, WindowBucket> buckets() {
                return buckets;
            }

            @Override
            public StateMap<String, OpenTask> openTasks() {
                return open;
            }
        };
    }
}
