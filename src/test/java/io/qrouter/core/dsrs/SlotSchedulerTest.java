package io.qrouter.core.dsrs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlotSchedulerTest {
    private static final int SLOTS = 40_000;
    private static final int WARMUP = 5_000;

    /**
     * Two services over four systems; cheap systems are small, so the optimum saturates three of
     * them.
     */
    private static final MecScenario SCENARIO =
            MecScenario.heterogeneous(
                    new double[] {20, 30},
                    new double[] {1.6, 2.0},
                    new double[] {0.1, 0.2, 0.3, 0.4},
                    new double[] {1.0, 1.5},
                    5.0);

    private static SlotScheduler steadyState(MecScenario scenario, RowRule rule) {
        return scenario.run(
                rule,
                SLOTS,
                7,
                (s, t) -> {
                    if (t + 1 == WARMUP) {
                        s.resetAverages();
                    }
                });
    }

    @Test
    void costFallsAndBacklogGrowsWithV() {
        List<SlotScheduler> runs = new ArrayList<>();
        for (double v : new double[] {1, 5, 20, 100, 400}) {
            runs.add(steadyState(SCENARIO, RowRule.driftPlusPenalty(v)));
        }
        for (int k = 1; k < runs.size(); k++) {
            // same seed, same arrivals: the noise between neighbours is only in the queue
            // fluctuations
            assertThat(runs.get(k).averageCost())
                    .isLessThanOrEqualTo(runs.get(k - 1).averageCost() + 1e-3);
            assertThat(runs.get(k).averageBacklog())
                    .isGreaterThan(runs.get(k - 1).averageBacklog());
        }
        // backlog grows like V: from V = 100 to 400 it roughly quadruples (the O(V) term dominates
        // B)
        double ratio = runs.get(4).averageBacklog() / runs.get(3).averageBacklog();
        assertThat(ratio).isBetween(3.0, 4.5);
    }

    @Test
    void costApproachesTheLpOptimumWithinTheorem3Bound() {
        for (double v : new double[] {5, 50, 500}) {
            SlotScheduler s = steadyState(SCENARIO, RowRule.driftPlusPenalty(v));
            double gStar = SCENARIO.optimum(s.averageArrivals()).cost();
            double b = SCENARIO.driftBoundB(SCENARIO.peakArrivals(SLOTS, 7));
            // Eq. (27): g ≤ g* + B/V; and no policy beats the optimum by more than the run's
            // finite-time noise
            assertThat(s.averageCost()).isLessThanOrEqualTo(gStar + b / v);
            assertThat(s.averageCost()).isGreaterThan(gStar * (1 - 1e-3));
        }
        SlotScheduler large = steadyState(SCENARIO, RowRule.driftPlusPenalty(500));
        assertThat(large.averageCost() / SCENARIO.optimum(large.averageArrivals()).cost() - 1)
                .isLessThan(1e-3);
    }

    @Test
    void backlogStaysBoundedInsideTheCapacityRegionAndGrowsOutsideIt() {
        MecScenario inside = SCENARIO.scaleArrivals(1.4); // λ₁ = 28 < 32, λ₂ = 42 < 60
        double[] trace = new double[SLOTS];
        inside.run(RowRule.driftPlusPenalty(50), SLOTS, 11, (s, t) -> trace[(int) t] = s.backlog());
        double firstHalf = max(trace, SLOTS / 4, SLOTS / 2);
        double secondHalf = max(trace, SLOTS / 2, SLOTS);
        assertThat(secondHalf).isLessThan(1.5 * firstHalf);

        MecScenario outside = SCENARIO.scaleArrivals(1.8); // λ₁ = 36 > 32: excess 4 per slot
        SlotScheduler s = outside.run(RowRule.driftPlusPenalty(50), SLOTS, 11, (x, t) -> {});
        assertThat(s.backlog()).isGreaterThan(0.9 * 4 * SLOTS);
    }

    @Test
    void theRandomBaselineCostsMoreAndItsBacklogDiverges() {
        SlotScheduler dsrs = steadyState(SCENARIO, RowRule.driftPlusPenalty(50));
        SlotScheduler random = steadyState(SCENARIO, RowRule.random(3));
        assertThat(random.averageCost()).isGreaterThan(dsrs.averageCost());
        // system 0 of service 0 receives λ/4 = 5 per slot on average but serves 3.2: the backlog
        // grows ~1.8 per slot
        assertThat(random.backlog()).isGreaterThan(1.8 * SLOTS * 0.8);
        assertThat(dsrs.backlog()).isLessThan(2_000);
    }

    @Test
    void aVeryLargeVSendsEverythingToTheCheapestSystemWhileItsQueueIsShort() {
        MecScenario scenario =
                new MecScenario(
                        new double[] {5},
                        new double[][] {{100, 100, 100}},
                        new double[][] {{2.0, 1.0, 3.0}});
        SlotScheduler s = scenario.run(RowRule.driftPlusPenalty(1e6), 1_000, 5, (x, t) -> {});
        assertThat(s.averageCost())
                .isCloseTo(
                        1.0 * s.averageArrivals()[0], org.assertj.core.api.Assertions.within(1e-9));
    }

    private static double max(double[] xs, int from, int to) {
        double m = 0;
        for (int k = from; k < to; k++) {
            m = Math.max(m, xs[k]);
        }
        return m;
    }
}
