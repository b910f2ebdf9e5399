package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class QbdSolverTest {

    /** M/E2/1 as a QBD (phase = service stage): its mean queue length is Pollaczek-Khinchine's. */
    private static QbdBlocks mE21(double lambda, double mu) {
        double stage = 2 * mu;
        double[][] local = {{-(lambda + stage), stage}, {0, -(lambda + stage)}};
        return new QbdBlocks(
                new double[][] {{-lambda}},
                new double[][] {{lambda, 0}},
                new double[][] {{0}, {stage}},
                local,
                new double[][] {{lambda, 0}, {0, lambda}},
                local,
                new double[][] {{0, 0}, {stage, 0}});
    }

    @Test
    void solvesAModelOtherThanChainP() {
        for (double rho : new double[] {0.1, 0.5, 0.9, 0.999}) {
            double mu = 2;
            double lambda = rho * mu;
            double scvService = 0.5;
            double pollaczekKhinchine = rho + rho * rho * (1 + scvService) / (2 * (1 - rho));
            QbdSolution s = QbdSolver.solve(mE21(lambda, mu)).orElseThrow();
            assertThat(s.meanLevel())
                    .as("rho=" + rho)
                    .isCloseTo(pollaczekKhinchine, within(1e-9 * pollaczekKhinchine));
            assertThat(s.levelProbability(0)).as("rho=" + rho).isCloseTo(1 - rho, within(1e-12));
            double total = 0;
            for (int k = 0; k < 200; k++) {
                total += s.levelProbability(k);
            }
            if (rho <= 0.5) {
                assertThat(total).isCloseTo(1, within(1e-12));
            }
        }
    }

    @Test
    void upwardDriftIsUnstable() {
        SteadyState<QbdSolution> state = QbdSolver.solve(mE21(2.5, 2));
        assertThat(state.isStable()).isFalse();
        assertThat(((SteadyState.Unstable<QbdSolution>) state).reason()).contains("drift");
        assertThat(QbdSolver.solve(mE21(2, 2)).isStable()).isFalse();
    }

    @Test
    void rejectsBlocksThatAreNotAGenerator() {
        assertThatThrownBy(
                        () ->
                                new QbdBlocks(
                                        new double[][] {{-1}},
                                        new double[][] {{1, 0}},
                                        new double[][] {{1}, {1}},
                                        new double[][] {{-3, 0}, {0, -1}},
                                        new double[][] {{1, 0}, {0, 0}},
                                        new double[][] {{-2, 0}, {0, -1}},
                                        new double[][] {{1, 0}, {1, 0}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("level 1");
        assertThatThrownBy(
                        () ->
                                new QbdBlocks(
                                        new double[][] {{-1}},
                                        new double[][] {{1}},
                                        new double[][] {{1}, {1}},
                                        new double[][] {{-1}},
                                        new double[][] {{0}},
                                        new double[][] {{-1}},
                                        new double[][] {{1}}))
                .hasMessageContaining("b10 must have 1 rows");
    }
}
