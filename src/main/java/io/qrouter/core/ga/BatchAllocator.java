package io.qrouter.core.ga;

import java.util.List;

/**
 * Assigns a window of tasks to servers. Every implementation assigns every task and never sends a
 * task to a server whose load already exceeds L_max before the batch (one always exists below it,
 * since L_max ≥ L_ave).
 */
public interface BatchAllocator {
    /** The same inputs and seed give the same allocation. */
    Allocation allocate(List<BatchTask> tasks, List<ServerProfile> servers, long seed);

    String name();

    /**
     * By name, for configuration: "mv-ga" (the mean-variance GA), "dga" or "fcfs"
     * (case-insensitive).
     */
    static BatchAllocator named(String name, GaConfig config) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "mv-ga" -> GeneticAllocator.meanVariance(config);
            case "dga" -> GeneticAllocator.dga(config);
            case "fcfs" -> new FcfsAllocator(config.r(), config.d());
            default ->
                    throw new IllegalArgumentException(
                            "allocator must be one of mv-ga, dga, fcfs (got '" + name + "')");
        };
    }
}
