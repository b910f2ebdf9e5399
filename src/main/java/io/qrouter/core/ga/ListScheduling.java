package io.qrouter.core.ga;

/**
 * The two greedy list schedules over the eligible servers: FCFS, and earliest completion (the GA's
 * seed).
 */
final class ListScheduling {
    private ListScheduling() {}

    /**
     * FCFS: one central queue; tasks in arrival order each go to the server that becomes free
     * first, whatever the task's size (lowest index on ties).
     */
    static int[] firstComeFirstServed(BatchProblem p) {
        double[] total = p.queuedLoad.clone();
        int[] genes = new int[p.tasks()];
        for (int t = 0; t < p.tasks(); t++) {
            int best = p.eligible[0];
            for (int i : p.eligible) {
                if (total[i] / p.mips[i] < total[best] / p.mips[best]) {
                    best = i;
                }
            }
            genes[t] = best;
            total[best] += p.load[t];
        }
        return genes;
    }

    /**
     * Largest task first, each to the server where it would finish earliest (lowest index on ties).
     */
    static int[] earliestCompletion(BatchProblem p) {
        double[] total = p.queuedLoad.clone();
        int[] genes = new int[p.tasks()];
        Integer[] order = new Integer[p.tasks()];
        for (int t = 0; t < order.length; t++) {
            order[t] = t;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(p.load[b], p.load[a]));
        for (int t : order) {
            int best = p.eligible[0];
            for (int i : p.eligible) {
                if ((total[i] + p.load[t]) / p.mips[i] < (total[best] + p.load[t]) / p.mips[best]) {
                    best = i;
                }
            }
            genes[t] = best;
            total[best] += p.load[t];
        }
        return genes;
    }
}
