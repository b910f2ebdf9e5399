package io.qrouter.job.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.job.Harnesses;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.RouterSettings;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.junit.jupiter.api.AfterEach;

/**
 * The router operator under Flink's operator harness, as its tests set it up: a buffer deadline and
 * capacity of their own, K's time unit fixed, and every harness opened closed after each test.
 */
abstract class RouterFunctionTestBase {
    static final long DEADLINE = 10_000;

    static final int CAPACITY = 3;

    private final List<RouterHarness> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (var harness : open) {
            harness.close();
        }
    }

    static RouterSettings settings(String policy, String... moreKeysAndValues) {
        // K's unit fixed at 1 s so the tests' expected K values are computed independently of the
        // fleet's mean
        List<String> keysAndValues =
                new ArrayList<>(
                        List.of(
                                "router.policy",
                                policy,
                                "router.buffer.deadline.ms",
                                Long.toString(DEADLINE),
                                "router.buffer.capacity",
                                Integer.toString(CAPACITY),
                                "router.k-time-unit.ms",
                                "1000"));
        keysAndValues.addAll(List.of(moreKeysAndValues));
        return TestSettings.router(keysAndValues.toArray(String[]::new));
    }

    RouterHarness router(
            RouterSettings settings, int parallelism, int subtask, OperatorSubtaskState restoreFrom)
            throws Exception {
        var harness = Harnesses.router(settings, parallelism, subtask, restoreFrom);
        open.add(harness);
        return harness;
    }

    RouterHarness router(String policy) throws Exception {
        return router(settings(policy), 1, 0, null);
    }

    static <T> T last(List<T> values) {
        assertThat(values).isNotEmpty();
        return values.get(values.size() - 1);
    }

    /** Task ids whose key group belongs to subtask {@code subtask} of {@code parallelism}. */
    static List<String> taskIdsOfSubtask(int subtask, int parallelism, int howMany) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; ids.size() < howMany; i++) {
            String id = "task-" + i;
            if (KeyGroupRangeAssignment.assignKeyToParallelOperator(
                            id, Harnesses.MAX_PARALLELISM, parallelism)
                    == subtask) {
                ids.add(id);
            }
        }
        return ids;
    }

    static <T> T single(List<T> values) {
        assertThat(values).hasSize(1);
        return values.get(0);
    }
}
