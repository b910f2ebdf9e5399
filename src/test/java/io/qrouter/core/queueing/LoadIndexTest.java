package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
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
            for (LoadIndexWeights w :
                    new LoadIndexWeights[] {
                        W,
                        LoadIndexWeights.EQUAL,
                        new LoadIndexWeights(0, 0, 1),
                        new LoadIndexWeights(0, 1, 0)
                    }) {
                double previous = LoadIndex.live(0, mu, alphaC, 1, w);
                assertThat(previous).isZero();
                for (int n = 1; n <= 1200; n++) { // crosses the switch to the digamma form at 32
                    double k = LoadIndex.live(n, mu, alphaC, 1, w);
                    assertThat(k)
                            .as("n=%d mu=%s alphaC=%s w=%s", n, mu, alphaC, w)
                            .isGreaterThanOrEqualTo(previous)
                            .isFinite();
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
            double k = LoadIndex.live(n, 1, 0.001, 1, virtualOnly);
            assertThat(k)
                    .as("n=%d", n)
                    .isGreaterThanOrEqualTo(previous)
                    .isLessThan(1000); // W_v < 1/alphaC
            previous = k;
        }
    }

    @Test
    void liveIndexAtAKnownPoint() {
        // n = 3, mu = 2, alphaC = 1, time unit 0.4: waiting 2, E[W_q|3] = 3/5 -> 1.5 units,
        // E[W_q 1{abandon}|3] = (1/5)(1/3 + 2/4 + 3/5) = 43/150 -> 43/60 units
        double expected = 0.5 * 2 + 0.3 * 1.5 + 0.2 * 43 / 60.0;
        assertThat(LoadIndex.live(3, 2, 1, 0.4, W)).isCloseTo(expected, within(1e-14));
    }

    @Test
    void liveIndexWithSlotsAtAKnownPoint() {
        // n = 5 on c = 2 slots, mu = 2, alphaC = 1, time unit 0.4: 3 waiting; the task joins at
        // position 4, E[W_q|5] = 4/(4 + 4) = 0.5 -> 1.25 units,
        // E[W_q 1{abandon}|5] = (1/8)(1/5 + 2/6 + 3/7 + 4/8) = 307/1680 -> 307/672 units
        double expected = 0.5 * 3 + 0.3 * 1.25 + 0.2 * 307 / 672.0;
        assertThat(LoadIndex.live(5, 2, 2, 1, 0.4, W)).isCloseTo(expected, within(1e-14));
    }

    @Test
    void liveIndexWithSlotsIsZeroWhileASlotIsFreeAndFallsWithMoreSlots() {
        for (double alphaC : new double[] {0, 0.3}) {
            for (int c = 1; c <= 16; c++) {
                for (int n = 0; n <= 300; n++) {
                    String at = "n=" + n + " c=" + c + " alphaC=" + alphaC;
                    double k = LoadIndex.live(n, c, 1.5, alphaC, 0.8, W);
                    if (n < c) {
                        assertThat(k).as(at).isZero();
                    }
                    assertThat(LoadIndex.live(n + 1, c, 1.5, alphaC, 0.8, W))
                            .as(at)
                            .isGreaterThanOrEqualTo(k);
                    assertThat(LoadIndex.live(n, c + 1, 1.5, alphaC, 0.8, W))
                            .as(at)
                            .isLessThanOrEqualTo(k);
                }
            }
        }
    }

    /** PASTA: L_Wq = (n-c)⁺ averages to E[L_q], the conditional waits to theirs. */
    @Test
    void steadyStateIsTheStationaryMeanOfTheLiveIndex() {
        double mu = 1.2;
        double timeUnit = 0.7;
        for (int c : new int[] {1, 2, 4, 8, 16}) {
            for (double[] loadAndAlpha :
                    new double[][] {
                        {0.7, 0}, {0.95, 0}, {0.9, 0.1}, {1.7 / 1.2, 0.4}, {1.8, 0.4}
                    }) {
                double lambda = loadAndAlpha[0] * c * mu;
                double alphaC = loadAndAlpha[1];
                double[] p = ErlangAReference.productForm(lambda, mu, c, alphaC, 3000);
                double expected = 0;
                for (int n = 0; n < p.length; n++) {
                    expected += p[n] * LoadIndex.live(n, c, mu, alphaC, timeUnit, W);
                }
                assertThat(LoadIndex.steadyState(lambda, mu, c, alphaC, timeUnit, W).orElseThrow())
                        .as("c=%d lambda=%s alphaC=%s", c, lambda, alphaC)
                        .isCloseTo(expected, within(1e-12 * expected));
            }
        }
    }

    @Test
    void steadyStateWithoutAbandonmentIsMm1InTheReferenceUnit() {
        double rho = 0.75;
        double mu = 4;
        double timeUnit = 0.5;
        // L_q = rho^2/(1-rho); W_q = rho/(mu(1-rho)), divided by the time unit; W_v = 0
        double expected = 0.5 * rho * rho / (1 - rho) + 0.3 * rho / (mu * (1 - rho)) / timeUnit;
        assertThat(LoadIndex.steadyState(3, mu, 0, timeUnit, W).orElseThrow())
                .isCloseTo(expected, within(1e-12));
    }

    @Test
    void indexDoesNotDependOnTheUnitOfTheRatesWhenTheReferenceIsTheSame() {
        double perSecond = LoadIndex.steadyState(1.5, 2, 0.3, 1.3, W).orElseThrow();
        double perMilli = LoadIndex.steadyState(1.5e-3, 2e-3, 0.3e-3, 1300, W).orElseThrow();
        assertThat(perMilli).isCloseTo(perSecond, within(1e-9 * perSecond));
        assertThat(LoadIndex.live(7, 2e-3, 0.3e-3, 1300, W))
                .isCloseTo(LoadIndex.live(7, 2, 0.3, 1.3, W), within(1e-12));
    }

    @Test
    void withoutAbandonmentAFasterServerHoldingTheSameTasksRanksLower() {
        for (LoadIndexWeights w : new LoadIndexWeights[] {LoadIndexWeights.EQUAL, W}) {
            for (double timeUnit : new double[] {0.01, 1, 100}) {
                assertThat(LoadIndex.live(0, 2, 0, timeUnit, w))
                        .isEqualTo(LoadIndex.live(0, 1, 0, timeUnit, w));
                for (int n = 1; n <= 1000; n++) {
                    assertThat(LoadIndex.live(n, 2, 0, timeUnit, w))
                            .as("n=%d unit=%s w=%s", n, timeUnit, w)
                            .isLessThan(LoadIndex.live(n, 1, 0, timeUnit, w));
                }
            }
        }
    }

    @Test
    void withAbandonmentAFasterServerHoldingTheSameTasksRanksLower() {
        SplittableRandom random = new SplittableRandom(5);
        for (int trial = 0; trial < 200; trial++) {
            double slowMu = 0.1 + 5 * random.nextDouble();
            double fastMu = slowMu * (1.01 + 3 * random.nextDouble());
            double alphaC = 2 * random.nextDouble();
            int n = 1 + random.nextInt(500);
            assertThat(LoadIndex.live(n, fastMu, alphaC, 1, LoadIndexWeights.EQUAL))
                    .as("n=%d slow=%s fast=%s alphaC=%s", n, slowMu, fastMu, alphaC)
                    .isLessThan(LoadIndex.live(n, slowMu, alphaC, 1, LoadIndexWeights.EQUAL));
        }
    }

    @Test
    void steadyStateIndexesOfServersOfDifferentSpeedsShareTheUnit() {
        // Same utilisation 0.5, no abandonment: equal L_q, but the fast server's wait is half as
        // long.
        double slow = LoadIndex.steadyState(0.5, 1, 0, 1, W).orElseThrow();
        double fast = LoadIndex.steadyState(1, 2, 0, 1, W).orElseThrow();
        double lq = 0.5 * 0.5 / 0.5;
        assertThat(slow).isCloseTo(0.5 * lq + 0.3 * lq / 0.5, within(1e-12));
        assertThat(fast).isCloseTo(0.5 * lq + 0.3 * lq / 1, within(1e-12));
    }

    @Test
    void timeUnitMustBePositive() {
        assertThatThrownBy(() -> LoadIndex.live(1, 1, 0, 0, W))
                .hasMessageContaining("timeUnit must be a finite number > 0");
        assertThatThrownBy(() -> LoadIndex.steadyState(1, 2, 0, Double.NaN, W))
                .hasMessageContaining("timeUnit");
    }

    @Test
    void overloadedServerWithoutAbandonmentHasNoSteadyStateIndex() {
        assertThat(LoadIndex.steadyState(5, 4, 0, 1, W)).isEmpty();
        assertThat(LoadIndex.steadyState(4, 4, 0, 1, W)).isEmpty();
        assertThat(LoadIndex.steadyState(5, 4, 0.1, 1, W)).isPresent();
        // c slots keep up below c·mu
        assertThat(LoadIndex.steadyState(8, 2, 4, 0, 1, W)).isEmpty();
        assertThat(LoadIndex.steadyState(7.9, 2, 4, 0, 1, W)).isPresent();
        assertThat(LoadIndex.steadyState(9, 2, 4, 0.1, 1, W)).isPresent();
    }
}
