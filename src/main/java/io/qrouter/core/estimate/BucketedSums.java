package io.qrouter.core.estimate;

/**
 * Sums of a few quantities over a sliding event-time window, kept in a fixed ring of time buckets
 * so that memory does not depend on the event rate. Bucket b covers event times [b*bucketMillis,
 * (b+1)*bucketMillis); the ring holds the newest {@code bucketCount} buckets, counted back from the
 * latest event time seen, so an out-of-order event still lands in its own bucket while that bucket
 * is in the ring.
 *
 * <p>The ring's slots live in a {@link StateMap} (one entry per slot), this object is the header (a
 * Flink POJO). An event changes one or a few buckets: the one last touched is kept until {@link
 * #flush()}, so the several quantities one event adds to a bucket cost one read and one write of
 * it.
 */
public class BucketedSums {
    private static final long EMPTY = Long.MIN_VALUE;

    private long bucketMillis;
    private int bucketCount;
    private int seriesCount;
    private long newestBucket = EMPTY;
    private transient StateMap<Integer, WindowBucket> slots;
    private transient int cachedSlot = -1;
    private transient WindowBucket cached;
    private transient boolean dirty;

    /** For Flink's POJO serializer only. */
    public BucketedSums() {}

    public BucketedSums(long bucketMillis, int bucketCount, int seriesCount) {
        this.bucketMillis = bucketMillis;
        this.bucketCount = bucketCount;
        this.seriesCount = seriesCount;
    }

    /** Where the slots are; after a flush, to a header just read from state. */
    void attach(StateMap<Integer, WindowBucket> slots) {
        this.slots = slots;
        cachedSlot = -1;
        cached = null;
        dirty = false;
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
     * The bucket of the ring slot of {@code bucket}, fresh if the slot still holds an older one;
     * marked changed.
     */
    private WindowBucket bucketForWrite(long bucket) {
        int slot = (int) Math.floorMod(bucket, (long) bucketCount);
        if (slot != cachedSlot) {
            flush();
            cachedSlot = slot;
            cached = slots.get(slot);
        }
        if (cached == null || cached.getBucket() != bucket) {
            cached = new WindowBucket(bucket, seriesCount);
        }
        dirty = true;
        return cached;
    }

    /** Writes the bucket last changed back to the slots. */
    void flush() {
        if (dirty) {
            slots.put(cachedSlot, cached);
            dirty = false;
        }
    }

    /**
     * Sums of every series, indexed by series, over the buckets the ring still holds in
     * fromBucket..toBucket ({@code [0]}) and in its tail recentFrom..toBucket ({@code [1]}), all
     * inclusive: one pass over the slots for both, as a heartbeat needs both. The same pass drops
     * the slots whose bucket has left the ring: no event can land there again and no window can
     * count it, yet a slot stays until its turn in the ring comes round, so a quiet server would
     * keep all {@code bucketCount} of them, to be read at every heartbeat and written at every
     * checkpoint.
     */
    double[][] sums(long fromBucket, long recentFrom, long toBucket) {
        flush();
        double[] total = new double[seriesCount];
        double[] recent = new double[seriesCount];
        long oldestKept = oldestKeptBucket();
        int[] dead = null;
        int deadCount = 0;
        for (var entry : slots.entries()) {
            WindowBucket b = entry.getValue();
            if (b.getBucket() < oldestKept) {
                if (dead == null) {
                    dead = new int[bucketCount];
                }
                dead[deadCount++] = entry.getKey();
            } else if (b.getBucket() >= fromBucket && b.getBucket() <= toBucket) {
                boolean isRecent = b.getBucket() >= recentFrom;
                for (int series = 0; series < seriesCount; series++) {
                    total[series] += b.getSums()[series];
                    if (isRecent) {
                        recent[series] += b.getSums()[series];
                    }
                }
            }
        }
        for (int i = 0; i < deadCount; i++) {
            slots.remove(dead[i]);
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
}
