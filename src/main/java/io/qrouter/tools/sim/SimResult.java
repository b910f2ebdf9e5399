package io.qrouter.tools.sim;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The outcome of a run. Times in mean service times. Figures that do not exist (e.g. a mean sojourn
 * when nothing completed) are empty, and null in {@link #summary()}, never NaN.
 *
 * @param completed routed tasks served (counted: after the warm-up)
 * @param abandoned counted tasks lost while waiting: abandoned (reneged), cancelled or blocked
 * @param blocked of which blocked on arrival during a recovery (cancel-restore only)
 * @param failed counted tasks lost to server failures (on a failed server, or sent to one not yet
 *     detected)
 * @param rejected counted tasks refused on arrival by loss-aware admission (never sent to a server)
 * @param meanWait mean time waiting, over counted tasks that left the queue (served or abandoned)
 * @param meanSojourn mean arrival-to-completion time of counted served tasks
 * @param duration time of the last event
 * @param throughput counted completions per unit time over the run
 * @param meanOccupancy time-average fraction of busy servers
 * @param meanTasksInSystem time-average number of tasks at the servers
 * @param loadVariance mean over the steps of the load variance F
 * @param meanIdleFractionPJ mean over the steps of P_J
 * @param meanStrategyMeasureZ mean over the steps of Z (Eq. 57)
 * @param idleQueueFraction fraction of routed tasks sent from an idle queue
 * @param heartbeatTriggers heartbeats sent in the whole run
 * @param decisionsByRule routed tasks per rule that fired
 * @param steps per-step metrics
 * @param antagonistHalving how long after a slowdown started the slowed servers' share of the
 *     decisions fell by half ({@link ShareHalving}; in mean service times)
 */
public record SimResult(
        SimConfig config,
        long completed,
        long abandoned,
        long blocked,
        long failed,
        long rejected,
        long countedTasks,
        OptionalDouble meanWait,
        OptionalDouble p50Wait,
        OptionalDouble p95Wait,
        OptionalDouble p99Wait,
        OptionalDouble meanSojourn,
        OptionalDouble p50Sojourn,
        OptionalDouble p95Sojourn,
        OptionalDouble p99Sojourn,
        double duration,
        double throughput,
        double meanOccupancy,
        double meanTasksInSystem,
        double loadVariance,
        double meanIdleFractionPJ,
        double meanStrategyMeasureZ,
        double idleQueueFraction,
        long heartbeatTriggers,
        Map<String, Long> decisionsByRule,
        long events,
        List<StepMetrics> steps,
        ShareHalving.Result antagonistHalving) {

    /** Lost while waiting over counted tasks. */
    public double abandonRate() {
        return countedTasks == 0 ? 0 : (double) abandoned / countedTasks;
    }

    /** Counted tasks admitted: not rejected by loss-aware admission. */
    public long admitted() {
        return countedTasks - rejected;
    }

    /** Lost while waiting over admitted tasks. */
    public double admittedAbandonRate() {
        return admitted() == 0 ? 0 : (double) abandoned / admitted();
    }

    /** The {@code simulate --json} object: the keys of issue 3 first, then the details. */
    public Map<String, Object> summary() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("policy", config.policy().configName());
        m.put("servers", config.servers());
        m.put("tasks", countedTasks);
        m.put("completed", completed);
        m.put("abandoned", abandoned);
        m.put("abandon_rate", abandonRate());
        m.put("mean_wait", orNull(meanWait));
        m.put("mean_sojourn", orNull(meanSojourn));
        m.put("p99_wait", orNull(p99Wait));
        m.put("p99_sojourn", orNull(p99Sojourn));
        m.put("throughput", throughput);
        m.put("mean_occupancy", meanOccupancy);
        m.put("load_variance", loadVariance);
        m.put("idle_queue_fraction", idleQueueFraction);
        m.put("heartbeat_triggers", heartbeatTriggers);
        m.put("p50_wait", orNull(p50Wait));
        m.put("p95_wait", orNull(p95Wait));
        m.put("p50_sojourn", orNull(p50Sojourn));
        m.put("p95_sojourn", orNull(p95Sojourn));
        m.put("blocked", blocked);
        m.put("failed", failed);
        m.put("rejected", rejected);
        m.put("max_loss_probability", config.maxLossProbability());
        m.put("slow_start", config.slowStart());
        m.put("joining_servers", config.joiningServers());
        m.put("join_at", config.joinAt());
        m.put("mean_tasks_in_system", meanTasksInSystem);
        m.put("mean_p_j", meanIdleFractionPJ);
        m.put("mean_z", meanStrategyMeasureZ);
        m.put("z_delta", config.strategyDelta());
        m.put("z_zeta", config.strategyZeta());
        m.put("duration", duration);
        m.put("decisions_by_rule", decisionsByRule);
        m.put("load", config.load());
        m.put("d", config.choices());
        m.put("routers", config.routers());
        m.put("placement", config.placeTasks() ? "idle-servers" : "random");
        m.put("arrivals", config.arrivals());
        m.put("service", config.service());
        m.put("heterogeneity", config.heterogeneity().spec());
        m.put("slots", config.slots());
        m.put("antagonists", config.antagonists());
        m.put("antagonist_halving_seconds", antagonistHalving.time());
        m.put("antagonist_halving", antagonistHalving.toJson());
        m.put("patience", config.patience());
        m.put(
                "impatience",
                config.impatience().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'));
        m.put("heartbeat_min_ms", config.heartbeat().minMillis());
        m.put("heartbeat_max_ms", config.heartbeat().maxMillis());
        m.put("warmup_tasks", config.warmupTasks());
        m.put("seed", config.seed());
        m.put("events", events);
        return m;
    }

    /** The value, or null when empty: how an absent figure goes into JSON and CSV. */
    public static Double orNull(OptionalDouble v) {
        return v.isPresent() ? v.getAsDouble() : null;
    }
}
