package io.qrouter.tools.fleet;

import java.util.Arrays;
import java.util.Optional;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * A 95 % confidence interval for the mean of observations in time order, by non-overlapping batch
 * means. The waits of tasks close in time are correlated, so the observations' own standard error
 * is too narrow; the means of long batches are nearly independent. It takes up to 20 batches and
 * halves their number while the batch means' lag-1 autocorrelation is above 0.2, down to 5
 * (docs/demo.md, "How sure a mean wait is").
 *
 * @param mean the mean of all observations
 * @param batches how many batch means the interval rests on
 */
record MeanInterval(double mean, double low, double high, int batches) {
    private static final int MOST_BATCHES = 20;
    private static final int FEWEST_BATCHES = 5;
    private static final int FEWEST_PER_BATCH = 10;
    private static final double MOST_LAG1 = 0.2;

    /**
     * The interval of {@code inTimeOrder}'s mean, NaN values dropped; empty with fewer than 50
     * observations left.
     */
    static Optional<MeanInterval> of(double[] inTimeOrder) {
        double[] x = Arrays.stream(inTimeOrder).filter(v -> !Double.isNaN(v)).toArray();
        if (x.length < FEWEST_BATCHES * FEWEST_PER_BATCH) {
            return Optional.empty();
        }
        int batches = Math.min(MOST_BATCHES, x.length / FEWEST_PER_BATCH);
        double[] means = batchMeans(x, batches);
        while (batches / 2 >= FEWEST_BATCHES && lag1(means) > MOST_LAG1) {
            batches /= 2;
            means = batchMeans(x, batches);
        }
        double spread = Math.sqrt(variance(means) / batches);
        double half = new TDistribution(batches - 1).inverseCumulativeProbability(0.975) * spread;
        double mean = Arrays.stream(x).average().orElseThrow();
        return Optional.of(new MeanInterval(mean, mean - half, mean + half, batches));
    }

    /** The same interval with its low end raised to {@code floor}, the least mean there can be. */
    MeanInterval atLeast(double floor) {
        return new MeanInterval(mean, Math.max(floor, low), high, batches);
    }

    /** Contiguous batches whose sizes differ by one at most. */
    private static double[] batchMeans(double[] x, int batches) {
        double[] means = new double[batches];
        for (int b = 0; b < batches; b++) {
            int from = (int) ((long) b * x.length / batches);
            int to = (int) ((long) (b + 1) * x.length / batches);
            means[b] = Arrays.stream(x, from, to).average().orElseThrow();
        }
        return means;
    }

    /** The unbiased sample variance. */
    private static double variance(double[] v) {
        double m = Arrays.stream(v).average().orElseThrow();
        return Arrays.stream(v).map(a -> (a - m) * (a - m)).sum() / (v.length - 1);
    }

    /** Lag-1 autocorrelation; 0 when the values do not vary. */
    private static double lag1(double[] v) {
        double m = Arrays.stream(v).average().orElseThrow();
        double squares = 0;
        double products = 0;
        for (int i = 0; i < v.length; i++) {
            squares += (v[i] - m) * (v[i] - m);
            if (i + 1 < v.length) {
                products += (v[i] - m) * (v[i + 1] - m);
            }
        }
        return squares == 0 ? 0 : products / squares;
    }
}
