package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The state-conditional forms of a task that joins n tasks on c slots. */
class ErlangAConditionalTest {
    private static final int[] SLOTS = {1, 2, 4, 8, 16};

    /**
     * The joining task's place in line as a generic absorbing chain: state j = tasks ahead of it in
     * line; the c busy slots finish at c·mu (the first ahead, or at j = 0 the task itself, takes
     * the slot), each task ahead abandons at alphaC, the task itself at alphaC.
     */
    private static AbsorbingChain joining(int n, int c, double mu, double alphaC) {
        AbsorbingChain chain = new AbsorbingChain(n - c + 1);
        for (int j = 0; j <= n - c; j++) {
            if (j == 0) {
                chain.addServed(j, c * mu);
            } else {
                chain.addRate(j, j - 1, c * mu + j * alphaC);
            }
            chain.addAbandoned(j, alphaC);
        }
        return chain;
    }

    @Test
    void matchTheAbsorbingChainOfTheJoiningTask() {
        for (int c : SLOTS) {
            for (double mu : new double[] {0.5, 2}) {
                for (double alphaC : new double[] {0, 0.1, 1, 3}) {
                    for (int n = c; n <= c + 40; n++) {
                        AbsorbingChain chain = joining(n, c, mu, alphaC);
                        int start = n - c;
                        double wait = chain.meanTime()[start];
                        double abandon = chain.abandonProbability()[start];
                        double virtual = chain.meanTimeIfAbandoned()[start];
                        String at = "n=" + n + " c=" + c + " mu=" + mu + " alphaC=" + alphaC;
                        assertThat(ErlangA.conditionalMeanWait(n, c, mu, alphaC))
                                .as(at)
                                .isCloseTo(wait, within(1e-12 * wait));
                        assertThat(ErlangA.conditionalAbandonProbability(n, c, mu, alphaC))
                                .as(at)
                                .isCloseTo(abandon, within(1e-12 * abandon + 1e-300));
                        assertThat(ErlangA.conditionalServedProbability(n, c, mu, alphaC))
                                .as(at)
                                .isCloseTo(1 - abandon, within(1e-12));
                        assertThat(ErlangA.conditionalVirtualWait(n, c, mu, alphaC))
                                .as(at)
                                .isCloseTo(virtual, within(1e-12 * virtual + 1e-300));
                    }
                }
            }
        }
    }

    @Test
    void aFreeSlotMeansNoWait() {
        for (int c : SLOTS) {
            for (int n = 0; n < c; n++) {
                assertThat(ErlangA.conditionalMeanWait(n, c, 1, 0.5)).isZero();
                assertThat(ErlangA.conditionalAbandonProbability(n, c, 1, 0.5)).isZero();
                assertThat(ErlangA.conditionalServedProbability(n, c, 1, 0.5)).isEqualTo(1);
                assertThat(ErlangA.conditionalVirtualWait(n, c, 1, 0.5)).isZero();
            }
        }
    }

    @Test
    void atAKnownPoint() {
        // n = 5 on c = 2 slots, mu = 1, alphaC = 1: position 4, stages at rates 2 + m (m = 4..1)
        // wait 4/6; served 2/6; wasted (1/6)(1/3 + 2/4 + 3/5 + 4/6) = 126/360
        assertThat(ErlangA.conditionalMeanWait(5, 2, 1, 1)).isCloseTo(4 / 6.0, within(1e-15));
        assertThat(ErlangA.conditionalServedProbability(5, 2, 1, 1))
                .isCloseTo(1 / 3.0, within(1e-15));
        assertThat(ErlangA.conditionalAbandonProbability(5, 2, 1, 1))
                .isCloseTo(2 / 3.0, within(1e-15));
        assertThat(ErlangA.conditionalVirtualWait(5, 2, 1, 1)).isCloseTo(0.35, within(1e-15));
    }

    /** Past 32 positions the virtual wait takes its digamma tail; c enters as b = c·mu/alphaC. */
    @Test
    void longLinesMatchFirstStepAnalysis() {
        int longest = 100_000;
        for (int c : new int[] {1, 3, 16}) {
            for (double alphaC : new double[] {1e-4, 0.01, 1, 50}) {
                double mu = 0.7;
                ErlangAReference.PlaceInLine line =
                        ErlangAReference.placeInLine(longest, c, mu, alphaC);
                for (int position : new int[] {1, 32, 33, 34, 500, 20_000, longest}) {
                    int n = c + position - 1;
                    String at = "position=" + position + " c=" + c + " alphaC=" + alphaC;
                    double virtual = line.virtualWait()[position];
                    assertThat(ErlangA.conditionalVirtualWait(n, c, mu, alphaC))
                            .as(at)
                            .isCloseTo(virtual, within(1e-10 * virtual));
                    double wait = line.meanWait()[position];
                    assertThat(ErlangA.conditionalMeanWait(n, c, mu, alphaC))
                            .as(at)
                            .isCloseTo(wait, within(1e-10 * wait));
                }
            }
        }
    }

    @Test
    void moreSlotsNeverMeanALongerOrMoreWastedWait() {
        for (int n = 0; n <= 200; n++) {
            for (int c = 1; c < 20; c++) {
                String at = "n=" + n + " c=" + c;
                assertThat(ErlangA.conditionalMeanWait(n, c + 1, 1.3, 0.4))
                        .as(at)
                        .isLessThanOrEqualTo(ErlangA.conditionalMeanWait(n, c, 1.3, 0.4));
                assertThat(ErlangA.conditionalVirtualWait(n, c + 1, 1.3, 0.4))
                        .as(at)
                        .isLessThanOrEqualTo(ErlangA.conditionalVirtualWait(n, c, 1.3, 0.4));
                assertThat(ErlangA.conditionalAbandonProbability(n, c + 1, 1.3, 0.4))
                        .as(at)
                        .isLessThanOrEqualTo(ErlangA.conditionalAbandonProbability(n, c, 1.3, 0.4));
            }
        }
    }

    @Test
    void largeQueueVirtualWaitMatchesTheDirectSum() {
        for (double b : new double[] {1e-3, 0.5, 7, 1e3, 1e6, 1e10}) {
            double direct = 0;
            int n = 0;
            for (int target : new int[] {32, 33, 40, 256, 300, 1000, 20_000, 100_000}) {
                while (n < target) {
                    n++;
                    direct += n / (b + n);
                }
                // the closed tail subtracts two numbers of size ~n: absolute error ~1e-16·n when b
                // >> n
                assertThat(ErlangA.abandonWaitSum(n, b))
                        .as("b=%s n=%d", b, n)
                        .isCloseTo(direct, within(1e-12 * direct + 1e-15 * n));
            }
        }
    }

    @Test
    void rejectsInvalidArgumentsNamingThem() {
        assertThatThrownBy(() -> ErlangA.conditionalMeanWait(-1, 2, 1, 1))
                .hasMessageContaining("n (tasks present)");
        assertThatThrownBy(() -> ErlangA.conditionalVirtualWait(3, 0, 1, 1))
                .hasMessageContaining("c (slots) must be >= 1 (got 0)");
        assertThatThrownBy(() -> ErlangA.conditionalAbandonProbability(3, 2, 0, 1))
                .hasMessageContaining("mu must be");
        assertThatThrownBy(() -> ErlangA.conditionalServedProbability(3, 2, 1, -1))
                .hasMessageContaining("alphaC must be");
    }
}
