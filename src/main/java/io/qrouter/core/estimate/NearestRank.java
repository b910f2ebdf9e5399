package io.qrouter.core.estimate;

/**
 * The nearest-rank quantile, the one definition of a percentile used by the simulator, the demo
 * reports and the job's metrics.
 */
public final class NearestRank {
    private NearestRank() {}

    /**
     * The smallest of the first {@code size} values of {@code sorted} (ascending) with at least a
     * fraction p of them at or below it. Exact, no interpolation: a reported p99 is a wait some
     * task really had.
     */
    public static double of(double[] sorted, int size, double p) {
        if (size <= 0) {
            throw new IllegalArgumentException("no observations");
        }
        int rank = (int) Math.ceil(p * size);
        return sorted[Math.max(0, Math.min(size, rank) - 1)];
    }
}
