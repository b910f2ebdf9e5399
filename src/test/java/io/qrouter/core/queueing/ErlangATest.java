package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import org.junit.jupiter.api.Test;

/** The stationary metrics of M/M/c+M. */
class ErlangATest {
    private static final int[] SLOTS = {1, 2, 4, 8, 16};

    /**
     * Against the truncated chain solved by Gaussian elimination, whose error is ~1e-16 of the
     * largest probability: relative 1e-9, or 1e-13 absolute for the rare waiting of light load on
     * many slots.
     */
    private static void assertMatches(ErlangA q, ErlangAReference.Metrics ref, String at) {
        assertClose(q.p0(), ref.p0(), at + " p0");
        assertClose(q.waitProbability(), ref.waitProbability(), at + " pWait");
        assertClose(q.meanInSystem(), ref.meanInSystem(), at + " L");
        assertClose(q.meanWaiting(), ref.meanWaiting(), at + " Lq");
        assertClose(q.throughput(), ref.throughput(), at + " throughput");
        assertClose(q.abandonProbability(), ref.abandonProbability(), at + " P(abandon)");
        assertClose(q.meanWait(), ref.meanWait(), at + " Wq");
        assertClose(q.meanSojourn(), ref.meanSojourn(), at + " W");
        assertClose(q.virtualWait(), ref.virtualWait(), at + " Wv");
    }

    private static void assertClose(double actual, double expected, String what) {
        assertThat(actual).as(what).isCloseTo(expected, within(1e-9 * expected + 1e-13));
    }

    /**
     * c in {1, 2, 4, 8, 16}, loads lambda/(c·mu) from light to four times overloaded, mu per slot
     * 0.5 and 2, alphaC from 0 (M/M/c, stable loads only) to twice mu.
     */
    @Test
    void matchesTheTruncatedChainOnAGrid() {
        int cases = 0;
        for (int c : SLOTS) {
            for (double mu : new double[] {0.5, 2}) {
                for (double load : new double[] {0.3, 0.8, 0.95, 1.5, 4}) {
                    for (double alphaOverMu : new double[] {0, 0.05, 0.5, 2}) {
                        if (alphaOverMu == 0 && load >= 1) {
                            continue;
                        }
                        double lambda = load * c * mu;
                        double alphaC = alphaOverMu * mu;
                        String at =
                                "c=" + c + " mu=" + mu + " lambda=" + lambda + " alphaC=" + alphaC;
                        ErlangA q = ErlangA.solve(lambda, mu, c, alphaC).orElseThrow();
                        assertThat(q.c()).isEqualTo(c);
                        assertMatches(q, ErlangAReference.of(lambda, mu, c, alphaC), at);
                        cases++;
                    }
                }
            }
        }
        assertThat(cases).isEqualTo(5 * 2 * (5 * 4 - 2));
    }

    @Test
    void withoutAbandonmentItIsErlangC() {
        // M/M/2 at rho = lambda/(2 mu) = 0.75: p0 = (1-rho)/(1+rho), P(wait) = 2rho²/(1+rho),
        // L_q = 2rho³/(1-rho²), L = 2rho/(1-rho²)
        double rho = 0.75;
        ErlangA q = ErlangA.solve(3, 2, 2, 0).orElseThrow();
        assertThat(q.p0()).isCloseTo((1 - rho) / (1 + rho), within(1e-15));
        assertThat(q.waitProbability()).isCloseTo(2 * rho * rho / (1 + rho), within(1e-15));
        assertThat(q.meanWaiting()).isCloseTo(2 * rho * rho * rho / (1 - rho * rho), within(1e-14));
        assertThat(q.meanInSystem()).isCloseTo(2 * rho / (1 - rho * rho), within(1e-14));
        assertThat(q.throughput()).isCloseTo(3, within(1e-15));
        assertThat(q.abandonProbability()).isZero();
        assertThat(q.virtualWait()).isZero();
        assertThat(q.meanWaitOfAbandoned()).isEmpty();
    }

    /**
     * Light load on many slots: waiting is rare, and its metrics keep their relative digits
     * (against Erlang C from the Erlang B recursion, and against the product form summed directly).
     */
    @Test
    void rareWaitingKeepsItsDigits() {
        int c = 16;
        double lambda = 1;
        double mu = 1;
        double erlangB = 1;
        for (int k = 1; k <= c; k++) {
            erlangB = lambda / mu * erlangB / (k + lambda / mu * erlangB);
        }
        double rho = lambda / (c * mu);
        double erlangC = erlangB / (1 - rho * (1 - erlangB));
        ErlangA noAbandonment = ErlangA.solve(lambda, mu, c, 0).orElseThrow();
        assertThat(noAbandonment.waitProbability()).isCloseTo(erlangC, withinPercentage(1e-10));
        assertThat(noAbandonment.meanWaiting())
                .isCloseTo(erlangC * rho / (1 - rho), withinPercentage(1e-10));

        double alphaC = 0.5;
        double[] p = ErlangAReference.productForm(lambda, mu, c, alphaC, 200);
        double waiting = 0;
        double lq = 0;
        for (int n = c; n < p.length; n++) {
            waiting += p[n];
            lq += (n - c) * p[n];
        }
        ErlangA q = ErlangA.solve(lambda, mu, c, alphaC).orElseThrow();
        assertThat(q.waitProbability()).isCloseTo(waiting, withinPercentage(1e-10));
        assertThat(q.meanWaiting()).isCloseTo(lq, withinPercentage(1e-10));
        assertThat(q.waitProbability()).isLessThan(1e-13);
    }

