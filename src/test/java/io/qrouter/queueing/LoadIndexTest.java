package io.qrouter.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LoadIndexTest {
    private static final LoadIndexWeights W = new LoadIndexWeights(0.5, 0.3, 0.2);

    @Test
    void liveIndexIsNonDecreasingInTasksPresent() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 50; trial++) {
            double mu = 0.01 + 10 * random.nextDouble();
            double alphaC = random.nextBoolean() ? 0 : mu * 5 * random.nextDouble();
            for (LoadIndexWeights w : new LoadIndexWeights[] {
                    W, LoadIndexWeights.EQUAL, new LoadIndexWeights(0, 0, 1), new LoadIndexWeights(0, 1, 0)}) {
                double previous = LoadIndex.live(0, mu, alphaC, w);
                assertThat(previous).isZero();
                for (int n = 1; n <= 1200; n++) { // crosses the switch to the digamma form at 32
                    double k = LoadIndex.live(n, mu, alphaC, w);
                    assertThat(k).as("n=%d mu=%s alphaC=%s w=%s", n, mu, alphaC, w)
                            .isGreaterThanOrEqualTo(previous).isFinite();
                    previous = k;
                }
            }
        }
    }

    @Test
    void liveIndexStaysMonotoneForHugeQueues() {
        LoadIndexWeights virtualOnly = new LoadIndexWeights(0, 0, 1);
        double previous = 0;
        for (int n = 1000; n <= 10_000_000; n = n * 3 / 2) {
            double k = LoadIndex.live(n, 1, 0.001, virtualOnly);
            assertThat(k).as("n=%d", n).isGreaterThanOrEqualTo(previous).isLessThan(1000); // W_v < 1/alphaC
            previous = k;
        }
    }

    @Test
    void liveIndexAtAKnownPoint() {
        // n = 3, mu = 2, alphaC = 1: waiting 2, E[W_q|3] = 3/5 -> 1.2 service times,
        // E[W_q 1{abandon}|3] = (1/5)(1/3 + 2/4 + 3/5) = 43/150 -> 43/75 service times
        double expected = 0.5 * 2 + 0.3 * 1.2 + 0.2 * 43 / 75.0;
        assertThat(LoadIndex.live(3, 2, 1, W)).isCloseTo(expected, within(1e-14));
    }

    @Test
    void steadyStateIsTheStationaryMeanOfTheLiveIndex() {
        double lambda = 1.7;
        double mu = 1.2;
        double alphaC = 0.4;
        double normaliser = 0;
        double weighted = 0;
        double term = 1;
        for (int n = 0; n < 400; n++) {
            if (n > 0) {
                term *= lambda / (mu + (n - 1) * alphaC);
            }
            normaliser += term;
            weighted += term * LoadIndex.live(n, mu, alphaC, W);
        }
        assertThat(LoadIndex.steadyState(lambda, mu, alphaC, W).orElseThrow())
                .isCloseTo(weighted / normaliser, within(1e-12));
    }

    @Test
    void steadyStateWithoutAbandonmentIsMm1InServiceTimes() {
        double rho = 0.75;
        // L_q = rho^2/(1-rho); W_q·mu = rho/(1-rho); W_v = 0
        double expected = 0.5 * rho * rho / (1 - rho) + 0.3 * rho / (1 - rho);
        assertThat(LoadIndex.steadyState(3, 4, 0, W).orElseThrow()).isCloseTo(expected, within(1e-12));
    }

    @Test
    void indexDoesNotDependOnTheTimeUnit() {
        double perSecond = LoadIndex.steadyState(1.5, 2, 0.3, W).orElseThrow();
        double perMilli = LoadIndex.steadyState(1.5e-3, 2e-3, 0.3e-3, W).orElseThrow();
        assertThat(perMilli).isCloseTo(perSecond, within(1e-9 * perSecond));
        assertThat(LoadIndex.live(7, 2e-3, 0.3e-3, W)).isCloseTo(LoadIndex.live(7, 2, 0.3, W), within(1e-12));
    }

    @Test
    void overloadedServerWithoutAbandonmentHasNoSteadyStateIndex() {
        assertThat(LoadIndex.steadyState(5, 4, 0, W)).isEmpty();
        assertThat(LoadIndex.steadyState(4, 4, 0, W)).isEmpty();
        assertThat(LoadIndex.steadyState(5, 4, 0.1, W)).isPresent();
    }
}
