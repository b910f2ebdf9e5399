package io.qrouter.core.queueing;

/**
 * Stationary distribution of a level-independent QBD ({@link QbdBlocks}) by the matrix-geometric
 * method: pi_k = pi_1 · R^(k-1) for k >= 1, R the minimal nonnegative solution of up + R·local +
 * R²·down = 0.
 *
 * <p>R comes from G (the first-passage matrix one level down) computed by logarithmic reduction
 * (Latouche and Ramaswami 1993), which converges quadratically: after i steps it has accounted for
 * paths reaching 2^i levels up, so even rho = 1 - 1e-9 needs about 40 steps. The boundary vector
 * (pi_0, pi_1) solves the boundary balance equations with one replaced by the normalisation pi_0·1
 * + pi_1·(I-R)^(-1)·1 = 1.
 */
public final class QbdSolver {
    private static final int MAX_REDUCTION_STEPS = 200;
    private static final double NEGLIGIBLE = 1e-18;

    private QbdSolver() {}

    /**
     * The stationary regime, or Unstable when the mean drift of the repeating levels is not
     * downwards (the process is then null recurrent or transient).
     */
    public static SteadyState<QbdSolution> solve(QbdBlocks q) {
        int m = q.phases();
        double[] phaseStationary =
                Matrices.leftNullVector(
                        Matrices.add(Matrices.add(q.up(), q.local()), q.down()), ones(m));
        double driftUp = Matrices.sum(Matrices.multiply(phaseStationary, q.up()));
        double driftDown = Matrices.sum(Matrices.multiply(phaseStationary, q.down()));
        if (!(driftUp < driftDown)) {
            return new SteadyState.Unstable<>(
                    "mean drift up "
                            + driftUp
                            + " >= mean drift down "
                            + driftDown
                            + " in the repeating levels");
        }
        double[][] r = rateMatrix(q.up(), q.local(), q.down());
        double[][] inverseIMinusR = Matrices.inverse(Matrices.subtract(Matrices.identity(m), r));

        int m0 = q.boundaryPhases();
        int n = m0 + m;
        double[][] boundary = new double[n][n];
        double[][] levelOneLocal = Matrices.add(q.firstLocal(), Matrices.multiply(r, q.down()));
        place(boundary, q.b00(), 0, 0);
        place(boundary, q.b01(), 0, m0);
        place(boundary, q.b10(), m0, 0);
        place(boundary, levelOneLocal, m0, m0);
        double[] normalisation = new double[n];
        double[] levelsAboveZero = Matrices.rowSums(inverseIMinusR);
        for (int i = 0; i < n; i++) {
            normalisation[i] = i < m0 ? 1 : levelsAboveZero[i - m0];
        }
        double[] x = Matrices.leftNullVector(boundary, normalisation);
        double[] pi0 = new double[m0];
        double[] pi1 = new double[m];
        System.arraycopy(x, 0, pi0, 0, m0);
        System.arraycopy(x, m0, pi1, 0, m);
        return new SteadyState.Stable<>(new QbdSolution(pi0, pi1, r, inverseIMinusR));
    }

    /**
     * R = up · (-(local + up·G))^(-1), with G the minimal solution of down + local·G + up·G² = 0 by
     * logarithmic reduction. Meant for a positive recurrent QBD (check the drift first).
     */
    static double[][] rateMatrix(double[][] up, double[][] local, double[][] down) {
        int m = local.length;
        double[][] identity = Matrices.identity(m);
        double[][] minusLocalInverse = Matrices.inverse(Matrices.scale(-1, local));
        double[][] h = Matrices.multiply(minusLocalInverse, up);
        double[][] l = Matrices.multiply(minusLocalInverse, down);
        double[][] g = l;
        double[][] t = h;
        for (int step = 0; step < MAX_REDUCTION_STEPS; step++) {
            double[][] u = Matrices.add(Matrices.multiply(h, l), Matrices.multiply(l, h));
            double[][] m1 = Matrices.inverse(Matrices.subtract(identity, u));
            h = Matrices.multiply(m1, Matrices.multiply(h, h));
            l = Matrices.multiply(m1, Matrices.multiply(l, l));
            double[][] increment = Matrices.multiply(t, l);
            g = Matrices.add(g, increment);
            t = Matrices.multiply(t, h);
            if (Matrices.normInf(increment) < NEGLIGIBLE || Matrices.normInf(t) < NEGLIGIBLE) {
                double[][] denominator =
                        Matrices.scale(
                                -1, Matrices.add(local, Matrices.multiply(up, stochastic(g))));
                return Matrices.multiply(up, Matrices.inverse(denominator));
            }
        }
        throw new IllegalStateException(
                "logarithmic reduction did not converge in " + MAX_REDUCTION_STEPS + " steps");
    }

    /**
     * G of a positive recurrent QBD is stochastic; the reduction's rounding (amplified near rho =
     * 1, where I - U is nearly singular) leaves row sums off by ~1e-16/(1-rho), which would shift 1
     * - r by as much again. Rescaling the rows restores the property exactly.
     */
    private static double[][] stochastic(double[][] g) {
        double[] sums = Matrices.rowSums(g);
        double[][] out = new double[g.length][];
        for (int i = 0; i < g.length; i++) {
            out[i] = Matrices.scale(1 / sums[i], new double[][] {g[i]})[0];
        }
        return out;
    }

    private static void place(double[][] target, double[][] block, int row, int col) {
        for (int i = 0; i < block.length; i++) {
            System.arraycopy(block[i], 0, target[row + i], col, block[i].length);
        }
    }

    private static double[] ones(int n) {
        double[] v = new double[n];
        java.util.Arrays.fill(v, 1);
        return v;
    }
}
