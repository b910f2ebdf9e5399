package io.qrouter.core.ga;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.RealVector;

/**
 * Markowitz weights of the servers' utilisations: minimise wᵀΣw subject to wᵀu = u_p and wᵀ1 = 1.
 *
 * <p>The Lagrangian L = wᵀΣw − λ₁(wᵀu − u_p) − λ₂(wᵀ1 − 1) is stationary at w = Σ⁻¹(λ₁u + λ₂1)/2;
 * with A = uᵀΣ⁻¹u, B = uᵀΣ⁻¹1, C = 1ᵀΣ⁻¹1 and D = AC − B² the constraints give w = [(C·u_p −
 * B)·Σ⁻¹u + (A − B·u_p)·Σ⁻¹1] / D. When all means are equal (D = 0) the mean constraint is implied
 * by the budget constraint and the answer is the minimum-variance portfolio Σ⁻¹1/C. Weights may be
 * negative, as in Markowitz's unconstrained model.
 */
public final class MarkowitzWeights {
    private MarkowitzWeights() {}

    public static double[] solve(double[] mean, double[][] covariance, double target) {
        int n = mean.length;
        if (n == 0 || covariance.length != n) {
            throw new IllegalArgumentException(
                    "mean and covariance must describe the same ≥ 1 servers");
        }
        if (n == 1) {
            return new double[] {1.0};
        }
        DecompositionSolver solver =
                new LUDecomposition(new Array2DRowRealMatrix(covariance)).getSolver();
        if (!solver.isNonSingular()) {
            throw new IllegalArgumentException("covariance matrix is singular");
        }
        RealVector u = new ArrayRealVector(mean);
        RealVector ones = new ArrayRealVector(n, 1.0);
        RealVector sInvU = solver.solve(u);
        RealVector sInvOnes = solver.solve(ones);
        double a = u.dotProduct(sInvU);
        double b = u.dotProduct(sInvOnes);
        double c = ones.dotProduct(sInvOnes);
        double d = a * c - b * b;
        if (d <= 1e-12 * Math.abs(a * c)) {
            return sInvOnes.mapDivide(c).toArray();
        }
        return sInvU.mapMultiply((c * target - b) / d)
                .add(sInvOnes.mapMultiply((a - b * target) / d))
                .toArray();
    }

    /**
     * Weights from the servers' load-index histories, at the target u_p = B/C, the mean of the
     * frontier's minimum-variance point, where the weights reduce to Σ⁻¹1/C (inverse-variance for
     * uncorrelated servers). Another target trades variance for mean utilisation; it is not used by
     * default because when the servers' mean utilisations lie close together the mean constraint
     * pins the weights to the noise in those means. The sample covariance gets a small ridge (10⁻⁶
     * of its mean variance, and at least 10⁻¹²) so that short or collinear histories stay solvable.
     * With fewer than two samples per server, or a covariance still singular with the ridge, there
     * is no variance to weigh, and the weights are equal: never an exception, whatever the
     * histories.
     */
    public static double[] fromHistory(java.util.List<ServerProfile> servers) {
        int n = servers.size();
        int samples = servers.stream().mapToInt(s -> s.loadIndexHistory().length).min().orElse(0);
        if (samples < 2) {
            return equal(n);
        }
        double[][] x = new double[n][];
        double[] mean = new double[n];
        for (int i = 0; i < n; i++) {
            double[] h = servers.get(i).loadIndexHistory();
            // the most recent common window
            x[i] = java.util.Arrays.copyOfRange(h, h.length - samples, h.length);
            mean[i] = java.util.Arrays.stream(x[i]).average().orElse(0);
        }
        double[][] cov = new double[n][n];
        double trace = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double s = 0;
                for (int t = 0; t < samples; t++) {
                    s += (x[i][t] - mean[i]) * (x[j][t] - mean[j]);
                }
                cov[i][j] = s / (samples - 1);
            }
            trace += cov[i][i];
        }
        if (trace == 0) {
            // constant histories (e.g. idle servers all at 0): no variance to weigh, and a
            // ridge-only matrix
            // (1e-12 · I) is below LUDecomposition's singularity threshold (1e-11)
            return equal(n);
        }
        double ridge = Math.max(1e-12, 1e-6 * trace / n);
        for (int i = 0; i < n; i++) {
            cov[i][i] += ridge;
        }
        if (!new LUDecomposition(new Array2DRowRealMatrix(cov)).getSolver().isNonSingular()) {
            // still singular to working precision despite the ridge (e.g. wildly different scales):
            // the histories tell nothing usable about variance, so weigh the servers equally
            return equal(n);
        }
        return solve(mean, cov, minimumVarianceTarget(mean, cov));
    }

    /** B/C: the expected utilisation of the least-variance mix. */
    static double minimumVarianceTarget(double[] mean, double[][] covariance) {
        DecompositionSolver solver =
                new LUDecomposition(new Array2DRowRealMatrix(covariance)).getSolver();
        RealVector sInvOnes = solver.solve(new ArrayRealVector(mean.length, 1.0));
        return new ArrayRealVector(mean).dotProduct(sInvOnes)
                / new ArrayRealVector(mean.length, 1.0).dotProduct(sInvOnes);
    }

    public static double[] equal(int n) {
        double[] w = new double[n];
        java.util.Arrays.fill(w, 1.0 / n);
        return w;
    }
}
