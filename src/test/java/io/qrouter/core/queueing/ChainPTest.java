package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ChainPTest {

    /** Every quantity of the table in queueing-model.md, however it was obtained. */
    record Metrics(
            double pIdle,
            double pCancelState,
            double meanInSystem,
            double meanWaiting,
            double served,
            double cancelled,
            double blocked,
            double loss,
            double accepted,
            double meanWait,
            double meanSojourn) {

        static Metrics closedForm(ChainP c) {
            return new Metrics(
                    c.pIdle(),
                    c.pCancelState(),
                    c.meanInSystem(),
                    c.meanWaiting(),
                    c.servedThroughput(),
                    c.cancellationRate(),
                    c.blockedRate(),
                    c.lossProbability(),
                    c.acceptedRate(),
                    c.meanWait(),
                    c.meanSojourn());
        }

        /**
         * From state probabilities by the definitions: rates are flows out of the states where they
         * happen.
         */
        static Metrics fromDistribution(
                double lambda,
                double mu,
                double alphaC,
                double pIdle,
                double pCancel,
                double meanL,
                double meanWaiting,
                double pBusyNormal,
                double pNormalAtLeastTwo) {
            double served = mu * pBusyNormal;
            double cancelled = alphaC * pNormalAtLeastTwo;
            double blocked = lambda * pCancel;
            double accepted = lambda * (1 - pCancel);
            return new Metrics(
                    pIdle,
                    pCancel,
                    meanL,
                    meanWaiting,
                    served,
                    cancelled,
                    blocked,
                    (cancelled + blocked) / lambda,
                    accepted,
                    meanWaiting / accepted,
                    meanL / accepted);
        }

        static Metrics qbd(double lambda, double mu, double alphaC, double eta) {
            QbdSolution s =
                    QbdSolver.solve(ChainP.qbdBlocks(lambda, mu, alphaC, eta)).orElseThrow();
            double[] fromOne = s.phaseMassFromLevel(1);
            return fromDistribution(
                    lambda,
                    mu,
                    alphaC,
                    s.level(0)[0],
                    fromOne[1],
                    s.meanLevel(),
                    s.meanExcessOver(1),
                    fromOne[0],
                    s.phaseMassFromLevel(2)[0]);
        }

        static Metrics truncatedCtmc(
                double lambda, double mu, double alphaC, double eta, int levels) {
            // index: (0,0) -> 0, (i,j) -> 2i - 1 + j
            TruncatedCtmc ctmc = new TruncatedCtmc(2 * levels + 1, 3);
            ctmc.addRate(0, 1, lambda);
            for (int i = 1; i <= levels; i++) {
                int normal = 2 * i - 1;
                int down = i == 1 ? 0 : normal - 2;
                ctmc.addRate(normal, normal + 2, lambda);
                ctmc.addRate(normal, down, mu);
                if (i >= 2) {
                    ctmc.addRate(normal, normal + 1, alphaC);
                }
                ctmc.addRate(
                        normal + 1,
                        down,
                        eta); // (1,1) is never entered, but it must leave like the others
            }
            double[] pi = ctmc.stationary();
            double pCancel = 0;
            double meanL = 0;
            double meanWaiting = 0;
            double busyNormal = 0;
            double normalAtLeastTwo = 0;
            for (int i = 1; i <= levels; i++) {
                double p = pi[2 * i - 1] + pi[2 * i];
                pCancel += pi[2 * i];
                meanL += i * p;
                meanWaiting += (i - 1) * p;
                busyNormal += pi[2 * i - 1];
                if (i >= 2) {
                    normalAtLeastTwo += pi[2 * i - 1];
                }
            }
            return fromDistribution(
                    lambda,
                    mu,
                    alphaC,
                    pi[0],
                    pCancel,
                    meanL,
                    meanWaiting,
                    busyNormal,
                    normalAtLeastTwo);
        }

        void assertCloseTo(Metrics other, double relative, String at) {
            double[] mine = values();
            double[] theirs = other.values();
            String[] names = {
                "pIdle",
                "pCancelState",
                "meanInSystem",
                "meanWaiting",
                "served",
                "cancelled",
                "blocked",
                "loss",
                "accepted",
                "meanWait",
                "meanSojourn"
            };
            for (int i = 0; i < mine.length; i++) {
                assertThat(mine[i])
                        .as(names[i] + " at " + at)
                        .isCloseTo(theirs[i], within(relative * Math.abs(theirs[i]) + 1e-300));
            }
        }

        double[] values() {
            return new double[] {
                pIdle,
                pCancelState,
                meanInSystem,
                meanWaiting,
                served,
                cancelled,
                blocked,
                loss,
                accepted,
                meanWait,
                meanSojourn
            };
        }
    }

    private static int levelsFor(double rho) {
        return (int) Math.ceil(Math.log(1e-20) / Math.log(rho)) + 50;
    }

    @Test
    void closedFormsAgreeWithQbdAndTruncatedCtmcOnSeededRandomParameters() {
        SplittableRandom random = new SplittableRandom(42);
        for (int trial = 0; trial < 150; trial++) {
            double mu = Math.exp(-2 + 4 * random.nextDouble());
            double alphaC = mu * Math.exp(-4 + 5 * random.nextDouble());
            double eta = mu * Math.exp(-3 + 6 * random.nextDouble());
            double rho = 0.01 + 0.94 * random.nextDouble();
            double lambda = rho * (mu + alphaC);
            String at = String.format("lambda=%s mu=%s alphaC=%s eta=%s", lambda, mu, alphaC, eta);
            Metrics closed =
                    Metrics.closedForm(ChainP.solve(lambda, mu, alphaC, eta).orElseThrow());
            closed.assertCloseTo(Metrics.qbd(lambda, mu, alphaC, eta), 1e-9, at + " (QBD)");
            closed.assertCloseTo(
                    Metrics.truncatedCtmc(lambda, mu, alphaC, eta, levelsFor(rho)),
                    1e-9,
                    at + " (CTMC)");
            assertThat(closed.served() + closed.cancelled() + closed.blocked())
                    .as("flow balance at " + at)
                    .isCloseTo(lambda, within(1e-12 * lambda));
        }
    }

    @Test
    void theWorkedPoint() {
        ChainP c = ChainP.solve(2, 2.5, 0.5, 1).orElseThrow();
        assertThat(c.rho()).isCloseTo(2 / 3.0, within(1e-15));
        assertThat(c.pIdle()).isCloseTo(0.238095238, within(1e-9));
        assertThat(c.meanInSystem()).isCloseTo(2.476190476, within(1e-9));
        assertThat(c.meanWaiting()).isCloseTo(1.714285714, within(1e-9));
        assertThat(c.pCancelState()).isCloseTo(0.190476190, within(1e-9));
        assertThat(c.meanWait()).isCloseTo(1.058823529, within(1e-9));
        assertThat(c.meanSojourn()).isCloseTo(1.529411765, within(1e-9));
        assertThat(c.lossProbability()).isCloseTo(0.285714286, within(1e-9));
        Metrics.closedForm(c).assertCloseTo(Metrics.qbd(2, 2.5, 0.5, 1), 1e-12, "worked point");
    }

    @Test
    void qbdRateMatrixIsThePapersR() {
        double lambda = 2;
        double mu = 2.5;
        double alphaC = 0.5;
        double eta = 1;
        double rho = lambda / (mu + alphaC);
        double[][] r = QbdSolver.solve(ChainP.qbdBlocks(lambda, mu, alphaC, eta)).orElseThrow().r();
        assertThat(r[0][0]).isCloseTo(rho, within(1e-14));
        assertThat(r[0][1]).isCloseTo(rho * alphaC / eta, within(1e-14));
        assertThat(r[1][0]).isCloseTo(0, within(1e-14));
        assertThat(r[1][1]).isCloseTo(0, within(1e-14));
    }

    @Test
    void withoutCancellationItIsMm1() {
        double lambda = 0.7;
        double mu = 1;
        double rho = lambda / mu;
        for (double alphaC : new double[] {0, 1e-12}) {
            ChainP c = ChainP.solve(lambda, mu, alphaC, 3).orElseThrow();
            assertThat(c.pIdle()).isCloseTo(1 - rho, within(1e-10));
            assertThat(c.meanInSystem()).isCloseTo(rho / (1 - rho), within(1e-10));
            assertThat(c.meanWait()).isCloseTo(rho / (mu - lambda), within(1e-10));
            assertThat(c.meanSojourn()).isCloseTo(1 / (mu - lambda), within(1e-10));
            assertThat(c.lossProbability()).isCloseTo(0, within(1e-10));
        }
        Metrics.closedForm(ChainP.solve(lambda, mu, 0, 3).orElseThrow())
                .assertCloseTo(Metrics.qbd(lambda, mu, 0, 3), 1e-9, "alphaC = 0");
    }

    /**
     * Instant recovery: a birth-death chain with death rate mu at one task and mu + alphaC above.
     */
    @Test
    void fastRecoveryIsTheBirthDeathLimit() {
        double lambda = 1.3;
        double mu = 1;
        double alphaC = 0.6;
        double[] p = new double[4000];
        p[0] = 1;
        double total = 1;
        for (int n = 1; n < p.length; n++) {
            p[n] = p[n - 1] * lambda / (n == 1 ? mu : mu + alphaC);
            total += p[n];
        }
        double meanL = 0;
        double lossRate = 0;
        for (int n = 0; n < p.length; n++) {
            p[n] /= total;
            meanL += n * p[n];
            lossRate += n >= 2 ? alphaC * p[n] : 0;
        }
        ChainP c = ChainP.solve(lambda, mu, alphaC, 1e12).orElseThrow();
        assertThat(c.pIdle()).isCloseTo(p[0], within(1e-9 * p[0]));
        assertThat(c.meanInSystem()).isCloseTo(meanL, within(1e-9 * meanL));
        assertThat(c.lossProbability()).isCloseTo(lossRate / lambda, within(1e-9));
        assertThat(c.acceptedRate()).isCloseTo(lambda, within(1e-9));
        assertThat(c.meanSojourn()).isCloseTo(meanL / lambda, within(1e-9 * meanL));
    }

    @Test
    void nearSaturationTheThreeMethodsStillAgree() {
        double mu = 1;
        double alphaC = 0.3;
        double eta = 0.5;
        for (double rho : new double[] {0.99, 0.999}) {
            double lambda = rho * (mu + alphaC);
            Metrics closed =
                    Metrics.closedForm(ChainP.solve(lambda, mu, alphaC, eta).orElseThrow());
            closed.assertCloseTo(
                    Metrics.qbd(lambda, mu, alphaC, eta), 1e-9, "rho=" + rho + " (QBD)");
            closed.assertCloseTo(
                    Metrics.truncatedCtmc(lambda, mu, alphaC, eta, levelsFor(rho)),
                    1e-9,
                    "rho=" + rho + " (CTMC)");
        }
        double lambda = (1 - 1e-7) * (mu + alphaC);
        Metrics.closedForm(ChainP.solve(lambda, mu, alphaC, eta).orElseThrow())
                .assertCloseTo(Metrics.qbd(lambda, mu, alphaC, eta), 1e-6, "rho = 1 - 1e-7 (QBD)");
    }

    @Test
    void tinyArrivalRate() {
        double lambda = 1e-10;
        Metrics closed = Metrics.closedForm(ChainP.solve(lambda, 1, 0.5, 2).orElseThrow());
        closed.assertCloseTo(Metrics.qbd(lambda, 1, 0.5, 2), 1e-9, "tiny lambda (QBD)");
        closed.assertCloseTo(
                Metrics.truncatedCtmc(lambda, 1, 0.5, 2, 60), 1e-9, "tiny lambda (CTMC)");
        assertThat(closed.served()).isCloseTo(lambda, within(1e-9 * lambda));
        ChainP idle = ChainP.solve(0, 1, 0.5, 2).orElseThrow();
        assertThat(idle.pIdle()).isEqualTo(1);
        assertThat(idle.meanSojourn()).isEqualTo(1);
    }

    @Test
    void saturatedOrOverloadedIsUnstable() {
        for (double lambda : new double[] {1.5, 2.0, 100}) {
            SteadyState<ChainP> state = ChainP.solve(lambda, 1, 0.5, 1);
            assertThat(state.isStable()).isFalse();
            assertThat(((SteadyState.Unstable<ChainP>) state).reason()).contains(">= 1");
            assertThat(QbdSolver.solve(ChainP.qbdBlocks(lambda, 1, 0.5, 1)).isStable()).isFalse();
        }
    }
}
