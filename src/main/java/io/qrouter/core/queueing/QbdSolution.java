package io.qrouter.core.queueing;

/**
 * The stationary distribution of a QBD: pi_0, pi_1 and R, with pi_k = pi_1 · R^(k-1) for k >= 1.
 */
public final class QbdSolution {
    private final double[] pi0;
    private final double[] pi1;
    private final double[][] r;
    private final double[][] inverseIMinusR;

    QbdSolution(double[] pi0, double[] pi1, double[][] r, double[][] inverseIMinusR) {
        this.pi0 = pi0;
        this.pi1 = pi1;
        this.r = r;
        this.inverseIMinusR = inverseIMinusR;
    }

    /** Row vector of stationary probabilities of the phases of level k. */
    public double[] level(int k) {
        if (k < 0) {
            throw new IllegalArgumentException("level must be >= 0 (got " + k + ")");
        }
        if (k == 0) {
            return pi0.clone();
        }
        double[] v = pi1.clone();
        for (int i = 1; i < k; i++) {
            v = Matrices.multiply(v, r);
        }
        return v;
    }

    public double levelProbability(int k) {
        return Matrices.sum(level(k));
    }

    /**
     * Per phase, the probability of being at level k or above (k >= 1): pi_1 · R^(k-1) ·
     * (I-R)^(-1).
     */
    public double[] phaseMassFromLevel(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("level must be >= 1 (got " + k + ")");
        }
        return Matrices.multiply(level(k), inverseIMinusR);
    }

    /** E[(level - c)⁺] = pi_1 · R^c · (I-R)^(-2) · 1 for c >= 0; c = 0 gives the mean level. */
    public double meanExcessOver(int c) {
        if (c < 0) {
            throw new IllegalArgumentException("c must be >= 0 (got " + c + ")");
        }
        double[] v = pi1.clone();
        for (int i = 0; i < c; i++) {
            v = Matrices.multiply(v, r);
        }
        return Matrices.sum(
                Matrices.multiply(Matrices.multiply(v, inverseIMinusR), inverseIMinusR));
    }

    public double meanLevel() {
        return meanExcessOver(0);
    }

    /** A copy of the rate matrix R. */
    public double[][] r() {
        double[][] copy = new double[r.length][];
        for (int i = 0; i < r.length; i++) {
            copy[i] = r[i].clone();
        }
        return copy;
    }
}
