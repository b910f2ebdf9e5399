package io.qrouter.tools.sim;

import io.qrouter.core.queueing.FleetBalance;
import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.core.queueing.LoadIndexWeights;
import java.util.Arrays;

/**
 * Seed 000's fleet-level measures (§3) at one instant, over the servers that are up: the mean K̄
 * (Eq. 54) and population variance F (Eq. 55) of their live load index K, the idle share P_J (Eq.
 * 56: idle servers over all N) and the strategy measure Z = Δ·K̄ + ζ·P_J (Eq. 57). With no server
 * up, K̄ and F are 0.
 */
record FleetMeasures(double meanK, double varianceF, double idleFractionPJ, double strategyZ) {

    /**
     * @param count tasks on each server
     * @param mu each server's service rate
     * @param up whether each server is up (only those count in K̄ and F, and can be idle)
     * @param alphaC the abandonment rate of a waiting task
     * @param timeUnit K's reference time
     * @param delta Δ of Eq. 57
     * @param zeta ζ of Eq. 57
     */
    static FleetMeasures of(
            int[] count,
            double[] mu,
            boolean[] up,
            double alphaC,
            double timeUnit,
            LoadIndexWeights weights,
            double delta,
            double zeta) {
        double[] k = new double[count.length];
        int alive = 0;
        int idle = 0;
        for (int s = 0; s < count.length; s++) {
            if (up[s]) {
                k[alive++] = LoadIndex.live(count[s], mu[s], alphaC, timeUnit, weights);
                if (count[s] == 0) {
                    idle++;
                }
            }
        }
        double meanK = 0;
        double varianceF = 0;
        if (alive > 0) {
            double[] live = Arrays.copyOf(k, alive);
            meanK = Arrays.stream(live).average().orElseThrow();
            varianceF = FleetBalance.loadIndexVariance(live);
        }
        double pJ = FleetBalance.idleShare(idle, count.length);
        return new FleetMeasures(
                meanK, varianceF, pJ, FleetBalance.strategyMeasureZ(delta, meanK, zeta, pJ));
    }
}
