package io.qrouter.core.ga;

/**
 * The paper's adaptive thresholds, in capacity-normalised load: a server's load L_i = (CSL_i +
 * NTL_i)·m̄/mips_i, with m̄ the servers' mean MIPS, so that a perfectly balanced cluster has every
 * L_i equal to L_ave = (CSL + NTL)/N, the paper's formula; L_max = R·L_ave (R > 1) and L_min =
 * D·L_ave (D < 1).
 */
public record AdaptiveThresholds(double lAve, double lMax, double lMin) {

    public static AdaptiveThresholds of(
            double currentSystemLoad, double newTasksLoad, int servers, double r, double d) {
        checkFactors(r, d);
        double lAve = (currentSystemLoad + newTasksLoad) / servers;
        return new AdaptiveThresholds(lAve, r * lAve, d * lAve);
    }

    static void checkFactors(double r, double d) {
        if (!(r > 1) || Double.isInfinite(r)) {
            throw new IllegalArgumentException("R must be finite and > 1 (got " + r + ")");
        }
        if (!(d >= 0 && d < 1)) {
            throw new IllegalArgumentException("D must be in [0, 1) (got " + d + ")");
        }
    }

    /** A server is acceptable when its load lies within [L_min, L_max]. */
    public boolean acceptable(double normalisedLoad) {
        return normalisedLoad >= lMin && normalisedLoad <= lMax;
    }
}
