package io.qrouter.core.policy;

/**
 * Events per second, exponentially decayed over {@link #TIME_CONSTANT_MILLIS}: each event adds one
 * to a count that decays as e^(−Δt/τ), and the rate is count/τ (the mean rate over about the last
 * τ).
 */
final class DecayedRate {
    static final double TIME_CONSTANT_MILLIS = 1000.0;

    static final double MIN_SPAN_MILLIS = 100.0;

    private double count;
    private long atMillis = Long.MIN_VALUE;
    private long firstMillis = Long.MIN_VALUE;

    void add(long nowMillis) {
        decayTo(nowMillis);
        count += 1;
    }

    double perSecond(long nowMillis) {
        decayTo(nowMillis);
        if (firstMillis == Long.MIN_VALUE) {
            return 0;
        }
        // the count covers only the time since the first event (at least MIN_SPAN_MILLIS, so that
        // a first event does not read as a burst)
        double span = Math.max(MIN_SPAN_MILLIS, nowMillis - firstMillis);
        double effective = TIME_CONSTANT_MILLIS * (1 - Math.exp(-span / TIME_CONSTANT_MILLIS));
        return count / effective * 1000.0;
    }

    private void decayTo(long nowMillis) {
        if (atMillis == Long.MIN_VALUE) {
            atMillis = nowMillis;
            firstMillis = nowMillis;
            return;
        }
        if (nowMillis > atMillis) {
            count *= Math.exp(-(nowMillis - atMillis) / TIME_CONSTANT_MILLIS);
            atMillis = nowMillis;
        }
    }
}
