package io.qrouter.tools.fleet;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The figures of a run, computed from its task timelines: the real run's report and its digital
 * twin are computed by this one piece of code, so they compare like for like. Tasks created before
 * the warm-up ends are left out. Every measured task is in one bucket: {@code sent = decided +
 * deadLetter + undecided} and {@code decided = completed + abandoned + failed + queuedAtEnd +
 * unknownServer + rejected}: a task rejected by loss-aware admission was decided, to no server.
 *
 * <p>Times: wait is the time a task spent in its server's queue (service start − arrival at the
 * server: what the routing policy controls; tasks that abandoned or never started have none);
 * sojourn is end to end for completed tasks (completion − creation); decision latency is the job's
 * (decidedAt − createdAt); delivery latency adds the way to the server (decision received −
 * createdAt). The latency anatomy splits the delivery into its hops: the load generator's own lag
 * (handed to the producer − scheduled creation), the producer to the broker, the broker to the
 * router's decision (source poll, network exchange, router), the decision to the broker (sink), the
 * broker to the server (consumer poll), and beside them how late the chosen server's newest update
 * had reached the router. Broker times are the topics' LogAppendTime.
 */
record RunFigures(
        long warmupTasks,
        long sent,
        long decided,
        long completed,
        long abandoned,
        long failed,
        long queuedAtEnd,
        long deadLetter,
        long undecided,
        long unknownServer,
        long rejected,
        Map<String, Long> decisionsByRule,
        Map<String, Object> waitSeconds,
        Map<String, Object> sojournSeconds,
        Map<String, Object> decisionLatencySeconds,
        Map<String, Object> deliveryLatencySeconds,
        Map<String, Map<String, Object>> latencyAnatomySeconds) {

    /** The hops of a decision's way, each from the timestamps that bound it. */
    static final String[] HOPS = {
        "source_lag",
        "producer_to_broker",
        "broker_to_router",
        "router_to_broker",
        "broker_to_server",
        "server_update_to_router"
    };

    static RunFigures of(List<TaskTimeline> tasks, double warmupSeconds) {
        Map<String, Long> byOutcome = new TreeMap<>();
        Map<String, Long> rules = new TreeMap<>();
        List<Double> waits = new ArrayList<>();
        List<Double> sojourns = new ArrayList<>();
        List<Double> decisionLatencies = new ArrayList<>();
        List<Double> deliveryLatencies = new ArrayList<>();
        List<List<Double>> hops = new ArrayList<>();
        for (int h = 0; h < HOPS.length; h++) {
            hops.add(new ArrayList<>());
        }
        long measured = 0;
        ToDoubleFunction<TaskTimeline> updateDelay = TaskTimeline.pipelineUpdateDelay(tasks);
        // in creation order, for the batch means of the wait's interval
        List<TaskTimeline> byCreation =
                tasks.stream().sorted(Comparator.comparingDouble(TaskTimeline::createdAt)).toList();
        for (TaskTimeline t : byCreation) {
            if (t.createdAt() < warmupSeconds) {
                continue;
            }
            measured++;
            byOutcome.merge(t.outcome(), 1L, Long::sum);
            if (t.rule() != null) {
                rules.merge(t.rule(), 1L, Long::sum);
            }
            waits.add(t.startedAt() - t.receivedAt());
            if ("COMPLETED".equals(t.outcome())) {
                sojourns.add(t.finishedAt() - t.createdAt());
            }
            decisionLatencies.add(t.decidedAt() - t.createdAt());
            deliveryLatencies.add(t.receivedAt() - t.createdAt());
            hops.get(0).add(t.sentAt() - t.createdAt());
            hops.get(1).add(t.appendedAt() - t.sentAt());
            hops.get(2).add(t.decidedAt() - t.appendedAt());
            hops.get(3).add(t.decisionAppendedAt() - t.decidedAt());
            hops.get(4).add(t.receivedAt() - t.decisionAppendedAt());
            hops.get(5).add(updateDelay.applyAsDouble(t));
        }
        Map<String, Map<String, Object>> anatomy = new LinkedHashMap<>();
        for (int h = 0; h < HOPS.length; h++) {
            anatomy.put(HOPS[h], summary(hops.get(h)));
        }
        long completed = byOutcome.getOrDefault("COMPLETED", 0L);
        long abandoned = byOutcome.getOrDefault("ABANDONED", 0L);
        long failed = byOutcome.getOrDefault("FAILED", 0L);
        long queued = byOutcome.getOrDefault("QUEUED", 0L);
        long unknownServer = byOutcome.getOrDefault("UNKNOWN_SERVER", 0L);
        long rejected = byOutcome.getOrDefault("REJECTED", 0L);
        return new RunFigures(
                tasks.size() - measured,
                measured,
                completed + abandoned + failed + queued + unknownServer + rejected,
                completed,
                abandoned,
                failed,
                queued,
                byOutcome.getOrDefault("DEAD_LETTER", 0L),
                byOutcome.getOrDefault("UNDECIDED", 0L),
                unknownServer,
                rejected,
                rules,
                waitSummary(waits),
                summary(sojourns),
                summary(decisionLatencies),
                summary(deliveryLatencies),
                anatomy);
    }

    /** The counts and time summaries under report.json's names. */
    Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sent", sent);
        out.put("decided", decided);
        out.put("completed", completed);
        out.put("abandoned", abandoned);
        long admitted = decided - rejected;
        out.put("abandoned_share", admitted == 0 ? null : (double) abandoned / admitted);
        out.put("failed", failed);
        out.put("queued_at_end", queuedAtEnd);
        out.put("wait_seconds", waitSeconds);
        out.put("sojourn_seconds", sojournSeconds);
        return out;
    }

    /**
     * The waits' summary with the 95 % interval of their mean ({@link MeanInterval}; none with too
     * few tasks), whose low end is at least 0 as a wait is.
     */
    private static Map<String, Object> waitSummary(List<Double> inCreationOrder) {
        Map<String, Object> out = summary(inCreationOrder);
        MeanInterval.of(inCreationOrder.stream().mapToDouble(Double::doubleValue).toArray())
                .map(ci -> ci.atLeast(0))
                .ifPresent(
                        ci -> {
                            out.put("mean_ci95_low", ci.low());
                            out.put("mean_ci95_high", ci.high());
                            out.put("mean_ci95_batches", ci.batches());
                        });
        return out;
    }

    private static Map<String, Object> summary(List<Double> values) {
        return Percentiles.of(values.stream().mapToDouble(Double::doubleValue).toArray()).summary();
    }
}
