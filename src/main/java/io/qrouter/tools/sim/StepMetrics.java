package io.qrouter.tools.sim;

import java.util.OptionalDouble;

/**
 * What happened in one time step [start, end).
 *
 * @param step index from 0
 * @param end end time of the step
 * @param arrivals routed tasks that arrived
 * @param completions tasks whose service ended
 * @param abandonments tasks lost while waiting (abandoned, cancelled or blocked)
 * @param failed tasks lost to server failures
 * @param heartbeatTriggers heartbeats sent (Fig. 6)
 * @param idleQueueDecisions decisions taken from an idle queue
 * @param joinedDecisions decisions for the servers that join during the run ({@link
 *     SimConfig#joiningServers()})
 * @param occupancy time-average fraction of servers busy (Table 2)
 * @param loadVarianceF population variance of the servers' live load index K at the end (Eq. 55,
 *     Table 3)
 * @param meanLoadIndexK mean live load index K̄ of the servers up at the end (Eq. 54)
 * @param idleFractionPJ idle servers over all servers at the end, P_J of Eq. (56)
 * @param strategyMeasureZ Z = Δ·K̄ + ζ·P_J at the end (Eq. 57; Δ and ζ of {@link
 *     SimConfig#strategyDelta()}, {@link SimConfig#strategyZeta()})
 * @param tasksInSystem tasks at the servers at the end
 * @param meanSojourn mean sojourn of the tasks completed in the step (Fig. 9)
 * @param meanWait mean wait of the tasks whose wait ended in the step (Fig. 10)
 * @param throughput completions per unit time (Fig. 12)
 * @param cumulativeCompleted completions so far (Fig. 11)
 */
public record StepMetrics(
        int step,
        double end,
        long arrivals,
        long completions,
        long abandonments,
        long failed,
        long heartbeatTriggers,
        long idleQueueDecisions,
        long joinedDecisions,
        double occupancy,
        double loadVarianceF,
        double meanLoadIndexK,
        double idleFractionPJ,
        double strategyMeasureZ,
        long tasksInSystem,
        OptionalDouble meanSojourn,
        OptionalDouble meanWait,
        double throughput,
        long cumulativeCompleted) {}
