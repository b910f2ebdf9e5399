package io.qrouter.core.control;

import java.util.Objects;

/**
 * What operators set for one server: its {@link AdminState} and its weight. A Flink POJO (kept in
 * broadcast state). The weight scales the service rate the policies see (1 = as reported): the
 * policies that rank by μ (heartbeat-k, heartbeat-k-live, and the GA and DSRS views) send a server
 * of weight 0.5 about the share of a server half as fast; the policies that ignore μ (random,
 * round-robin, least-connections, jsq, power-of-d, jiq, hash) ignore it.
 */
public class ServerAdmin {
    public static final double DEFAULT_WEIGHT = 1.0;

    private AdminState state = AdminState.ACTIVE;
    private double weight = DEFAULT_WEIGHT;
    private long sinceMillis;

    /** Ejected by outlier detection until then (job clock); 0 = not ejected. */
    private long ejectedUntilMillis;

    /**
     * How often outlier detection has ejected it: each ejection lasts that many base ejection
     * times.
     */
    private int ejections;

    public ServerAdmin() {}

    public ServerAdmin(AdminState state, double weight, long sinceMillis) {
        this.state = state;
        this.weight = weight;
        this.sinceMillis = sinceMillis;
    }

    public AdminState getState() {
        return state;
    }

    public void setState(AdminState state) {
        this.state = state;
    }

    public double getWeight() {
        return weight;
    }

    public void setWeight(double weight) {
        this.weight = weight;
    }

    /** When the current state was set (job clock, epoch millis). */
    public long getSinceMillis() {
        return sinceMillis;
    }

    public void setSinceMillis(long sinceMillis) {
        this.sinceMillis = sinceMillis;
    }

    public long getEjectedUntilMillis() {
        return ejectedUntilMillis;
    }

    public void setEjectedUntilMillis(long ejectedUntilMillis) {
        this.ejectedUntilMillis = ejectedUntilMillis;
    }

    public int getEjections() {
        return ejections;
    }

    public void setEjections(int ejections) {
        this.ejections = ejections;
    }

    /** Ejected by outlier detection now (the panic mode aside). */
    public boolean ejected() {
        return ejectedUntilMillis > 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServerAdmin that
                && state == that.state
                && Double.compare(weight, that.weight) == 0
                && sinceMillis == that.sinceMillis
                && ejectedUntilMillis == that.ejectedUntilMillis
                && ejections == that.ejections;
    }

    @Override
    public int hashCode() {
        return Objects.hash(state, weight, sinceMillis, ejectedUntilMillis, ejections);
    }

    @Override
    public String toString() {
        return state
                + " weight "
                + weight
                + (ejected() ? " ejected until " + ejectedUntilMillis : "");
    }
}
