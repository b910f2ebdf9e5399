package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Hand-made decisions: two servers share the decisions, one every 0.1 time units at 0.05 + 0.1k,
 * alternately (even k to server 0). Server 0 slows down at 10 for 4 units (then 20 normal). The
 * window is 1, so the baseline window is min(20 / 2, 10 · 1) = 10 and the share before is 1/2.
 */
class ShareHalvingTest {
    private static final Slowdowns SERVER_0_AT_10 =
            new Slowdowns(3, 4, 20, new double[] {10, Double.NaN});

    /** Decisions up to time 20; server 0 gets its turns up to {@code lastForServer0}. */
    private static ShareHalving.Result run(double lastForServer0) {
        int n = 200;
        double[] times = new double[n];
        int[] servers = new int[n];
        for (int k = 0; k < n; k++) {
            times[k] = 0.05 + 0.1 * k;
            servers[k] = k % 2 == 0 && times[k] <= lastForServer0 ? 0 : 1;
        }
        return ShareHalving.of(times, servers, SERVER_0_AT_10, 1, 0, times[n - 1]);
    }

    /**
     * Server 0's last decisions are at 9.65, 9.85, 10.05, 10.25, 10.45: five in a window of ten
     * decisions, its share before. It is half (at most 2.5 of 10) once 10.05 has left the window,
     * at 10.05 + 1: 1.05 after the start.
     */
    @Test
    void theShareHalvesOnceTheWindowHoldsHalfTheSlowedServersUsualDecisions() {
        ShareHalving.Result r = run(10.5);
        assertThat(r.time()).isCloseTo(1.05, within(1e-9));
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
}
