package io.qrouter.core.ga;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MarkowitzWeightsTest {

    @Test
    void closedFormMatchesADirectNumericalMinimisation() {
        SplittableRandom rng = new SplittableRandom(42);
        for (int trial = 0; trial < 20; trial++) {
            int n = 3 + trial % 4;
            double[][] cov = randomCovariance(n, rng);
            double[] mean = new double[n];
            for (int i = 0; i < n; i++) {
                mean[i] = rng.nextDouble(0.1, 0.9);
            }
            double target = rng.nextDouble(0.2, 0.8);
            double[] closed = MarkowitzWeights.solve(mean, cov, target);
            double[] numeric = projectedGradientDescent(mean, cov, target);
            assertThat(sum(closed)).isCloseTo(1, within(1e-9));
            assertThat(dot(closed, mean)).isCloseTo(target, within(1e-9));
            for (int i = 0; i < n; i++) {
                assertThat(closed[i])
                        .as("trial %d, w[%d]", trial, i)
                        .isCloseTo(numeric[i], within(1e-6));
            }
        }
    }

    @Test
    void threeServersOnTheConstraintLineByGoldenSection() {
        // With n = 3 the two constraints leave a line w(s) = w0 + s·d; minimise the variance along
        // it directly.
        double[][] cov = {{0.04, 0.01, 0.0}, {0.01, 0.09, 0.02}, {0.0, 0.02, 0.01}};
        double[] mean = {0.5, 0.4, 0.3};
        double target = 0.4;
        double[] w0 = {0, 1, 0}; // Σw = 1, wᵀu = 0.4
        double[] d = {1, -2, 1}; // Σd = 0, dᵀu = 0
        double lo = -10;
        double hi = 10;
        double phi = (Math.sqrt(5) - 1) / 2;
        for (int k = 0; k < 200; k++) {
            double a = hi - phi * (hi - lo);
            double b = lo + phi * (hi - lo);
            if (variance(along(w0, d, a), cov) < variance(along(w0, d, b), cov)) {
                hi = b;
            } else {
                lo = a;
            }
        }
        double[] best = along(w0, d, (lo + hi) / 2);
        double[] closed = MarkowitzWeights.solve(mean, cov, target);
        for (int i = 0; i < 3; i++) {
            assertThat(closed[i]).isCloseTo(best[i], within(1e-8));
        }
    }

    @Test
    void equalMeansGiveTheMinimumVarianceMixAndNoHistoryGivesEqualWeights() {
        double[][] cov = {{0.04, 0}, {0, 0.01}};
        // minimum-variance mix of two independent assets: w ∝ 1/σ² → (0.2, 0.8)
        double[] w = MarkowitzWeights.solve(new double[] {0.5, 0.5}, cov, 0.5);
        assertThat(w[0]).isCloseTo(0.2, within(1e-12));
        assertThat(w[1]).isCloseTo(0.8, within(1e-12));
        ServerProfile bare = new ServerProfile("a", 1, 0, 1, 0, 1, 0, 1, 0);
        assertThat(MarkowitzWeights.fromHistory(List.of(bare, bare, bare)))
                .containsExactly(1.0 / 3, 1.0 / 3, 1.0 / 3);
    }

    @Test
    void constantHistoriesGiveEqualWeights() {
        // what a fleet of idle servers reports: every load index 0 for the whole window
        double[] zeros = new double[20];
        ServerProfile idle = new ServerProfile("idle", 1, 0, 1, 0, 1, 0, 1, 0, zeros);
        assertThat(MarkowitzWeights.fromHistory(List.of(idle, idle, idle)))
                .containsExactly(1.0 / 3, 1.0 / 3, 1.0 / 3);
    }

    @Test
    void historiesFavourTheSteadyServer() {
        // With two servers the two constraints pin the weights; with three there is a mix to
        // choose.
        SplittableRandom rng = new SplittableRandom(1);
        double[][] h = new double[3][200];
        for (int t = 0; t < 200; t++) {
            h[0][t] = 0.5 + 0.01 * rng.nextGaussian();
            h[1][t] = Math.max(0, 0.5 + 0.2 * rng.nextGaussian());
            h[2][t] = Math.max(0, 0.5 + 0.2 * rng.nextGaussian());
        }
        double[] w =
                MarkowitzWeights.fromHistory(
                        List.of(
                                new ServerProfile("steady", 1, 0, 1, 0, 1, 0, 1, 0, h[0]),
                                new ServerProfile("jumpy1", 1, 0, 1, 0, 1, 0, 1, 0, h[1]),
                                new ServerProfile("jumpy2", 1, 0, 1, 0, 1, 0, 1, 0, h[2])));
        assertThat(w[0]).isGreaterThan(0.6).isGreaterThan(w[1]).isGreaterThan(w[2] - 0.6);
        assertThat(w[0] + w[1] + w[2]).isCloseTo(1, within(1e-9));
    }

    /**
     * Gradient steps on wᵀΣw projected onto {Σw = 1, wᵀu = target}: independent of the Lagrange
     * closed form.
     */
    private static double[] projectedGradientDescent(double[] u, double[][] cov, double target) {
        int n = u.length;
        // orthonormal basis of span{1, u}, to project onto its complement
        double[] e1 = new double[n];
        java.util.Arrays.fill(e1, 1 / Math.sqrt(n));
        double[] e2 = u.clone();
        double proj = dot(e2, e1);
        for (int i = 0; i < n; i++) {
            e2[i] -= proj * e1[i];
        }
        double norm = Math.sqrt(dot(e2, e2));
        for (int i = 0; i < n; i++) {
            e2[i] /= norm;
        }
        // a feasible start: w = a·1 + b·u with a·n + b·Σu = 1, a·Σu + b·uᵀu = target
        double su = sum(u);
        double uu = dot(u, u);
        double det = n * uu - su * su;
        double a = (uu - su * target) / det;
        double b = (n * target - su) / det;
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = a + b * u[i];
        }
        double step = 0.5 / maxRowSum(cov);
        for (int k = 0; k < 200_000; k++) {
            double[] g = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    g[i] += 2 * cov[i][j] * w[j];
                }
            }
            double g1 = dot(g, e1);
            double g2 = dot(g, e2);
            double change = 0;
            for (int i = 0; i < n; i++) {
                double pg = g[i] - g1 * e1[i] - g2 * e2[i];
                w[i] -= step * pg;
                change += Math.abs(pg);
            }
            if (change < 1e-13) {
                break;
            }
        }
        return w;
    }

    private static double[][] randomCovariance(int n, SplittableRandom rng) {
        double[][] f = new double[n][n + 2];
        for (double[] row : f) {
            for (int k = 0; k < row.length; k++) {
                row[k] = rng.nextDouble(-0.3, 0.3);
            }
        }
        double[][] cov = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                cov[i][j] = dot(f[i], f[j]) + (i == j ? 0.01 : 0);
            }
        }
        return cov;
    }

    private static double maxRowSum(double[][] m) {
        double max = 0;
        for (double[] row : m) {
            double s = 0;
            for (double x : row) {
                s += Math.abs(x);
            }
            max = Math.max(max, s);
        }
        return 2 * max;
    }

    private static double[] along(double[] w0, double[] d, double s) {
        double[] w = new double[w0.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = w0[i] + s * d[i];
        }
        return w;
    }

    private static double variance(double[] w, double[][] cov) {
        double v = 0;
        for (int i = 0; i < w.length; i++) {
            for (int j = 0; j < w.length; j++) {
                v += w[i] * cov[i][j] * w[j];
            }
        }
        return v;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static double sum(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s;
    }
}
