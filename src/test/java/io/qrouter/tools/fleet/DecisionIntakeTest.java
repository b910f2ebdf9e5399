package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.RoutingDecision;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The decisions the job writes, as the fleet takes them in: a REJECTED one (loss-aware admission:
 * no server) closes its task as rejected — decided, never queued, neither lost nor sent to an
 * unknown server — while a decision for an unknown server is still an anomaly.
 */
class DecisionIntakeTest {
    private final FleetConfig config = TestFleetConfigs.twoServers();
    private final FleetClock clock = new FleetClock();
    private final FleetStats stats = new FleetStats();
    private final Map<String, TaskRecord> ledger = new ConcurrentHashMap<>();
    private final FleetServers servers =
            new FleetServers(
                    List.of("server-1", "server-2"),
                    new double[] {5, 5},
                    (serverId, taskId, type, at) -> {});
    private final DecisionIntake intake =
            new DecisionIntake(
                    config,
                    clock,
                    stats,
                    ledger,
                    servers,
                    new FleetSeries(2),
                    new FleetHeartbeats(servers, 1000, clock, beat -> {}),
                    new SplittableRandom(1));

    @Test
    void aRejectedDecisionClosesItsTaskAsRejected() {
        for (String id : List.of("admitted", "rejected", "lost-server")) {
            ledger.put(id, new TaskRecord(new FleetTask(id, 1, 10), 0));
        }
        intake.onDecision(decision("admitted", "server-1", "MIN_K", null), 0.1, 0.2);
        intake.onDecision(decision("rejected", "", "REJECTED", 0.4), 0.1, 0.2);
        intake.onDecision(decision("lost-server", "server-9", "MIN_K", null), 0.1, 0.2);

        assertThat(ledger.get("rejected").outcome).isEqualTo(TaskRecord.Outcome.REJECTED);
        assertThat(ledger.get("admitted").outcome).isEqualTo(TaskRecord.Outcome.QUEUED);
        assertThat(ledger.get("lost-server").outcome).isEqualTo(TaskRecord.Outcome.UNKNOWN_SERVER);
        assertThat(stats.rejected()).isEqualTo(1);
        assertThat(stats.decided()).isEqualTo(3);
        assertThat(servers.queueLength(0)).isEqualTo(1);
        assertThat(servers.queueLength(1)).isZero();

        List<TaskTimeline> timelines = ledger.values().stream().map(TaskTimeline::of).toList();
        RunFigures figures = RunFigures.of(timelines, 0);
        assertThat(figures.rejected()).isEqualTo(1);
        assertThat(figures.unknownServer()).isEqualTo(1);
        assertThat(figures.decided()).isEqualTo(3);
        assertThat(figures.undecided()).isZero();
        assertThat(timelines)
                .filteredOn(TaskTimeline::delivered)
                .extracting(TaskTimeline::taskId)
                .as("a twin replays what reached a server, not the rejected task")
                .containsExactlyInAnyOrder("admitted", "lost-server");
    }

    @Test
    void bothUpdateDelaysReachTasksCsvAndReadBack(@TempDir Path dir) {
        ledger.put("t", new TaskRecord(new FleetTask("t", 1, 10), 0));
        RoutingDecision d = decision("t", "server-1", "MIN_K", null);
        d.setUpdateDelayMillis(12L);
        d.setSampledUpdateDelayMillis(480L);
        intake.onDecision(d, 0.1, 0.2);
        Path file = dir.resolve("tasks.csv");
        TaskTimeline.write(List.of(TaskTimeline.of(ledger.get("t"))), file);

        TaskTimeline read = TaskTimeline.read(file).get(0);
        assertThat(read.updateDelaySeconds()).isEqualTo(0.012);
        assertThat(read.sampledUpdateDelaySeconds()).isEqualTo(0.48);
        assertThat(TaskTimeline.pipelineUpdateDelay(List.of(read)).applyAsDouble(read))
                .isEqualTo(0.48);
        TaskTimeline older =
                TaskTimeline.read(Path.of("src/test/resources/twin/tasks.csv.gz")).get(0);
        assertThat(older.sampledUpdateDelaySeconds())
                .as("a file written before the column existed")
                .isNaN();
        assertThat(TaskTimeline.pipelineUpdateDelay(List.of(older)).applyAsDouble(older))
                .isEqualTo(older.updateDelaySeconds());
    }

    private static RoutingDecision decision(
            String taskId, String serverId, String rule, Double lossProbability) {
        return RoutingDecision.newBuilder()
                .setTaskId(taskId)
                .setServerId(serverId)
                .setRule(rule)
                .setPolicy("heartbeat-k-live")
                .setDecidedAt(Instant.now())
                .setLossProbability(lossProbability)
                .build();
    }
}
