package io.qrouter.core.estimate;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * A rate estimated from a window of events, or "not yet known" when the window holds too few events
 * to say. Either way it carries the number of observations behind it, so a reader can judge its
 * precision (the relative standard error of a count-based rate is about 1/sqrt(count)).
 */
public final class Estimate {
    private final boolean known;
    private final double value;
    private final long count;

    /**
     * Unknown estimates of few observations, made once: a quiet server's heartbeat asks for several
     * every time, and the instances are immutable.
     */
    private static final Estimate[] UNKNOWN = new Estimate[64];

    static {
        for (int count = 0; count < UNKNOWN.length; count++) {
            UNKNOWN[count] = new Estimate(false, Double.NaN, count);
        }
    }

    private Estimate(boolean known, double value, long count) {
        this.known = known;
        this.value = value;
        this.count = count;
    }

    public static Estimate known(double value, long count) {
        if (!Double.isFinite(value) || value < 0) {
            throw new IllegalArgumentException(
                    "an estimated rate must be finite and >= 0 (got " + value + ")");
        }
        return new Estimate(true, value, count);
    }

    public static Estimate unknown(long count) {
        return count >= 0 && count < UNKNOWN.length
                ? UNKNOWN[(int) count]
                : new Estimate(false, Double.NaN, count);
    }

    public boolean isKnown() {
        return known;
    }

    /** The estimated value; only call it on a known estimate. */
    public double value() {
        if (!known) {
            throw new IllegalStateException("estimate not yet known (" + count + " observations)");
        }
        return value;
    }

    /**
     * Observations behind the estimate: arrivals, completed services, ended waits or recoveries.
     */
    public long count() {
        return count;
    }

    public OptionalDouble asOptional() {
        return known ? OptionalDouble.of(value) : OptionalDouble.empty();
    }

    /**
     * The value, or null when not yet known: the shape of the nullable Avro fields of
     * ServerMetrics.
     */
    public Double orNull() {
        return known ? value : null;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Estimate that
                && known == that.known
                && count == that.count
                && (!known || Double.compare(value, that.value) == 0);
    }

    @Override
    public int hashCode() {
        return Objects.hash(known, known ? value : 0.0, count);
    }

    @Override
    public String toString() {
        return known ? value + " (n=" + count + ")" : "unknown (n=" + count + ")";
    }
}
