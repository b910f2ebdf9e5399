package io.qrouter.job.operators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.junit.jupiter.api.Test;

class SubtaskKeysTest {

    @Test
    void everyKeyReachesTheChosenSubtaskAsFlinkAssignsIt() {
        SplittableRandom random = new SplittableRandom(5);
        int[][] shapes = {{2, 128}, {3, 128}, {32, 128}, {64, 4096}, {7, 10}};
        Set<String> keys = new HashSet<>();
        for (int[] shape : shapes) {
            int parallelism = shape[0];
            int maxParallelism = shape[1];
            for (int i = 0; i < 2_000; i++) {
                String taskId = "task-" + random.nextLong();
                int subtask = random.nextInt(parallelism);
                String key = SubtaskKeys.forSubtask(taskId, subtask, parallelism, maxParallelism);
                assertThat(key).startsWith(taskId).hasSize(taskId.length() + 2);
                assertThat(
                                KeyGroupRangeAssignment.assignKeyToParallelOperator(
                                        key, maxParallelism, parallelism))
                        .as("%s for subtask %d of %d", key, subtask, parallelism)
                        .isEqualTo(subtask);
                keys.add(key);
            }
        }
        // one key per task: the router keeps a buffered task per key
        assertThat(keys).hasSize(shapes.length * 2_000);
    }

    @Test
    void aSubtaskOutsideTheOperatorIsRefused() {
        assertThatThrownBy(() -> SubtaskKeys.forSubtask("t", 2, 2, 128))
                .hasMessageContaining("subtask must be in [0, 1]");
    }
}
