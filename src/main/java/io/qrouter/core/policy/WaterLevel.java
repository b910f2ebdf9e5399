package io.qrouter.core.policy;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Water filling over the servers' backlogs in units of work (Goren, Vargaftik and Moses, "Tidal
 * water filling" / stochastic coordination): pouring {@code amount} tasks onto servers of backlog
 * w_i (seconds of work) and rate μ_i, each server below the level L receives μ_i (L − w_i) tasks,
 * so that Σ μ_i (L − w_i)⁺ = amount. A router that samples its destination with probability ∝ μ_i
 * (L − w_i)⁺ sends, together with every other router sampling from the same view, the expected
 * arrivals of the staleness window to the least-loaded servers in aggregate, without herding on one
 * of them.
 *
 * <p>{@link #fill} finds the level in expected O(n) (random pivots, as in projecting onto a
 * simplex) and prepares the sampler; {@link #sample} then costs O(log m) for m servers below the
 * level. Not thread-safe; the arrays are reused from fill to fill.
 */
final class WaterLevel {
    private int[] index = new int[16];
    private int[] support = new int[16];
    private double[] cumulative = new double[16];
    private int supportSize;
    private double level = Double.NaN;

    /**
     * The level L with Σ μ_i (L − w_i)⁺ = amount over entries 0..n−1, in expected O(n).
     *
     * @param w backlogs, finite and ≥ 0
     * @param mu rates, > 0
     * @param amount tasks to pour, > 0
     */
    static double level(double[] w, double[] mu, int n, double amount, RandomGenerator random) {
        return new WaterLevel().fill(w, mu, n, amount, random);
    }

    /**
     * Computes the level (as {@link #level(double[], double[], int, double, RandomGenerator)}) and
     * the sampler.
     */
    double fill(double[] w, double[] mu, int n, double amount, RandomGenerator random) {
        if (n < 1 || !(amount > 0)) {
            throw new IllegalArgumentException(
                    "need n >= 1 and amount > 0 (n=" + n + ", amount=" + amount + ")");
        }
        if (index.length < n) {
            index = new int[Math.max(n, index.length * 2)];
        }
        for (int i = 0; i < n; i++) {
            index[i] = i;
        }
        // entries known to lie below the level: Σμ and Σμw
        double sumMu = 0;
        double sumMuW = 0;
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            double pivot = w[index[lo + random.nextInt(hi - lo)]];
            // [lo, m): w ≤ pivot; [m, hi): w > pivot
            int m = lo;
            double gMu = 0;
            double gMuW = 0;
            for (int k = lo; k < hi; k++) {
                int i = index[k];
                if (w[i] <= pivot) {
                    gMu += mu[i];
                    gMuW += mu[i] * w[i];
                    index[k] = index[m];
                    index[m++] = i;
                }
            }
            double poured = (sumMu + gMu) * pivot - (sumMuW + gMuW);
            if (poured <= amount) {
                sumMu += gMu;
                sumMuW += gMuW;
                lo = m;
            } else {
                // the level is below the pivot: keep only the entries strictly below it
                int e = lo;
                for (int k = lo; k < m; k++) {
                    int i = index[k];
                    if (w[i] < pivot) {
                        index[k] = index[e];
                        index[e++] = i;
                    }
                }
                hi = e;
            }
        }
        level = (amount + sumMuW) / sumMu;
        // the sampler: the entries below the level, weighted μ(L − w)
        if (support.length < n) {
            support = new int[Math.max(n, support.length * 2)];
            cumulative = new double[support.length];
        }
        supportSize = 0;
        double total = 0;
        for (int i = 0; i < n; i++) {
            if (w[i] < level) {
                total += mu[i] * (level - w[i]);
                support[supportSize] = i;
                cumulative[supportSize++] = total;
            }
        }
        return level;
    }

    double level() {
        return level;
    }

    /** How many entries lie below the level of the last fill (they share the poured amount). */
    int supportSize() {
        return supportSize;
    }

    /** An entry drawn with probability ∝ μ_i (L − w_i)⁺ from the last fill. */
    int sample(RandomGenerator random) {
        if (supportSize == 0) {
            throw new IllegalStateException("no fill yet");
        }
        double u = random.nextDouble() * cumulative[supportSize - 1];
        int k = Arrays.binarySearch(cumulative, 0, supportSize, u);
        k = k >= 0 ? k + 1 : -k - 1;
        return support[Math.min(k, supportSize - 1)];
    }
}
