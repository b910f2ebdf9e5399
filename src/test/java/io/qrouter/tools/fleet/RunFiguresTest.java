package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A run's wait summary carries the 95 % interval of its mean, batched by creation time. */
class RunFiguresTest {
    /** t quantile 0.975 with 9 degrees of freedom, from a printed table. */
    private static final double T_975_9 = 2.262157;

    @Test
    void theWaitIntervalBatchesTasksInTheOrderTheyWereCreatedNotTheOrderListed() {
        // 100 measured tasks, one a second after a 10 s warm-up: by creation, ten batches of ten
        // whose waits average 1, 3, 1, 3, …; listed shuffled, as a replay may list them
        List<TaskTimeline> tasks = new ArrayList<>();
        for (int i = 0; i < 110; i++) {
            int measured = i - 10;
            double wait = measured < 0 ? 50 : (measured / 10 % 2 == 0 ? 1 : 3);
            tasks.add(task(i, wait + (i % 2 == 0 ? 0.25 : -0.25)));
        }
        Collections.shuffle(tasks, new Random(5));

        Map<String, Object> waits = RunFigures.of(tasks, 10).waitSeconds();

        double half = T_975_9 * Math.sqrt(10.0 / 9 / 10);
        assertThat((Double) waits.get("mean")).isCloseTo(2, within(1e-9));
        assertThat((Integer) waits.get("mean_ci95_batches")).isEqualTo(10);
        assertThat((Double) waits.get("mean_ci95_low")).isCloseTo(2 - half, within(1e-6));
        assertThat((Double) waits.get("mean_ci95_high")).isCloseTo(2 + half, within(1e-6));
        assertThat(FleetReport.meanWithInterval(waits)).isEqualTo("mean 2.00 (95 % CI 1.25–2.75)");
    }

    @Test
    void aWaitIntervalNeverReachesBelowZeroAndAShortRunHasNone() {
        // 60 tasks: one waited 30 s, the rest not at all; the interval's low end would be negative
        List<TaskTimeline> tasks = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            tasks.add(task(i, i == 30 ? 30 : 0));
        }
        Map<String, Object> waits = RunFigures.of(tasks, 0).waitSeconds();
        assertThat((Double) waits.get("mean_ci95_low")).isZero();
        assertThat((Double) waits.get("mean_ci95_high")).isGreaterThan(0.5);

        Map<String, Object> short_ = RunFigures.of(tasks.subList(0, 30), 0).waitSeconds();
        assertThat(short_).doesNotContainKey("mean_ci95_low");
        assertThat(FleetReport.meanWithInterval(short_)).isEqualTo("mean 0.00");
    }

    /** Created at {@code i} s, received 0.1 s later, waiting {@code wait} s, then served 1 s. */
    private static TaskTimeline task(int i, double wait) {
        double received = i + 0.1;
        return new TaskTimeline(
                "t" + i,
                i,
                i + 0.01,
                i + 0.02,
                i + 0.05,
                i + 0.06,
                received,
                received + wait,
                received + wait + 1,
                "COMPLETED",
                "a",
                "MIN_K",
                1,
                100,
                0.04,
                0.04);
    }
}
