package io.qrouter.tools.fleet;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.core.policy.Rule;
import io.qrouter.tools.sim.Distribution;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * What the job's outputs do to the fleet ({@link FleetInput} reads them): each decision goes to its
 * server and into the task's record (a REJECTED one, from loss-aware admission, closes the task as
 * rejected: no server), {@code server-metrics} set the heartbeat intervals and the count of servers
 * alive, dead letters close the tasks the job could not route. Records of other runs are served or
 * counted apart, never mixed into this run's figures.
 *
 * <p>Not thread-safe: the fleet's event loop owns it, as it owns the servers.
 */
final class DecisionIntake {
    private final FleetConfig config;
    private final FleetClock clock;
    private final FleetStats stats;
    private final Map<String, TaskRecord> ledger;
    private final FleetServers servers;
    private final FleetSeries series;
    private final FleetHeartbeats heartbeats;
    private final SplittableRandom foreignWork;
    private final Distribution serviceTimes;
    private final Map<String, Boolean> aliveByServer = new HashMap<>();
    private double lastDecisionAt;

    /**
     * @param foreignWork draws the work and patience of tasks of other runs, which are served too
     */
    DecisionIntake(
            FleetConfig config,
            FleetClock clock,
            FleetStats stats,
            Map<String, TaskRecord> ledger,
            FleetServers servers,
            FleetSeries series,
            FleetHeartbeats heartbeats,
            SplittableRandom foreignWork) {
        this.config = config;
        this.clock = clock;
        this.stats = stats;
        this.ledger = ledger;
        this.servers = servers;
        this.series = series;
        this.heartbeats = heartbeats;
        this.foreignWork = foreignWork;
        this.serviceTimes = config.serverModel().serviceTimes();
    }

    /** When the last decision for a task of this run arrived (fleet seconds; 0 before any). */
    double lastDecisionAt() {
        return lastDecisionAt;
    }

    /**
     * A decision, appended to its topic at {@code appendedAt} and received {@code now} (fleet
     * seconds).
     */
    void onDecision(RoutingDecision decision, double appendedAt, double now) {
        Integer index = servers.index(decision.getServerId());
        TaskRecord task = ledger.get(decision.getTaskId());
        if (task == null) {
            // a decision for a task of another run (e.g. a restarted fleet in the same group):
            // serve it anyway
            stats.foreignDecisions.incrementAndGet();
            if (index != null) {
                servers.arrive(
                        index,
                        new FleetTask(
                                decision.getTaskId(),
                                serviceTimes.sample(foreignWork),
                                TaskSource.exponential(foreignWork) * config.meanPatienceSeconds()),
                        now);
            }
            return;
        }
        if (task.outcome != TaskRecord.Outcome.UNDECIDED) {
            stats.duplicateDecisions.incrementAndGet();
            return;
        }
        lastDecisionAt = now;
        task.decidedAt = clock.secondsOf(decision.getDecidedAt().toEpochMilli());
        task.receivedAt = now;
        task.decisionAppendedAt = appendedAt;
        task.updateDelay = seconds(decision.getUpdateDelayMillis());
        task.sampledUpdateDelay = seconds(decision.getSampledUpdateDelayMillis());
        task.rule = decision.getRule();
        task.serverId = decision.getServerId();
        stats.decided.incrementAndGet();
        if (FleetResult.IDLE_QUEUE_RULE.equals(decision.getRule())) {
            stats.idleQueueHits.incrementAndGet();
        }
        series.decision(now, FleetResult.IDLE_QUEUE_RULE.equals(decision.getRule()));
        if (Rule.REJECTED.name().equals(decision.getRule())) {
            task.outcome = TaskRecord.Outcome.REJECTED;
            stats.rejected.incrementAndGet();
            return;
        }
        if (index == null) {
            task.outcome = TaskRecord.Outcome.UNKNOWN_SERVER;
            stats.unknownServer.incrementAndGet();
            return;
        }
        task.outcome = TaskRecord.Outcome.QUEUED;
        servers.arrive(index, task.task, now);
    }

    void onMetrics(ServerMetrics metrics, double now) {
        Integer index = servers.index(metrics.getServerId());
        if (index == null) {
            return;
        }
        heartbeats.recommend(index, metrics.getRecommendedHeartbeatMillis());
        aliveByServer.put(metrics.getServerId(), metrics.getAlive());
        stats.serversAlive =
                (int) aliveByServer.values().stream().filter(Boolean::booleanValue).count();
        series.loadIndex(now, index, metrics.getLoadIndexK());
    }

    void onDeadLetter(DeadLetter letter) {
        TaskRecord task = letter.getTaskId() == null ? null : ledger.get(letter.getTaskId());
        if (task != null && task.outcome == TaskRecord.Outcome.UNDECIDED) {
            task.outcome = TaskRecord.Outcome.DEAD_LETTER;
            stats.deadLettered.incrementAndGet();
        } else {
            stats.otherDeadLetters.incrementAndGet();
        }
    }

    private static double seconds(Long millis) {
        return millis == null ? Double.NaN : millis / 1000.0;
    }
}
