package io.qrouter.job.records;

/**
 * A 64-bit digest built field by field: what a per-server state keeps instead of the last record it
 * emitted, to tell whether the next one says anything new. Two different contents share a digest
 * with probability about 2^-64, which at worst holds one record back until the next change.
 */
public final class Fingerprint {
    /** The digest of "nothing emitted yet": {@link #value} never returns it. */
    public static final long NONE = 0L;

    private static final long SEED = 0x243F6A8885A308D3L;

    private long h = SEED;

    public Fingerprint add(long value) {
        // one round of a multiply-xorshift mixer (as in SplittableRandom's mix64)
        long z = (h ^ value) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        h = z ^ (z >>> 31);
        return this;
    }

    public Fingerprint add(double value) {
        return add(Double.doubleToLongBits(value));
    }

    /** Unknown (null) differs from every value, NaN included. */
    public Fingerprint add(Double value) {
        return add(value == null ? 0x7FF4_0000_DEAD_BEEFL : Double.doubleToRawLongBits(value));
    }

    public Fingerprint add(boolean value) {
        return add(value ? 1L : 2L);
    }

    public Fingerprint add(String value) {
        return add(value == null ? 0L : value.hashCode() + 1L);
    }

    /** The digest, never {@link #NONE}. */
    public long value() {
        return h == NONE ? 1L : h;
    }
}
