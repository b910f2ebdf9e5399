package io.qrouter.core.ga;

import java.util.List;

/**
 * One batch: the tasks, the servers, their thresholds, which servers may receive tasks, the
 * utilisation weights, and the evaluation of an assignment. Immutable after construction; shared by
 * all allocators so they are judged by the same measure.
 *
 * <p>Fitness (higher is better, at most 1) is the mean of the paper's three parts: the weighted
 * utilisation R_p = Σ w_i·U_i with U_i = finish_i/makespan, the response-time part LB/makespan (LB,
 * a lower bound on the makespan, makes it 1 for a perfect split), and the share of acceptable
 * servers ADS/N.
 */
final class BatchProblem {
    final double[] load;
    final double[] mips;
    final double[] queuedLoad;

    /**
     * Markowitz weights of the servers' utilisations: the weights every allocation is reported
     * with.
     */
    final double[] meanVarianceWeights;

    final int[] eligible;
    final AdaptiveThresholds thresholds;
    private final double meanMips;
    private final double makespanLowerBound;

    BatchProblem(List<BatchTask> tasks, List<ServerProfile> servers, double r, double d) {
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("servers must not be empty");
        }
        int n = servers.size();
        load = tasks.stream().mapToDouble(BatchTask::load).toArray();
        mips = servers.stream().mapToDouble(ServerProfile::mips).toArray();
        queuedLoad = servers.stream().mapToDouble(ServerProfile::queuedLoad).toArray();
        meanVarianceWeights = MarkowitzWeights.fromHistory(servers);
        meanMips = java.util.Arrays.stream(mips).average().orElseThrow();
        double csl = java.util.Arrays.stream(queuedLoad).sum();
        double ntl = java.util.Arrays.stream(load).sum();
        thresholds = AdaptiveThresholds.of(csl, ntl, n, r, d);
        // Servers already above L_max take nothing more; a server below L_min is underloaded, and
        // work brings it
        // back into the band, so it stays eligible.
        eligible =
                java.util.stream.IntStream.range(0, n)
                        .filter(i -> normalisedLoad(i, queuedLoad[i]) <= thresholds.lMax())
                        .toArray();
        double slowestQueue = 0;
        for (int i = 0; i < n; i++) {
            slowestQueue = Math.max(slowestQueue, queuedLoad[i] / mips[i]);
        }
        double totalMips = java.util.Arrays.stream(mips).sum();
        makespanLowerBound = Math.max((csl + ntl) / totalMips, slowestQueue);
    }

    int tasks() {
        return load.length;
    }

    int servers() {
        return mips.length;
    }

    double normalisedLoad(int server, double totalLoad) {
        return totalLoad * meanMips / mips[server];
    }

    /** The figures of an assignment, its utilisation part weighted with {@code weights}. */
    Evaluation evaluate(int[] serverOfTask, double[] weights) {
        double[] total = queuedLoad.clone();
        for (int t = 0; t < serverOfTask.length; t++) {
            total[serverOfTask[t]] += load[t];
        }
        double makespan = 0;
        double[] finish = new double[total.length];
        for (int i = 0; i < total.length; i++) {
            finish[i] = total[i] / mips[i];
            makespan = Math.max(makespan, finish[i]);
        }
        double utilisationSum = 0;
        double weighted = 0;
        int acceptable = 0;
        for (int i = 0; i < total.length; i++) {
            double u = makespan == 0 ? 1 : finish[i] / makespan;
            utilisationSum += u;
            weighted += weights[i] * u;
            if (thresholds.acceptable(normalisedLoad(i, total[i]))) {
                acceptable++;
            }
        }
        double responsePart = makespan == 0 ? 1 : makespanLowerBound / makespan;
        double fitness = (weighted + responsePart + (double) acceptable / total.length) / 3;
        return new Evaluation(makespan, utilisationSum / total.length, acceptable, fitness);
    }

    Allocation allocation(int[] serverOfTask, List<String> serverIds, double[] bestByGeneration) {
        Evaluation e = evaluate(serverOfTask, meanVarianceWeights);
        return new Allocation(
                serverOfTask.clone(),
                serverIds,
                e.makespan(),
                makespanLowerBound,
                e.meanUtilisation(),
                e.acceptable(),
                e.fitness(),
                bestByGeneration);
    }

    record Evaluation(double makespan, double meanUtilisation, int acceptable, double fitness) {}
}
