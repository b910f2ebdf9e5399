package io.qrouter.tools.sim;

import io.qrouter.core.estimate.NearestRank;
import java.util.Arrays;
import java.util.OptionalDouble;

/**
 * A growing list of observations with exact mean and nearest-rank percentiles (sorted once, when
 * first asked).
 */
final class Samples {
    private double[] values = new double[1024];
    private int size;
    private double sum;
    private boolean sorted = true;

    void add(double v) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = v;
        sum += v;
        sorted = false;
    }

    int size() {
        return size;
    }

    OptionalDouble mean() {
        return size == 0 ? OptionalDouble.empty() : OptionalDouble.of(sum / size);
    }

    /**
     * The nearest-rank p-quantile: the smallest value with at least a fraction p of the samples at
     * or below it.
     */
    OptionalDouble percentile(double p) {
        if (size == 0) {
            return OptionalDouble.empty();
        }
        if (!sorted) {
            Arrays.sort(values, 0, size);
            sorted = true;
        }
        return OptionalDouble.of(NearestRank.of(values, size, p));
    }
}
