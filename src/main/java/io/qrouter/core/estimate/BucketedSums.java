package io.qrouter.core.estimate;

/**
 * Sums of a few quantities over a sliding event-time window, kept in a fixed ring of time buckets
 * so that memory does not depend on the event rate. Bucket b covers event times [b*bucketMillis,
 * (b+1)*bucketMillis); the ring holds the newest {@code bucketCount} buckets, counted back from the
 * latest event time seen, so an out-of-order event still lands in its own bucket while that bucket
 * is in the ring.
 *
 * <p>The job keeps the ring whole in its server's state, an array of slots, so that a heartbeat
 * reads the window without a state lookup per bucket (docs/performance.md).
 */
public class BucketedSums {
    private static final long EMPTY = Long.MIN_VALUE;

    private long bucketMillis;
    private int bucketCount;
    private int seriesCount;
    private long newestBucket = EMPTY;

    /** Slot → the bucket it holds, null when it holds none; allocated at the first write. */
    private WindowBucket[] ring;

    /** For the job's serializers only. */
    public BucketedSums() {}

    public BucketedSums(long bucketMillis, int bucketCount, int seriesCount) {
        this.bucketMillis = bucketMillis;
        this.bucketCount = bucketCount;
        this.seriesCount = seriesCount;
    }

    long bucketOf(long timeMillis) {
        return Math.floorDiv(timeMillis, bucketMillis);
    }

    /**
     * Adds {@code value} in the bucket of {@code timeMillis}; false when that bucket has already
     * left the ring.
     */
    boolean add(int series, long timeMillis, double value) {
        long bucket = bucketOf(timeMillis);
        newestBucket = Math.max(newestBucket, bucket);
        if (bucket <= newestBucket - bucketCount) {
            return false;
        }
        bucketForWrite(bucket).getSums()[series] += value;
        return true;
    }

    /**
     * Spreads the length of [startMillis, endMillis] over the buckets it overlaps, so that each
     * bucket holds the time spent in it; the part before the ring is dropped. False when the whole
     * interval is before the ring.
     */
    boolean addSpread(int series, long startMillis, long endMillis) {
        long endBucket = bucketOf(endMillis);
        newestBucket = Math.max(newestBucket, endBucket);
        long oldestKept = newestBucket - bucketCount + 1;
        if (endBucket < oldestKept) {
            return false;
        }
        for (long bucket = Math.max(bucketOf(startMillis), oldestKept);
                bucket <= endBucket;
                bucket++) {
            long overlap =
                    Math.min(endMillis, (bucket + 1) * bucketMillis)
                            - Math.max(startMillis, bucket * bucketMillis);
            if (overlap > 0) {
                bucketForWrite(bucket).getSums()[series] += overlap;
            }
        }
        return true;
    }

    /**
     * The bucket of the ring slot of {@code bucket}, fresh if the slot still holds an older one.
     */
    private WindowBucket bucketForWrite(long bucket) {
        int slot = slotOf(bucket);
        WindowBucket[] slots = slots();
        WindowBucket held = slots[slot];
        if (held == null || held.getBucket() != bucket) {
            held = new WindowBucket(bucket, seriesCount);
            slots[slot] = held;
        }
        return held;
    }

    private int slotOf(long bucket) {
        return (int) Math.floorMod(bucket, (long) bucketCount);
    }

    private WindowBucket[] slots() {
        if (ring == null) {
            ring = new WindowBucket[bucketCount];
        }
        return ring;
    }

    /**
     * Puts back a bucket that state written before the ring was kept whole held in its own entry; a
     * bucket that is not in the ring's slot for it, or has left the ring, is dropped.
     */
    public void restore(WindowBucket bucket) {
        if (bucket.getSums() != null
                && bucket.getSums().length == seriesCount
                && bucket.getBucket() >= oldestKeptBucket()) {
            slots()[slotOf(bucket.getBucket())] = bucket;
        }
    }

    /**
     * Sums of every series, indexed by series, over the buckets the ring still holds in
     * fromBucket..toBucket ({@code [0]}) and in its tail recentFrom..toBucket ({@code [1]}), all
     * inclusive: one pass over the slots for both, as a heartbeat needs both. The same pass drops
     * the buckets that have left the ring: no event can land there again and no window can count
     * them, and a quiet server's state should not carry them to every checkpoint.
     */
    double[][] sums(long fromBucket, long recentFrom, long toBucket) {
        double[] total = new double[seriesCount];
        double[] recent = new double[seriesCount];
        if (ring == null) {
            return new double[][] {total, recent};
        }
        long oldestKept = oldestKeptBucket();
        for (int slot = 0; slot < ring.length; slot++) {
            WindowBucket b = ring[slot];
            if (b == null) {
                continue;
            }
            if (b.getBucket() < oldestKept) {
                ring[slot] = null;
            } else if (b.getBucket() >= fromBucket && b.getBucket() <= toBucket) {
                boolean isRecent = b.getBucket() >= recentFrom;
                double[] sums = b.getSums();
                for (int series = 0; series < seriesCount; series++) {
                    total[series] += sums[series];
                    if (isRecent) {
                        recent[series] += sums[series];
                    }
                }
            }
        }
        return new double[][] {total, recent};
    }

    /**
     * The oldest bucket the ring can still hold, given the newest event seen (Long.MIN_VALUE before
     * any).
     */
    long oldestKeptBucket() {
        return newestBucket == EMPTY ? EMPTY : newestBucket - bucketCount + 1;
    }

    public long getBucketMillis() {
        return bucketMillis;
    }

    public void setBucketMillis(long bucketMillis) {
        this.bucketMillis = bucketMillis;
    }

    public int getBucketCount() {
        return bucketCount;
    }

    public void setBucketCount(int bucketCount) {
        this.bucketCount = bucketCount;
    }

    public int getSeriesCount() {
        return seriesCount;
    }

    public void setSeriesCount(int seriesCount) {
        this.seriesCount = seriesCount;
    }

    public long getNewestBucket() {
        return newestBucket;
    }

    public void setNewestBucket(long newestBucket) {
        this.newestBucket = newestBucket;
    }

    /** Slot → bucket, null where empty; null before the first write. */
    public WindowBucket[] getRing() {
        return ring;
    }

    public void setRing(WindowBucket[] ring) {
        this.ring = ring;
    }
}
