package io.qrouter.tools.fleet;

import io.qrouter.avro.SlotAssignment;
import io.qrouter.tools.sim.ShareHalving;
import io.qrouter.tools.sim.Slowdowns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a fleet run did, computed from every task's record once the fleet has stopped ({@link
 * RunFigures} defines the counts and times). Tasks created during the warm-up ({@link
 * FleetConfig#warmupSeconds()}) are served but left out: the counts and figures are those of the
 * measured tasks, and {@code warmupTasks} says how many were left out.
 *
 * <p>{@code startEpochMillis} is the wall-clock time of fleet second 0; {@code dsrsSlots} are the
 * DSRS slot assignments the job wrote during the run (empty unless read with {@link
 * #withDsrsSlots}); {@code stalls} are the times routing stalled ({@link StallWatch}), in fleet
 * seconds. {@code slowdowns} are the times the servers ran slow, and {@code antagonistHalving} how
 * fast the routing turned away from them ({@link SlowdownResponse}).
 */
public record FleetResult(
        FleetConfig config,
        double producingSeconds,
        double totalSeconds,
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
        Map<String, Map<String, Object>> latencyAnatomySeconds,
        List<ServerSummary> servers,
        List<TaskRecord> tasks,
        FleetSeries series,
        long startEpochMillis,
        List<SlotAssignment> dsrsSlots,
        List<StallWatch.Stall> stalls,
        Slowdowns slowdowns,
        ShareHalving.Result antagonistHalving) {

    static final String IDLE_QUEUE_RULE = "IDLE_QUEUE";

    /** One server's share of the run; {@code mu} is its rate per slot. */
    public record ServerSummary(
            String serverId,
            double mu,
            int slots,
            long received,
            long completed,
            long abandoned,
            long failed,
            double utilisation,
            double meanOccupancy) {}

    static FleetResult of(
            FleetConfig config,
            FleetStats stats,
            List<TaskRecord> tasks,
            FleetServers fleet,
            FleetSeries series,
            double producingSeconds,
            double totalSeconds,
            long startEpochMillis,
            List<StallWatch.Stall> stalls) {
        RunFigures f =
                RunFigures.of(
                        tasks.stream().map(TaskTimeline::of).toList(), config.warmupSeconds());
        Map<String, long[]> perServer = new LinkedHashMap<>();
        for (int i = 0; i < fleet.size(); i++) {
            perServer.put(fleet.id(i), new long[4]);
        }
        for (TaskRecord t : tasks) {
            long[] counts = t.serverId == null ? null : perServer.get(t.serverId);
            if (counts != null) {
                counts[0]++;
                if (t.outcome == TaskRecord.Outcome.COMPLETED) {
                    counts[1]++;
                } else if (t.outcome == TaskRecord.Outcome.ABANDONED) {
                    counts[2]++;
                } else if (t.outcome == TaskRecord.Outcome.FAILED) {
                    counts[3]++;
                }
            }
        }
        List<ServerSummary> servers = new ArrayList<>();
        for (int i = 0; i < fleet.size(); i++) {
            long[] c = perServer.get(fleet.id(i));
            final int index = i;
            double meanOccupancy =
                    series.occupancy.stream()
                            .mapToInt(o -> o.queueLengths()[index])
                            .average()
                            .orElse(0);
            servers.add(
                    new ServerSummary(
                            fleet.id(i),
                            fleet.mu(i),
                            fleet.slots(i),
                            c[0],
                            c[1],
                            c[2],
                            c[3],
                            totalSeconds > 0
                                    ? fleet.busySeconds(i, totalSeconds) / totalSeconds
                                    : 0,
                            meanOccupancy));
        }
        return new FleetResult(
                config,
                producingSeconds,
                totalSeconds,
                f.warmupTasks(),
                f.sent(),
                f.decided(),
                f.completed(),
                f.abandoned(),
                f.failed(),
                f.queuedAtEnd(),
                f.deadLetter(),
                f.undecided(),
                f.unknownServer(),
                f.rejected(),
                stats.duplicateDecisions.get(),
                stats.foreignDecisions.get(),
                stats.otherDeadLetters.get(),
                f.decisionsByRule().getOrDefault(IDLE_QUEUE_RULE, 0L),
                stats.heartbeats.get(),
                stats.sendFailures.get(),
                f.decisionsByRule(),
                f.waitSeconds(),
                f.sojournSeconds(),
                f.decisionLatencySeconds(),
                f.deliveryLatencySeconds(),
                f.latencyAnatomySeconds(),
                List.copyOf(servers),
                tasks,
                series,
                startEpochMillis,
                List.of(),
                List.copyOf(stalls),
                fleet.slowdowns(),
                SlowdownResponse.of(
                        tasks.stream().map(TaskTimeline::of).toList(),
                        servers.stream().map(ServerSummary::serverId).toList(),
                        servers.stream().mapToDouble(ServerSummary::mu).toArray(),
                        fleet.slowdowns(),
                        config.warmupSeconds()));
    }

    /** This result with the DSRS slots of the run (see {@link DsrsAssignmentsReader}). */
    public FleetResult withDsrsSlots(List<SlotAssignment> slots) {
        return new FleetResult(
                config,
                producingSeconds,
                totalSeconds,
                warmupTasks,
                sent,
                decided,
                completed,
                abandoned,
                failed,
                queuedAtEnd,
                deadLetter,
                undecided,
                unknownServer,
                rejected,
                duplicateDecisions,
                foreignDecisions,
                otherDeadLetters,
                idleQueueHits,
                heartbeats,
                sendFailures,
                decisionsByRule,
                waitSeconds,
                sojournSeconds,
                decisionLatencySeconds,
                deliveryLatencySeconds,
                latencyAnatomySeconds,
                servers,
                tasks,
                series,
                startEpochMillis,
                List.copyOf(slots),
                stalls,
                slowdowns,
                antagonistHalving);
    }

    /** Every task's timeline, measured or warm-up, in no particular order: what tasks.csv holds. */
    public List<TaskTimeline> timelines() {
        return tasks.stream().map(TaskTimeline::of).toList();
    }

    /** Decided tasks sent to a server: all decided but the rejected ones. */
    public long admitted() {
        return decided - rejected;
    }

    /** Fraction of decisions made by the idle queue (JIQ), null when nothing was decided. */
    public Double idleQueueRatio() {
        return decided == 0 ? null : (double) idleQueueHits / decided;
    }

    /** The longest stall in seconds, 0 when routing never stalled. */
    public double longestStallSeconds() {
        return stalls.stream().mapToDouble(StallWatch.Stall::seconds).max().orElse(0);
    }

    /** The figures of report.json (unknown values are null, never NaN). */
    public Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("warmup_seconds", config.warmupSeconds());
        out.put("warmup_tasks", warmupTasks);
        out.put("sent", sent);
        out.put("decided", decided);
        out.put("completed", completed);
        out.put("abandoned", abandoned);
        out.put("failed", failed);
        out.put("queued_at_end", queuedAtEnd);
        out.put("dead_letter", deadLetter);
        out.put("undecided", undecided);
        out.put("rejected", rejected);
        out.put("admitted", admitted());
        out.put("abandoned_share", admitted() == 0 ? null : (double) abandoned / admitted());
        out.put("unknown_server", unknownServer);
        out.put("duplicate_decisions", duplicateDecisions);
        out.put("foreign_decisions", foreignDecisions);
        out.put("other_dead_letters", otherDeadLetters);
        out.put("idle_queue_hits", idleQueueHits);
        out.put("idle_queue_ratio", idleQueueRatio());
        out.put("decisions_by_rule", decisionsByRule);
        out.put("heartbeats", heartbeats);
        out.put("send_failures", sendFailures);
        out.put("stall_after_seconds", config.stallAfterSeconds());
        out.put("stalls", stalls.stream().map(StallWatch.Stall::toJson).toList());
        out.put("longest_stall_seconds", longestStallSeconds());
        out.put("producing_seconds", producingSeconds);
        out.put("total_seconds", totalSeconds);
        out.put("throughput_per_second", producingSeconds > 0 ? completed / totalSeconds : null);
        out.put("wait_seconds", waitSeconds);
        out.put("sojourn_seconds", sojournSeconds);
        out.put("decision_latency_seconds", decisionLatencySeconds);
        out.put("delivery_latency_seconds", deliveryLatencySeconds);
        out.put("latency_anatomy_seconds", latencyAnatomySeconds);
        out.put("antagonist_halving_seconds", antagonistHalving.time());
        out.put("antagonist_halving", antagonistHalving.toJson());
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("servers", config.servers());
        workload.put("rate_per_second", config.ratePerSecond());
        workload.put("arrivals", config.arrivals());
        workload.put("load", config.load());
        workload.put("capacity_per_second", config.capacityPerSecond());
        workload.put("mu_spread", config.muSpread());
        workload.put("service", config.serverModel().service());
        workload.put("slots", config.serverModel().slots());
        workload.put("antagonists", config.serverModel().antagonists());
        workload.put("mean_patience_seconds", config.meanPatienceSeconds());
        workload.put("seed", config.seed());
        if (!config.failing().servers().isEmpty()) {
            workload.put("fail_servers", String.join(",", config.failing().servers()));
            workload.put("fail_share", config.failing().share());
        }
        out.put("workload", workload);
        return out;
    }
}
