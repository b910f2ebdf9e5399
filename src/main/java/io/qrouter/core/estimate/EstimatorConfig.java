package io.qrouter.core.estimate;

/**
 * Settings of a server's estimators: the sliding window, the minimum number of observations before
 * an estimate is known, and the memory bounds. A Flink POJO, because it travels inside {@link
 * ServerEstimators}' state.
 */
public class EstimatorConfig {
    private long windowMillis = 60_000;
    private int bucketCount = 60;
    private int minArrivals = 20;
    private int minExits = 20;
    private int minCompletions = 20;
    private int minWaits = 20;
    private int minRecoveries = 10;
    private int maxOpenTasks = 4096;

    /** The defaults: a 60 s window in 1 s buckets, 20 observations per estimate (10 recoveries). */
    public EstimatorConfig() {}

    /**
     * @throws IllegalArgumentException naming the first setting out of its range
     */
    public EstimatorConfig validate() {
        atLeast("bucketCount", bucketCount, 1);
        if (windowMillis < bucketCount || windowMillis % bucketCount != 0) {
            throw new IllegalArgumentException(
                    "windowMillis must be a positive multiple of bucketCount ("
                            + bucketCount
                            + ") (got "
                            + windowMillis
                            + ")");
        }
        atLeast("minArrivals", minArrivals, 1);
        atLeast("minExits", minExits, 1);
        atLeast("minCompletions", minCompletions, 1);
        atLeast("minWaits", minWaits, 1);
        atLeast("minRecoveries", minRecoveries, 1);
        atLeast("maxOpenTasks", maxOpenTasks, 1);
        return this;
    }

    private static void atLeast(String name, long value, long minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException(
                    name + " must be >= " + minimum + " (got " + value + ")");
        }
    }

    /** The resolution of the window: it slides in steps of one bucket. */
    public long bucketMillis() {
        return windowMillis / bucketCount;
    }

    /**
     * Whether estimators kept under {@code other} can go on under this configuration: the window,
     * its buckets and the memory bounds shape the data kept; the minimum observations only decide
     * when an estimate is known.
     */
    public boolean sameLayoutAs(EstimatorConfig other) {
        return windowMillis == other.windowMillis
                && bucketCount == other.bucketCount
                && maxOpenTasks == other.maxOpenTasks;
    }

    public long getWindowMillis() {
        return windowMillis;
    }

    public void setWindowMillis(long windowMillis) {
        this.windowMillis = windowMillis;
    }

    public int getBucketCount() {
        return bucketCount;
    }

    public void setBucketCount(int bucketCount) {
        this.bucketCount = bucketCount;
    }

    public int getMinArrivals() {
        return minArrivals;
    }

    public void setMinArrivals(int minArrivals) {
        this.minArrivals = minArrivals;
    }

    public int getMinExits() {
        return minExits;
    }

    public void setMinExits(int minExits) {
        this.minExits = minExits;
    }

    public int getMinCompletions() {
        return minCompletions;
    }

    public void setMinCompletions(int minCompletions) {
        this.minCompletions = minCompletions;
    }

    public int getMinWaits() {
        return minWaits;
    }

    public void setMinWaits(int minWaits) {
        this.minWaits = minWaits;
    }

    public int getMinRecoveries() {
        return minRecoveries;
    }

    public void setMinRecoveries(int minRecoveries) {
        this.minRecoveries = minRecoveries;
    }

    public int getMaxOpenTasks() {
        return maxOpenTasks;
    }

    public void setMaxOpenTasks(int maxOpenTasks) {
        this.maxOpenTasks = maxOpenTasks;
    }
}
