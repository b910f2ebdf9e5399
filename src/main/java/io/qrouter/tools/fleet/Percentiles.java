package io.qrouter.tools.fleet;

import io.qrouter.core.estimate.NearestRank;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Nearest-rank percentiles of a set of observations (sorted once). Empty sets answer NaN, written
 * as null.
 */
final class Percentiles {
    static final double[] REPORTED = {0.5, 0.9, 0.99, 0.999};
    static final String[] LABELS = {"p50", "p90", "p99", "p999"};

    private final double[] sorted;

    private Percentiles(double[] values) {
        this.sorted = values;
        Arrays.sort(sorted);
    }

    /** Takes ownership of {@code values}; NaN values are dropped. */
    static Percentiles of(double[] values) {
        return new Percentiles(Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray());
    }

    int count() {
        return sorted.length;
    }

    /**
     * The smallest observation with at least a fraction p of all at or below it; NaN when empty.
     */
    double at(double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return NearestRank.of(sorted, sorted.length, p);
    }

    double mean() {
        return sorted.length == 0 ? Double.NaN : Arrays.stream(sorted).sum() / sorted.length;
    }

    double max() {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }

    /** count, mean, p50, p90, p99, p999, max; unknown values as null (never NaN) for JSON. */
    Map<String, Object> summary() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("count", sorted.length);
        out.put("mean", finiteOrNull(mean()));
        for (int i = 0; i < REPORTED.length; i++) {
            out.put(LABELS[i], finiteOrNull(at(REPORTED[i])));
        }
        out.put("max", finiteOrNull(max()));
        return out;
    }

    static Double finiteOrNull(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
