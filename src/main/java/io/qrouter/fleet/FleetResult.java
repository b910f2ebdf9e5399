package io.qrouter.fleet;

import io.qrouter.avro.SlotAssignment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a fleet run did, computed from every task's record once the fleet has stopped. Every task sent is in
 * exactly one bucket: {@code sent = decided + deadLetter + undecided} and
 * {@code decided = completed + abandoned + queuedAtEnd + unknownServer}.
 *
 * <p>Times: wait is the time a task spent in its server's queue (service start − arrival at the server: what the
 * routing policy controls); sojourn is end to end for completed tasks (completion − creation: routing, delivery,
 * wait and service); decision latency is the job's (decidedAt − createdAt); delivery latency adds the exactly-once
 * commit (decision received by the fleet − createdAt).
 *
 * <p>{@code startEpochMillis} is the wall-clock time of fleet second 0; {@code dsrsSlots} are the DSRS slot
 * assignments the job wrote during the run (empty unless read with {@link #withDsrsSlots}).
 */
public record FleetResult(
        FleetConfig config,
        double producingSeconds,
        double totalSeconds,
        long sent,
        long decided,
        long completed,
        long abandoned,
        long queuedAtEnd,
        long deadLetter,
        long undecided,
        long unknownServer,
        long duplicateDecisions,
        long foreignDecisions,
        long otherDeadLetters,
        long idleQueueHits,
        long heartbeats,
        long sendFailures,
        Map<String, Long> decisionsByRule,
        Map<String, Object> waitSeconds,
        Map<String, Object> sojournSeconds,
        Map<String, Object> decisionLatencySeconds,
        Map<String, Object> deliveryLatencySeconds,
        List<ServerSummary> servers,
        List<TaskRecord> tasks,
        FleetSeries series,
        long startEpochMillis,
        List<SlotAssignment> dsrsSlots) {

    /** One server's share of the run. */
    public record ServerSummary(String serverId, double mu, long received, long completed, long abandoned,
            double utilisation, double meanOccupancy) {}

    static FleetResult of(FleetConfig config, FleetStats stats, List<TaskRecord> tasks, List<SimulatedServer> fleet,
            FleetSeries series, double producingSeconds, double totalSeconds, long startEpochMillis) {
        long[] byOutcome = new long[TaskRecord.Outcome.values().length];
        List<Double> waits = new ArrayList<>();
        List<Double> sojourns = new ArrayList<>();
        List<Double> decisionLatencies = new ArrayList<>();
        List<Double> deliveryLatencies = new ArrayList<>();
        Map<String, long[]> perServer = new LinkedHashMap<>();
        for (SimulatedServer s : fleet) {
            perServer.put(s.id(), new long[3]);
        }
        for (TaskRecord t : tasks) {
            byOutcome[t.outcome.ordinal()]++;
            waits.add(t.startedAt - t.receivedAt);
            if (t.outcome == TaskRecord.Outcome.COMPLETED) {
                sojourns.add(t.finishedAt - t.createdAt);
            }
            decisionLatencies.add(t.decidedAt - t.createdAt);
            deliveryLatencies.add(t.receivedAt - t.createdAt);
            long[] counts = t.serverId == null ? null : perServer.get(t.serverId);
            if (counts != null) {
                counts[0]++;
                if (t.outcome == TaskRecord.Outcome.COMPLETED) {
                    counts[1]++;
                } else if (t.outcome == TaskRecord.Outcome.ABANDONED) {
                    counts[2]++;
                }
            }
        }
        List<ServerSummary> servers = new ArrayList<>();
        for (int i = 0; i < fleet.size(); i++) {
            SimulatedServer s = fleet.get(i);
            long[] c = perServer.get(s.id());
            final int index = i;
            double meanOccupancy = series.occupancy.stream().mapToInt(o -> o.queueLengths()[index]).average().orElse(0);
            servers.add(new ServerSummary(s.id(), s.mu(), c[0], c[1], c[2],
                    totalSeconds > 0 ? s.busySeconds(totalSeconds) / totalSeconds : 0, meanOccupancy));
        }
        long decided = byOutcome[TaskRecord.Outcome.QUEUED.ordinal()] + byOutcome[TaskRecord.Outcome.COMPLETED.ordinal()]
                + byOutcome[TaskRecord.Outcome.ABANDONED.ordinal()] + byOutcome[TaskRecord.Outcome.UNKNOWN_SERVER.ordinal()];
        Map<String, Long> rules = new TreeMap<>();
        stats.decisionsByRule.forEach((rule, n) -> rules.put(rule, n.get()));
        return new FleetResult(config, producingSeconds, totalSeconds,
                tasks.size(), decided,
                byOutcome[TaskRecord.Outcome.COMPLETED.ordinal()],
                byOutcome[TaskRecord.Outcome.ABANDONED.ordinal()],
                byOutcome[TaskRecord.Outcome.QUEUED.ordinal()],
                byOutcome[TaskRecord.Outcome.DEAD_LETTER.ordinal()],
                byOutcome[TaskRecord.Outcome.UNDECIDED.ordinal()],
                byOutcome[TaskRecord.Outcome.UNKNOWN_SERVER.ordinal()],
                stats.duplicateDecisions.get(), stats.foreignDecisions.get(), stats.otherDeadLetters.get(),
                stats.idleQueueHits.get(), stats.heartbeats.get(), stats.sendFailures.get(), rules,
                summary(waits), summary(sojourns), summary(decisionLatencies), summary(deliveryLatencies),
                List.copyOf(servers), tasks, series, startEpochMillis, List.of());
    }

    /** This result with the DSRS slots of the run (see {@link DsrsAssignmentsReader}). */
    public FleetResult withDsrsSlots(List<SlotAssignment> slots) {
        return new FleetResult(config, producingSeconds, totalSeconds, sent, decided, completed, abandoned, queuedAtEnd,
                deadLetter, undecided, unknownServer, duplicateDecisions, foreignDecisions, otherDeadLetters,
                idleQueueHits, heartbeats, sendFailures, decisionsByRule, waitSeconds, sojournSeconds,
                decisionLatencySeconds, deliveryLatencySeconds, servers, tasks, series, startEpochMillis,
                List.copyOf(slots));
    }

    private static Map<String, Object> summary(List<Double> values) {
        return Percentiles.of(values.stream().mapToDouble(Double::doubleValue).toArray()).summary();
    }

    /** Fraction of decisions made by the idle queue (JIQ), null when nothing was decided. */
    public Double idleQueueRatio() {
        return decided == 0 ? null : (double) idleQueueHits / decided;
    }

    /** The figures of report.json (unknown values are null, never NaN). */
    public Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("sent", sent);
        out.put("decided", decided);
        out.put("completed", completed);
        out.put("abandoned", abandoned);
        out.put("queued_at_end", queuedAtEnd);
        out.put("dead_letter", deadLetter);
        out.put("undecided", undecided);
        out.put("unknown_server", unknownServer);
        out.put("duplicate_decisions", duplicateDecisions);
        out.put("foreign_decisions", foreignDecisions);
        out.put("other_dead_letters", otherDeadLetters);
        out.put("idle_queue_hits", idleQueueHits);
        out.put("idle_queue_ratio", idleQueueRatio());
        out.put("decisions_by_rule", decisionsByRule);
        out.put("heartbeats", heartbeats);
        out.put("send_failures", sendFailures);
        out.put("producing_seconds", producingSeconds);
        out.put("total_seconds", totalSeconds);
        out.put("throughput_per_second", producingSeconds > 0 ? completed / totalSeconds : null);
        out.put("wait_seconds", waitSeconds);
        out.put("sojourn_seconds", sojournSeconds);
        out.put("decision_latency_seconds", decisionLatencySeconds);
        out.put("delivery_latency_seconds", deliveryLatencySeconds);
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("servers", config.servers());
        workload.put("rate_per_second", config.ratePerSecond());
        workload.put("arrivals", config.arrivals());
        workload.put("load", config.load());
        workload.put("capacity_per_second", config.capacityPerSecond());
        workload.put("mu_spread", config.muSpread());
        workload.put("mean_patience_seconds", config.meanPatienceSeconds());
        workload.put("seed", config.seed());
        out.put("workload", workload);
        return out;
    }
}
