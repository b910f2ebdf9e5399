package io.qrouter.core.dsrs;

/** Picks the one MEC system that receives all of a service's arrivals in a slot. */
public interface RowRule {
    /** Index j of the chosen system, given the service's queues Q_i·(t) and unit costs γ_i·(t). */
    int choose(int service, double[] queues, double[] unitCost);

    /** DSRS, Eq. (23): argmin_j Q_ij(t) + V·γ_ij(t). */
    static RowRule driftPlusPenalty(double v) {
        DsrsRow.requireV(v);
        return (service, queues, unitCost) -> DsrsRow.argmin(queues, unitCost, v);
    }

    /**
     * The paper's random baseline: every slot, each service's arrivals go to a uniformly random
     * system.
     */
    static RowRule random(long seed) {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
        return (service, queues, unitCost) -> rng.nextInt(queues.length);
    }
}