    /**
     * lambda/(c·mu + alphaC) = 5e-18: the tail bounds pass at n = c already, but E[L_q] needs
     * p_{c+1}. An arrival that finds c present waits 1/(c·mu + alphaC) on average and abandons with
     * probability alphaC/(c·mu + alphaC); nearly every other arrival finds a slot free.
     */
    @Test
    void theLightestLoadStillCountsItsWaiting() {
        double lambda = 1e-13;
        double mu = 0.01;
        double alphaC = 20_000;
        for (int c : new int[] {1, 4}) {
            ErlangA q = ErlangA.solve(lambda, mu, c, alphaC).orElseThrow();
            double leave = c * mu + alphaC;
            double pc = q.waitProbability();
            assertThat(pc)
                    .isCloseTo(
                            q.p0() * Math.pow(lambda / mu, c) / factorial(c),
                            withinPercentage(1e-8));
            assertThat(q.meanWait()).isCloseTo(pc / leave, withinPercentage(1e-8));
            assertThat(q.abandonProbability())
                    .isCloseTo(pc * alphaC / leave, withinPercentage(1e-8));
            assertThat(q.virtualWait()).isLessThanOrEqualTo(q.meanWait());
        }
    }

    private static double factorial(int k) {
        return k <= 1 ? 1 : k * factorial(k - 1);
    }

    @Test
    void atOneSlotTheWaitProbabilityIsTheBusyProbability() {
        ErlangA q = ErlangA.solve(1.7, 1.2, 1, 0.4).orElseThrow();
        assertThat(q.waitProbability()).isCloseTo(1 - q.p0(), within(1e-15));
        assertThat(q.waitProbability()).isCloseTo(q.throughput() / q.mu(), within(1e-15));
    }

    @Test
    void noAbandonmentAndLoadAtCapacityIsUnstable() {
        SteadyState<ErlangA> state = ErlangA.solve(4, 1, 4, 0);
        assertThat(state).isInstanceOf(SteadyState.Unstable.class);
        assertThat(state.whyNoMetrics())
                .hasValue(
                        "unstable: no abandonment (alphaC = 0) and lambda/(c·mu) = 1.0 >= 1 (c = 4"
                                + " slots)");
        assertThat(ErlangA.solve(6, 1, 4, 0).isStable()).isFalse();
        assertThat(ErlangA.solve(3.99, 1, 4, 0).isStable()).isTrue();
        assertThat(ErlangA.solve(6, 1, 4, 1e-3).isStable()).isTrue();
        assertThat(ErlangA.solve(2, 1, 1, 0).whyNoMetrics())
                .hasValue("unstable: no abandonment (alphaC = 0) and lambda/mu = 2.0 >= 1");
    }

    @Test
    void aSeriesWhoseModeIsOutOfReachIsAnAnswerNotAnError() {
        // mode near c + (lambda - c·mu)/alphaC ≈ 10^9 tasks, beyond the 2·10^8 terms of the sum
        SteadyState<ErlangA> state = ErlangA.solve(1000, 1, 4, 1e-6);
        assertThat(state).isInstanceOf(SteadyState.OutOfReach.class);
        assertThat(state.whyNoMetrics())
                .hasValueSatisfying(
                        w -> assertThat(w).contains("M/M/4+M series does not converge"));
    }

    @Test
    void abandonmentKeepsEvenHeavyOverloadStable() {
        // lambda/alphaC = 1e5: the mode is near c + (lambda - c·mu)/alphaC, far beyond double range
        // without rescaling; the slots then serve at full speed
        ErlangA q = ErlangA.solve(1000, 1, 8, 0.01).orElseThrow();
        assertThat(q.meanInSystem()).isCloseTo(8 + (1000 - 8) / 0.01, withinPercentage(0.5));
        assertThat(q.throughput()).isCloseTo(8, within(1e-9));
        assertThat(q.abandonProbability()).isCloseTo(0.992, within(1e-6));
        assertThat(q.waitProbability()).isCloseTo(1, within(1e-12));
    }

    @Test
    void withoutArrivalsNothingWaits() {
        for (double alphaC : new double[] {0, 0.5}) {
            ErlangA q = ErlangA.solve(0, 2, 4, alphaC).orElseThrow();
            assertThat(q.p0()).isEqualTo(1);
            assertThat(q.waitProbability()).isZero();
            assertThat(q.meanInSystem()).isZero();
            assertThat(q.meanWait()).isZero();
            assertThat(q.meanSojourn()).isEqualTo(0.5);
            assertThat(q.abandonProbability()).isZero();
        }
    }

    @Test
    void rejectsInvalidArgumentsNamingThem() {
        assertThatThrownBy(() -> ErlangA.solve(1, 1, 0, 0.5))
                .hasMessage("c (slots) must be >= 1 (got 0)");
        assertThatThrownBy(() -> ErlangA.solve(-1, 1, 2, 0)).hasMessageContaining("lambda must be");
        assertThatThrownBy(() -> ErlangA.solve(1, 0, 2, 0)).hasMessageContaining("mu must be");
        assertThatThrownBy(() -> ErlangA.solve(1, 1, 2, Double.NaN))
                .hasMessageContaining("alphaC must be");
    }
}
