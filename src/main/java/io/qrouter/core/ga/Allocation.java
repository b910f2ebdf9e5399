package io.qrouter.core.ga;

import java.util.List;

/**
 * An assignment of every task of a batch to a server, with the figures it was judged by.
 *
 * @param serverOfTask index (into the servers given) of the server each task goes to, in task order
 * @param makespan max over servers of (CSL_i + NTL_i)/mips_i, seconds
 * @param makespanLowerBound no assignment of this batch finishes earlier: max(total load / total
 *     MIPS, the longest queue already there), seconds
 * @param meanUtilisation mean over servers of their busy time over the makespan
 * @param acceptableServers ADS: servers whose load ends within [L_min, L_max]
 * @param fitness the mean-variance fitness of this assignment (the same measure for every
 *     allocator)
 * @param bestFitnessByGeneration best fitness after each generation (generation 0 = initial
 *     population); empty for allocators that do not search
 */
public record Allocation(
        int[] serverOfTask,
        List<String> serverIds,
        double makespan,
        double makespanLowerBound,
        double meanUtilisation,
        int acceptableServers,
        double fitness,
        double[] bestFitnessByGeneration) {

    /** The id of the server that task {@code taskIndex} goes to. */
    public String serverOf(int taskIndex) {
        return serverIds.get(serverOfTask[taskIndex]);
    }
}
