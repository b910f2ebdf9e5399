package io.qrouter.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How many tasks each fleet size's workload holds, and when the floor is drained too. */
class PipelineBenchSettingsTest {

    @Test
    void withoutTasksEachFleetSizeGetsAboutTheRecordBudget() {
        PipelineBenchSettings s = settings(0, 600_000, BenchedJob.QROUTER);
        // a task, ENQUEUED/STARTED/COMPLETED, and N / 2,000 heartbeats
        assertThat(s.tasksAt(20)).isEqualTo(Math.round(600_000 / 4.01));
        assertThat(s.tasksAt(20_000)).isEqualTo(Math.round(600_000 / 14.0));
        // the same budget of records whatever N, within half a task's records
        for (int n : List.of(20, 2_000, 20_000)) {
            double perTask = 4 + n / 2000.0;
            assertThat(s.tasksAt(n) * perTask).isCloseTo(600_000, within(perTask / 2));
        }
    }

    @Test
    void givenTasksHoldForEveryFleetSize() {
        PipelineBenchSettings s = settings(5_000, 600_000, BenchedJob.QROUTER);
        assertThat(s.tasksAt(20)).isEqualTo(5_000);
        assertThat(s.tasksAt(20_000)).isEqualTo(5_000);
    }

    @Test
    void theFloorIsDrainedBesideQroutersJobNotBesideItself() {
        assertThat(settings(0, 1000, BenchedJob.QROUTER).measuresFloor()).isTrue();
        assertThat(settings(0, 1000, BenchedJob.FLINK_FLOOR).measuresFloor()).isFalse();
        PipelineBenchSettings s = settings(0, 1000, BenchedJob.QROUTER);
        assertThat(s.floorJob().kind()).isEqualTo(BenchedJob.FLINK_FLOOR);
        assertThat(s.floorJob().parallelism()).isEqualTo(s.job().parallelism());
    }

    private static org.assertj.core.data.Offset<Double> within(double d) {
        return org.assertj.core.api.Assertions.within(d);
    }

    private static PipelineBenchSettings settings(long tasks, long records, BenchedJob job) {
        return new PipelineBenchSettings(
                tasks,
                records,
                2000,
                List.of(500.0),
                List.of(20),
                new JobSettings(job, 2, "at-least-once", "hashmap", Map.of()),
                BareReads.TASKS,
                true,
                List.of("hashmap"),
                0.8,
                Duration.ZERO,
                Duration.ZERO,
                Duration.ofSeconds(1),
                Duration.ofSeconds(1),
                1);
    }
}
