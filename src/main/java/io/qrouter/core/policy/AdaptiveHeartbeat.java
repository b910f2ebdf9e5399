package io.qrouter.core.policy;

/**
 * The heartbeat interval rule of seed 000 (§3.2: heartbeats come more often as load rises), within
 * [minMillis, maxMillis]. Both the simulated servers and the fleet/job call it, so they agree.
 *
 * <p>The load signal is u = max(ρ̂, n/(n+1)) clamped to [0, 1], with ρ̂ the server's estimated
 * utilisation λ/(μ+α_c) and n its queue length: an idle, lightly used server reports every {@code
 * maxMillis}; a loaded one approaches {@code minMillis}. The interval is linear in u: max − (max −
 * min)·u. The queue term makes the rule react at once to a backlog, before the windowed ρ̂ catches
 * up.
 *
 * @param minMillis interval of a fully loaded server (≥ 1)
 * @param maxMillis interval of an idle server (≥ minMillis)
 */
public record AdaptiveHeartbeat(long minMillis, long maxMillis) {
    /** A server is taken for down after this many intervals without a heartbeat. */
    public static final int MISSED_BEATS_BEFORE_DOWN = 3;

    public AdaptiveHeartbeat {
        if (minMillis < 1) {
            throw new IllegalArgumentException(
                    "minimum heartbeat interval must be >= 1 ms (got " + minMillis + ")");
        }
        if (maxMillis < minMillis) {
            throw new IllegalArgumentException(
                    "maximum heartbeat interval must be >= the minimum "
                            + minMillis
                            + " ms (got "
                            + maxMillis
                            + ")");
        }
    }

    /** A fixed interval (no adaptation). */
    public static AdaptiveHeartbeat fixed(long intervalMillis) {
        return new AdaptiveHeartbeat(intervalMillis, intervalMillis);
    }

    /**
     * @param queueLength tasks on the server now (waiting plus in service)
     * @param utilisation estimated λ/(μ+α_c); values outside [0, 1] (or NaN: unknown) are clamped
     *     (NaN counts as 0)
     */
    public long nextIntervalMillis(int queueLength, double utilisation) {
        double queueLoad = queueLength / (queueLength + 1.0);
        double rho = utilisation >= 0 ? Math.min(1, utilisation) : 0;
        double u = Math.max(queueLoad, rho);
        return Math.round(maxMillis - (maxMillis - minMillis) * u);
    }

    /**
     * When a server whose last heartbeat was at {@code sentAtMillis} with this interval is to be
     * marked down.
     */
    public static long downAtMillis(long sentAtMillis, long intervalMillis) {
        return sentAtMillis + MISSED_BEATS_BEFORE_DOWN * intervalMillis;
    }
}
