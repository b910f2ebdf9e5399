package io.qrouter.bench;

import io.qrouter.core.estimate.EstimatorSnapshot;
import io.qrouter.core.estimate.ServerEstimators;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of the per-server estimators with the default settings: one task's lifecycle (ENQUEUED,
 * STARTED, COMPLETED; 1 000 tasks per second of event time) and a snapshot with a full window and
 * 100 open tasks. Run: java -cp target/test-classes:target/classes:$(cat cp.txt)
 * org.openjdk.jmh.Main EstimatorsBench
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EstimatorsBench {
    private final String[] taskIds = new String[1 << 16];
    private ServerEstimators estimators;
    private long task;

    @Setup
    public void setUp() {
        for (int i = 0; i < taskIds.length; i++) {
            taskIds[i] = "task-" + i;
        }
        estimators = new ServerEstimators();
        for (int i = 0; i < 100; i++) {
            estimators.onEnqueued("waiting-" + i, 0);
        }
        while (task < 60_000) { // fill the 60 s window
            taskLifecycle();
        }
    }

    @Benchmark
    public ServerEstimators taskLifecycle() {
        String taskId = taskIds[(int) (task & (taskIds.length - 1))];
        long nowMillis = task++;
        estimators.onEnqueued(taskId, nowMillis);
        estimators.onStarted(taskId, nowMillis);
        estimators.onCompleted(taskId, nowMillis + 1);
        return estimators;
    }

    @Benchmark
    public EstimatorSnapshot snapshot() {
        return estimators.snapshot(task);
    }
}
