package io.qrouter.bench;

import io.qrouter.core.policy.Policies;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.RoutingPolicy;
import io.qrouter.core.policy.ServerSnapshot;
import io.qrouter.tools.experiments.LossAwareRoutingExperiment;
import io.qrouter.tools.sim.SimConfig;
import io.qrouter.tools.sim.SimResult;
import io.qrouter.tools.sim.Simulation;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The hot paths, timed: whole simulation runs and single routing decisions. Wall and CPU time are
 * both reported, because on a shared machine the wall time also measures the neighbours.
 */
public final class HotPathBench {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private HotPathBench() {}

    /** A timed simulation run. */
    public record RunTiming(
            String what, SimConfig config, long events, double wallSeconds, double cpuSeconds) {
        public double eventsPerCpuSecond() {
            return cpuSeconds > 0 ? events / cpuSeconds : 0;
        }
    }

    /**
     * Cost of one decision (plus one snapshot update, as a heartbeat stream brings) at N servers.
     */
    public record DecisionTiming(
            PolicyName policy, int servers, double nanosPerDecision, double cpuNanosPerDecision) {}

    /** The simulation runs and the decision costs of one {@link #run}. */
    public record Timings(List<RunTiming> runs, List<DecisionTiming> decisions) {}

    /**
     * The whole bench: the paper-000 run of {@code policy} cold and warm, a large run of {@code
     * largeTasks} over {@code largeServers} at rho 0.9 when {@code withLargeRun}, and {@code
     * decisions} timed decisions of the K-based policies and least-connections at N = 1,000 to
     * 100,000.
     */
    public static Timings run(
            PolicyName policy,
            boolean withLargeRun,
            int largeTasks,
            int largeServers,
            int decisions) {
        List<RunTiming> runs = new ArrayList<>();
        SimConfig paper =
                new LossAwareRoutingExperiment(LossAwareRoutingExperiment.Options.paper(1, false))
                        .scenario(policy);
        runs.add(time("paper-000 (6000 tasks, 1000 servers), cold", paper, 0, 1));
        runs.add(time("paper-000 (6000 tasks, 1000 servers), median of 5 warm", paper, 2, 5));
        if (withLargeRun) {
            SimConfig large =
                    SimConfig.builder()
                            .policy(policy)
                            .servers(largeServers)
                            .tasks(largeTasks)
                            .load(0.9)
                            .patience(0.1)
                            .seed(1)
                            .build();
            runs.add(
                    time(
                            String.format(
                                    Locale.ROOT,
                                    "%,d tasks over %,d servers, rho 0.9",
                                    largeTasks,
                                    largeServers),
                            large,
                            0,
                            1));
        }
        List<DecisionTiming> decisionTimings = new ArrayList<>();
        for (PolicyName p :
                List.of(
                        PolicyName.HEARTBEAT_K_LIVE,
                        PolicyName.HEARTBEAT_K,
                        PolicyName.LEAST_CONNECTIONS)) {
            for (int n : new int[] {1_000, 10_000, 100_000}) {
                decisionTimings.add(decisionCost(p, n, decisions));
            }
        }
        return new Timings(runs, decisionTimings);
    }

    /**
     * Runs {@code config} {@code repeat} times after {@code warmups} unmeasured runs and returns
     * the median run.
     */
    static RunTiming time(String what, SimConfig config, int warmups, int repeat) {
        for (int i = 0; i < warmups; i++) {
            Simulation.run(config);
        }
        RunTiming[] runs = new RunTiming[repeat];
        for (int i = 0; i < repeat; i++) {
            long wall = System.nanoTime();
            long cpu = THREADS.getCurrentThreadCpuTime();
            SimResult r = Simulation.run(config);
            runs[i] =
                    new RunTiming(
                            what,
                            config,
                            r.events(),
                            (System.nanoTime() - wall) / 1e9,
                            (THREADS.getCurrentThreadCpuTime() - cpu) / 1e9);
        }
        Arrays.sort(runs, (a, b) -> Double.compare(a.wallSeconds(), b.wallSeconds()));
        return runs[repeat / 2];
    }

    /**
     * Feeds N busy servers to a fresh policy, then alternates a decision with a snapshot of a
     * random server (queue lengths drawn at random, so the index really moves), and times {@code
     * decisions} such pairs after as many unmeasured ones.
     */
    static DecisionTiming decisionCost(PolicyName policy, int servers, int decisions) {
        RoutingPolicy p = Policies.create(PolicyConfig.of(policy), new SplittableRandom(1));
        SplittableRandom random = new SplittableRandom(2);
        String[] ids = new String[servers];
        long now = 0;
        for (int s = 0; s < servers; s++) {
            ids[s] = "s" + s;
            p.onSnapshot(snapshot(ids[s], now, random));
        }
        // pre-built snapshots: the benchmark times the policy, not the allocation of its input
        ServerSnapshot[] updates = new ServerSnapshot[4096];
        for (int i = 0; i < updates.length; i++) {
            updates[i] = snapshot(ids[random.nextInt(servers)], 0, random);
        }
        long sink = 0;
        for (int round = 0; round < 2; round++) {
            long wall = System.nanoTime();
            long cpu = THREADS.getCurrentThreadCpuTime();
            for (int i = 0; i < decisions; i++) {
                ServerSnapshot u = updates[i & (updates.length - 1)];
                now++;
                p.onSnapshot(
                        new ServerSnapshot(
                                u.serverId(),
                                now,
                                true,
                                u.queueLength(),
                                true,
                                u.serviceRatePerSecond(),
                                u.lambda(),
                                u.mu(),
                                u.alphaC()));
                sink += p.route("t", now).orElseThrow().chosenLoad();
            }
            if (round == 1) {
                if (sink == Long.MIN_VALUE) {
                    throw new AssertionError();
                }
                return new DecisionTiming(
                        policy,
                        servers,
                        (double) (System.nanoTime() - wall) / decisions,
                        (double) (THREADS.getCurrentThreadCpuTime() - cpu) / decisions);
            }
        }
        throw new AssertionError("unreachable");
    }

    private static ServerSnapshot snapshot(String id, long now, SplittableRandom random) {
        return new ServerSnapshot(
                id,
                now,
                true,
                1 + random.nextInt(20),
                true,
                1.0,
                0.5 + 0.45 * random.nextDouble(),
                1.0,
                0.1 * random.nextDouble());
    }
}
