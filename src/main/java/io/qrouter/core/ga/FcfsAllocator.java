package io.qrouter.core.ga;

import java.util.List;

/**
 * The paper's FCFS baseline: tasks in arrival order, each to the server that becomes free first.
 */
public final class FcfsAllocator implements BatchAllocator {
    private final double r;
    private final double d;

    /**
     * Thresholds R and D decide which servers are overloaded (they receive nothing) and how ADS is
     * counted.
     */
    public FcfsAllocator(double r, double d) {
        AdaptiveThresholds.checkFactors(r, d);
        this.r = r;
        this.d = d;
    }

    @Override
    public Allocation allocate(List<BatchTask> tasks, List<ServerProfile> servers, long seed) {
        BatchProblem p = new BatchProblem(tasks, servers, r, d);
        return p.allocation(
                ListScheduling.firstComeFirstServed(p),
                servers.stream().map(ServerProfile::id).toList(),
                new double[0]);
    }

    @Override
    public String name() {
        return "FCFS";
    }
}
