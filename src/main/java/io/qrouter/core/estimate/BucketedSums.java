package io.qrouter.core.estimate;

/**
 * Sums of a few quantities over a sliding event-time window, kept in a fixed ring of time buckets
 * so that memory does not depend on the event rate. Bucket b covers event times [b*bucketMillis,
 * (b+1)*bucketMillis); the ring holds the newest {@code bucketCount} buckets, counted back from the
 * latest event time seen, so an out-of-order event still lands in its own bucket while that bucket
 * is in the ring.
 *
 * <p>The sums over the whole ring are kept as buckets change, so that a window is those sums less
 * the few buckets of the ring outside it: a heartbeat reads the buckets at the window's edges, not
 * every bucket. Exact, not approximate: every value added is a whole number (events, milliseconds),
 * so adding and taking away in doubles loses nothing below 2^53. The job keeps the ring whole in
 * its server's state, an array of slots, so that a heartbeat reads the window without a state
 * lookup per bucket (docs/performance.md).
 */
public class BucketedSums {
    private static final long EMPTY = Long.MIN_VALUE;

    private long bucketMillis;
    private int bucketCount;
    private int seriesCount;
    private long newestBucket = EMPTY;

    /**
     * Slot → the bucket it holds, null when it holds none; allocated at the first write. Holds no
     * bucket older than {@link #oldestKeptBucket()} once {@link #ringTotals} is built.
     */
    private WindowBucket[] ring;

    /** Each series summed over the ring's buckets; null until first needed after a read. */
    private transient double[] ringTotals;

    /** For the job's serializers only. */
    public BucketedSums() {}

    public BucketedSums(long bucketMillis, int bucketCount, int seriesCount) {
        this.bucketMillis = bucketMillis;
        this.bucketCount = bucketCount;
        this.seriesCount = seriesCount;
        this.ringTotals = new double[seriesCount];
    }

    /** A deep copy, ring totals included. */
    public BucketedSums copy() {
        BucketedSums to = new BucketedSums();
        to.bucketMillis = bucketMillis;
        to.bucketCount = bucketCount;
        to.seriesCount = seriesCount;
        to.newestBucket = newestBucket;
        if (ring != null) {
            to.ring = new WindowBucket[ring.length];
            for (int slot = 0; slot < ring.length; slot++) {
                to.ring[slot] = ring[slot] == null ? null : ring[slot].copy();
            }
        }
        to.ringTotals = ringTotals == null ? null : ringTotals.clone();
        return to;
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
        advanceTo(bucket);
        if (bucket <= newestBucket - bucketCount) {
            return false;
        }
        addTo(bucket, series, value);
        return true;
    }

    /**
     * Spreads the length of [startMillis, endMillis] over the buckets it overlaps, so that each
     * bucket holds the time spent in it; the part before the ring is dropped. False when the whole
     * interval is before the ring.
     */
    boolean addSpread(int series, long startMillis, long endMillis) {
        long endBucket = bucketOf(endMillis);
        advanceTo(endBucket);
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
                addTo(bucket, series, overlap);
            }
        }
        return true;
    }

    /**
     * Makes {@code bucket} the newest if it is newer, dropping the buckets that leave the ring: no
     * event can land in them again and no window can count them, and a quiet server's state should
     * not carry them to every checkpoint.
     */
    private void advanceTo(long bucket) {
        if (newestBucket != EMPTY && bucket > newestBucket && ring != null) {
            // the ring holds oldestKeptBucket()..newestBucket: at most bucketCount of them leave
            for (long b = oldestKeptBucket(); b <= bucket - bucketCount && b <= newestBucket; b++) {
                drop(slotOf(b), b);
            }
        }
        newestBucket = Math.max(newestBucket, bucket);
    }

    /**
     * Adds {@code value} to one series of {@code bucket}, a fresh bucket if its slot holds another.
     */
    private void addTo(long bucket, int series, double value) {
        int slot = slotOf(bucket);
        WindowBucket held = slots()[slot];
        if (held == null || held.getBucket() != bucket) {
            if (held != null) {
                drop(slot, held.getBucket());
            }
            held = new WindowBucket(bucket, seriesCount);
            ring[slot] = held;
        }
        held.getSums()[series] += value;
        if (ringTotals != null) {
            ringTotals[series] += value;
        }
    }

    /** Empties {@code slot} if it holds {@code bucket}, taking its sums out of the totals. */
    private void drop(int slot, long bucket) {
        WindowBucket held = ring[slot];
        if (held != null && held.getBucket() == bucket) {
            if (ringTotals != null) {
                for (int series = 0; series < seriesCount; series++) {
                    ringTotals[series] -= held.getSums()[series];
                }
            }
            ring[slot] = null;
        }
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
            ringTotals = null;
        }
    }

    /**
     * Sums of every series, indexed by series, over the buckets the ring holds in
     * fromBucket..toBucket ({@code [0]}) and in its tail recentFrom..toBucket ({@code [1]}), all
     * inclusive: the ring's totals less its buckets outside the window, and the tail's few buckets.
     */
    double[][] sums(long fromBucket, long recentFrom, long toBucket) {
        double[] recent = new double[seriesCount];
        if (newestBucket == EMPTY || ring == null) {
            return new double[][] {new double[seriesCount], recent};
        }
        double[] total = totals().clone();
        long oldest = oldestKeptBucket();
        addRange(total, -1, oldest, Math.min(fromBucket - 1, newestBucket));
        addRange(total, -1, Math.max(toBucket + 1, oldest), newestBucket);
        addRange(recent, 1, Math.max(recentFrom, oldest), Math.min(toBucket, newestBucket));
        return new double[][] {total, recent};
    }

    /** Adds {@code sign} times the buckets held in from..to (at most one ring's worth) to sums. */
    private void addRange(double[] sums, int sign, long from, long to) {
        long first = Math.max(from, to - bucketCount + 1);
        int slot = first <= to ? slotOf(first) : 0;
        for (long b = first; b <= to; b++, slot = slot + 1 == bucketCount ? 0 : slot + 1) {
            WindowBucket held = ring[slot];
            if (held != null && held.getBucket() == b) {
                for (int series = 0; series < seriesCount; series++) {
                    sums[series] += sign * held.getSums()[series];
                }
            }
        }
    }

    /**
     * The ring's totals, summed afresh after a read from state (which keeps only the buckets); the
     * same pass drops buckets that have left the ring.
     */
    private double[] totals() {
        if (ringTotals == null) {
            double[] totals = new double[seriesCount];
            long oldest = oldestKeptBucket();
            for (int slot = 0; slot < ring.length; slot++) {
                WindowBucket held = ring[slot];
                if (held != null && held.getBucket() < oldest) {
                    ring[slot] = null;
                } else if (held != null) {
                    for (int series = 0; series < seriesCount; series++) {
                        totals[series] += held.getSums()[series];
                    }
                }
            }
            ringTotals = totals;
        }
        return ringTotals;
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
        this.ringTotals = null;
    }
}
