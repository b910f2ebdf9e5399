package io.qrouter.core.ga;

/**
 * What the batch allocator knows of a server.
 *
 * @param mips service rate: load units per second (the paper's MIPS)
 * @param queuedLoad CSL_i: load already queued or running on the server, in task load units
 * @param loadIndexHistory recent samples of the server's load index (oldest first, may be empty):
 *     the distribution of its resource utilisation from which the mean-variance weights are
 *     estimated
 */
public record ServerProfile(
        String id,
        double mips,
        double cpuUsed,
        double cpuCapacity,
        double memoryUsed,
        double memoryCapacity,
        double bandwidthUsed,
        double bandwidthCapacity,
        double queuedLoad,
        double[] loadIndexHistory) {

    public ServerProfile {
        requirePositive(id, mips, "mips");
        requirePositive(id, cpuCapacity, "cpuCapacity");
        requirePositive(id, memoryCapacity, "memoryCapacity");
        requirePositive(id, bandwidthCapacity, "bandwidthCapacity");
        requireNonNegative(id, cpuUsed, "cpuUsed");
        requireNonNegative(id, memoryUsed, "memoryUsed");
        requireNonNegative(id, bandwidthUsed, "bandwidthUsed");
        requireNonNegative(id, queuedLoad, "queuedLoad");
        loadIndexHistory = loadIndexHistory == null ? new double[0] : loadIndexHistory.clone();
        for (double x : loadIndexHistory) {
            requireNonNegative(id, x, "loadIndexHistory");
        }
    }

    /** A server without recorded history. */
    public ServerProfile(
            String id,
            double mips,
            double cpuUsed,
            double cpuCapacity,
            double memoryUsed,
            double memoryCapacity,
            double bandwidthUsed,
            double bandwidthCapacity,
            double queuedLoad) {
        this(
                id,
                mips,
                cpuUsed,
                cpuCapacity,
                memoryUsed,
                memoryCapacity,
                bandwidthUsed,
                bandwidthCapacity,
                queuedLoad,
                new double[0]);
    }

    public double cpuUtilisation() {
        return cpuUsed / cpuCapacity;
    }

    public double memoryUtilisation() {
        return memoryUsed / memoryCapacity;
    }

    public double bandwidthUtilisation() {
        return bandwidthUsed / bandwidthCapacity;
    }

    @Override
    public double[] loadIndexHistory() {
        return loadIndexHistory.clone();
    }

    private static void requirePositive(String id, double x, String name) {
        if (!(x > 0) || Double.isInfinite(x)) {
            throw new IllegalArgumentException(
                    name + " of server " + id + " must be finite and > 0 (got " + x + ")");
        }
    }

    private static void requireNonNegative(String id, double x, String name) {
        if (!(x >= 0) || Double.isInfinite(x)) {
            throw new IllegalArgumentException(
                    name + " of server " + id + " must be finite and ≥ 0 (got " + x + ")");
        }
    }
}
