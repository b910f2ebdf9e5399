package io.qrouter.job.operators;

import io.qrouter.core.estimate.NearestRank;
import io.qrouter.core.queueing.FleetBalance;
import java.util.Arrays;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.HistogramStatistics;

/**
 * The load index K across the fleet as one Flink histogram: the router replaces its snapshot (one
 * value per alive server with a finite K) about once a second, and a reporter reads the quantiles
 * of the latest one. Prometheus sees a summary with six quantiles whatever the fleet's size, where
 * a gauge per server would be 20,000 series. The count is the snapshot's size, not a running total.
 */
final class FleetLoadIndexHistogram implements Histogram {
    private volatile Snapshot latest = new Snapshot(new double[0]);

    /**
     * Replaces the snapshot; {@code k} is copied. It is sorted when a reporter first reads it, on
     * the reporter's thread: the router replaces it every second, reporters read far less often.
     */
    void replace(double[] k) {
        latest = new Snapshot(k.clone());
    }

    /** Values come from {@link #replace}, never one at a time. */
    @Override
    public void update(long value) {
        throw new UnsupportedOperationException("the fleet's K is replaced as a snapshot");
    }

    @Override
    public long getCount() {
        return latest.values.length;
    }

    @Override
    public HistogramStatistics getStatistics() {
        return latest;
    }

    /** One snapshot; quantiles are nearest-rank, 0 for an empty fleet. */
    private static final class Snapshot extends HistogramStatistics {
        private final double[] values;
        private boolean sorted;

        Snapshot(double[] values) {
            this.values = values;
        }

        /** The values, sorted ascending once, by whichever reader comes first. */
        private synchronized double[] sorted() {
            if (!sorted) {
                Arrays.sort(values);
                sorted = true;
            }
            return values;
        }

        @Override
        public double getQuantile(double quantile) {
            double[] sorted = sorted();
            return sorted.length == 0 ? 0 : NearestRank.of(sorted, sorted.length, quantile);
        }

        /** K rounded to whole numbers: the interface holds longs; use the quantiles. */
        @Override
        public long[] getValues() {
            return Arrays.stream(sorted()).mapToLong(Math::round).toArray();
        }

        @Override
        public int size() {
            return values.length;
        }

        @Override
        public double getMean() {
            return Arrays.stream(sorted()).average().orElse(0);
        }

        @Override
        public double getStdDev() {
            return values.length == 0 ? 0 : Math.sqrt(FleetBalance.loadIndexVariance(sorted()));
        }

        @Override
        public long getMax() {
            double[] sorted = sorted();
            return sorted.length == 0 ? 0 : Math.round(sorted[sorted.length - 1]);
        }

        @Override
        public long getMin() {
            double[] sorted = sorted();
            return sorted.length == 0 ? 0 : Math.round(sorted[0]);
        }
    }
}
