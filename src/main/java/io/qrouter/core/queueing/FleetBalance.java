package io.qrouter.core.queueing;

/**
 * The fleet-level measures of the paper's §3: the spread of K (Eq. 55), P_J (Eq. 56) and Z (Eq.
 * 57).
 */
public final class FleetBalance {
    private FleetBalance() {}

    /**
     * F = (1/n)·sum (K_i - mean K)² (Eq. 55): the population variance of the load indices over the
     * n servers (the fleet is the whole population, not a sample of it). Every K must be finite: an
     * overloaded server has no K, leave it out or handle it before.
     */
    public static double loadIndexVariance(double... loadIndexK) {
        if (loadIndexK == null || loadIndexK.length == 0) {
            throw new IllegalArgumentException("load index variance needs at least one server");
        }
        double mean = 0;
        for (double k : loadIndexK) {
            if (!Double.isFinite(k)) {
                throw new IllegalArgumentException("load index K must be finite (got " + k + ")");
            }
            mean += k;
        }
        mean /= loadIndexK.length;
        double sumOfSquares = 0;
        for (double k : loadIndexK) {
            sumOfSquares += (k - mean) * (k - mean);
        }
        return sumOfSquares / loadIndexK.length;
    }

    /** P_J = I(t)/N (Eq. 56): the share of idle servers, N the number of servers (not of tasks). */
    public static double idleShare(int idleServers, int servers) {
        if (servers < 1) {
            throw new IllegalArgumentException("servers must be >= 1 (got " + servers + ")");
        }
        if (idleServers < 0 || idleServers > servers) {
            throw new IllegalArgumentException(
                    "idle servers must be in [0, " + servers + "] (got " + idleServers + ")");
        }
        return (double) idleServers / servers;
    }

    /**
     * Z = delta·K + zeta·P_J (Eq. 57), the trade-off between load and idle capacity; delta, zeta >=
     * 0.
     */
    public static double strategyMeasureZ(
            double delta, double loadIndexK, double zeta, double idleShare) {
        Rates.nonNegative("delta", delta);
        Rates.nonNegative("zeta", zeta);
        if (!Double.isFinite(loadIndexK)) {
            throw new IllegalArgumentException(
                    "load index K must be finite (got " + loadIndexK + ")");
        }
        if (!(idleShare >= 0 && idleShare <= 1)) {
            throw new IllegalArgumentException(
                    "idle share P_J must be in [0, 1] (got " + idleShare + ")");
        }
        return delta * loadIndexK + zeta * idleShare;
    }
}
