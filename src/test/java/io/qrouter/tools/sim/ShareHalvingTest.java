package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Hand-made decisions: two servers share the decisions, one every 0.01 time units at 0.005 + 0.01k,
 * alternately (even k to server 0). Server 0 slows down at 10 for 4 units (then 20 normal). The
 * window is 1, so the baseline window is min(20 / 2, 10 · 1) = 10, the share before is 1/2, and
 * server 0 gets 50 decisions a window: enough to tell a halving from chance.
 */
class ShareHalvingTest {
    private static final Slowdowns SERVER_0_AT_10 =
            new Slowdowns(3, 4, 20, new double[] {10, Double.NaN});

    /**
     * Decisions every {@code spacing} up to time 20; server 0 gets its turns up to {@code
     * lastForServer0}.
     */
    private static ShareHalving.Result run(double spacing, double lastForServer0) {
        int n = (int) Math.round(20 / spacing);
        double[] times = new double[n];
        int[] servers = new int[n];
        for (int k = 0; k < n; k++) {
            times[k] = spacing / 2 + spacing * k;
            servers[k] = k % 2 == 0 && times[k] <= lastForServer0 ? 0 : 1;
        }
        return ShareHalving.of(times, servers, SERVER_0_AT_10, 1, 0, times[n - 1]);
    }

    private static ShareHalving.Result run(double lastForServer0) {
        return run(0.01, lastForServer0);
    }

    /**
     * Server 0's last decisions are the 25 at 10.005, 10.025, …, 10.485, and the one before them at
     * 9.985: half its 50 a window once 9.985 has left the window, at 9.985 + 1: 0.985 after the
     * start.
     */
    @Test
    void theShareHalvesOnceTheWindowHoldsHalfTheSlowedServersUsualDecisions() {
        ShareHalving.Result r = run(10.5);
        assertThat(r.time()).isCloseTo(0.985, within(1e-9));
        assertThat(r.reason()).isNull();
        assertThat(r.episodes()).isEqualTo(1);
        assertThat(r.baselineShare()).isEqualTo(0.5);
        assertThat(r.baselineWindow()).isEqualTo(10);
    }

    @Test
    void aRouterThatNeverTurnsAwayNeverHalvesTheShare() {
        ShareHalving.Result r = run(Double.POSITIVE_INFINITY);
        assertThat(r.time()).isNull();
        assertThat(r.reason()).contains("never fell to half");
    }

    @Test
    void aServerThatGotNothingBeforeOrASlowdownOutsideTheDecisionsHasNoFigure() {
        ShareHalving.Result nothingBefore = run(-1);
        assertThat(nothingBefore.time()).isNull();
        assertThat(nothingBefore.reason()).contains("no decisions before");
        double[] early = {0.5, 1.5, 2.5};
        ShareHalving.Result outside =
                ShareHalving.over(early, new int[] {0, 1, 0}, SERVER_0_AT_10, 1);
        assertThat(outside.episodes()).isZero();
        assertThat(outside.reason()).contains("no slowdown lies within the measured decisions");
        assertThat(ShareHalving.over(early, new int[3], Slowdowns.NONE, 1).reason())
                .isEqualTo("no antagonists");
    }

    /**
     * Five decisions a window, as a short demo gives: a router that stops sending at once would
     * halve the share, but so would chance. P(Poisson(5) ≤ 2) = e^-5 (1 + 5 + 12.5) = 0.1247 a try,
     * 16 tries in 4 windows: 1 − 0.8753^16 = 88 %.
     */
    @Test
    void fiveDecisionsAWindowAreTooFewToTellAHalvingFromChance() {
        ShareHalving.Result r = run(0.1, 10.5);
        assertThat(r.time()).isNull();
        assertThat(r.reason())
                .contains("too few decisions", "5.0 a window", "pooled over 1 slowdown,", "88%");
        assertThat(r.episodes()).isEqualTo(1);
        assertThat(r.baselineShare()).isEqualTo(0.5);
    }

    /**
     * The chance estimate against the sweep itself: a router that never reacts, with Poisson
     * decisions, "halves" the share by chance about as often as {@link ShareHalving#chanceHalving}
     * says, with the guard off; and at the count the guard asks for, almost never.
     */
    @Test
    void aRouterThatNeverReactsHalvesByChanceAsOftenAsEstimated() {
        for (double perWindow : new double[] {10, 20, 40}) {
            SplittableRandom random = new SplittableRandom((long) perWindow);
            int trials = 600;
            int halved = 0;
            for (int t = 0; t < trials; t++) {
                halved += neverReacting(random, perWindow).time() != null ? 1 : 0;
            }
            double seen = (double) halved / trials;
            double estimate = ShareHalving.chanceHalving(perWindow, 4);
            assertThat(seen)
                    .as("m = %s: estimate %s", perWindow, estimate)
                    .isBetween(0.5 * estimate - 0.01, 1.5 * estimate + 0.01);
        }
        assertThat(ShareHalving.chanceHalving(40, 4)).isLessThan(ShareHalving.MAX_CHANCE);
        assertThat(ShareHalving.chanceHalving(20, 4)).isGreaterThan(ShareHalving.MAX_CHANCE);
    }

    /** 200 decisions a unit from 0 to 20, server 0 chosen with a fixed chance, guard off. */
    private static ShareHalving.Result neverReacting(SplittableRandom random, double perWindow) {
        double[] times = new double[8000];
        int[] servers = new int[times.length];
        int n = 0;
        for (double t = random.nextExponential() / 200; t < 20 && n < times.length; n++) {
            times[n] = t;
            servers[n] = random.nextDouble() < perWindow / 200 ? 0 : 1;
            t += random.nextExponential() / 200;
        }
        return ShareHalving.of(
                Arrays.copyOf(times, n),
                Arrays.copyOf(servers, n),
                SERVER_0_AT_10,
                1,
                0,
                times[n - 1],
                1.0);
    }
}
