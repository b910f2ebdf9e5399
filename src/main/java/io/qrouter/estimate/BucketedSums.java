package io.qrouter.estimate;

import java.util.Arrays;

/**
 * Sums of a few quantities over a sliding event-time window, kept in a fixed ring of time buckets so that memory
 * does not depend on the event rate. Bucket b covers event times [b*bucketMillis, (b+1)*bucketMillis); the ring
 * holds the newest {@code bucketCount} buckets, counted back from the latest event time seen, so an out-of-order
 * event still lands in its own bucket while that bucket is in the ring. A Flink POJO (state of a server).
 */
public class BucketedSums {
    private static final long EMPTY = Long.MIN_VALUE;

    private long bucketMillis;
    private int bucketCount;
    private int seriesCount;
    /** The absolute bucket index each ring slot holds, or EMPTY. */
    private long[] bucketLabels;
    /** sums[slot * seriesCount + series]. */
    private double[] sums;
    private long newestBucket = EMPTY;

    /** For Flink's POJO serializer only. */
    public BucketedSums() {}

    public BucketedSums(long bucketMillis, int bucketCount, int seriesCount) {
        this.bucketMillis = bucketMillis;
        this.bucketCount = bucketCount;
        this.seriesCount = seriesCount;
        this.bucketLabels = new long[bucketCount];
        Arrays.fill(bucketLabels, EMPTY);
        this.sums = new double[bucketCount * seriesCount];
    }

    long bucketOf(long timeMillis) {
        return Math.floorDiv(timeMillis, bucketMillis);
    }

    /** Adds {@code value} in the bucket of {@code timeMillis}; false when that bucket has already left the ring. */
    boolean add(int series, long timeMillis, double value) {
        long bucket = bucketOf(timeMillis);
        newestBucket = Math.max(newestBucket, bucket);
        if (bucket <= newestBucket - bucketCount) {
            return false;
        }
        sums[slotFor(bucket) * seriesCount + series] += value;
        return true;
    }

    /**
     * Spreads the length of [startMillis, endMillis] over the buckets it overlaps, so that each bucket holds the
     * time spent in it; the part before the ring is dropped. False when the whole interval is before the ring.
     */
    boolean addSpread(int series, long startMillis, long endMillis) {
        long endBucket = bucketOf(endMillis);
        newestBucket = Math.max(newestBucket, endBucket);
        long oldestKept = newestBucket - bucketCount + 1;
        if (endBucket < oldestKept) {
            return false;
        }
        for (long bucket = Math.max(bucketOf(startMillis), oldestKept); bucket <= endBucket; bucket++) {
            long overlap = Math.min(endMillis, (bucket + 1) * bucketMillis) - Math.max(startMillis, bucket * bucketMillis);
            if (overlap > 0) {
                sums[slotFor(bucket) * seriesCount + series] += overlap;
            }
        }
        return true;
    }

    /** The ring slot of a bucket inside the ring, cleared first if it still holds an older bucket. */
    private int slotFor(long bucket) {
        int slot = (int) Math.floorMod(bucket, (long) bucketCount);
        if (bucketLabels[slot] != bucket) {
            bucketLabels[slot] = bucket;
            Arrays.fill(sums, slot * seriesCount, (slot + 1) * seriesCount, 0.0);
        }
        return slot;
    }

    /** Sum of one series over the buckets fromBucket..toBucket (inclusive) that the ring still holds. */
    double sum(int series, long fromBucket, long toBucket) {
        double total = 0;
        for (int slot = 0; slot < bucketCount; slot++) {
            long label = bucketLabels[slot];
            if (label != EMPTY && label >= fromBucket && label <= toBucket) {
                total += sums[slot * seriesCount + series];
            }
        }
        return total;
    }

    /** The oldest bucket the ring can still hold, given the newest event seen (Long.MIN_VALUE before any). */
    long oldestKeptBucket() {
        return newestBucket == EMPTY ? EMPTY : newestBucket - bucketCount + 1;
    }

    public long getBucketMillis() { return bucketMillis; }
    public void setBucketMillis(long bucketMillis) { this.bucketMillis = bucketMillis; }
    public int getBucketCount() { return bucketCount; }
    public void setBucketCount(int bucketCount) { this.bucketCount = bucketCount; }
    public int getSeriesCount() { return seriesCount; }
    public void setSeriesCount(int seriesCount) { this.seriesCount = seriesCount; }
    public long[] getBucketLabels() { return bucketLabels; }
    public void setBucketLabels(long[] bucketLabels) { this.bucketLabels = bucketLabels; }
    public double[] getSums() { return sums; }
    public void setSums(double[] sums) { this.sums = sums; }
    public long getNewestBucket() { return newestBucket; }
    public void setNewestBucket(long newestBucket) { this.newestBucket = newestBucket; }
}
