package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.sim.Slowdowns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A fleet run's slots and slowdowns reach its report and its twin: the decisions of
 * ShareHalvingTest's hand-made case (server-1 gets every other decision, one every 0.02 s, until
 * 10.5, then none; it slows down at 10; one mean service time is 1 s), made by a fleet of a
 * one-slot and a two-slot server.
 */
class FleetSlowdownsTest {
    private static final Slowdowns SERVER_1_AT_10 =
            new Slowdowns(3, 4, 20, new double[] {10, Double.NaN});

    private static FleetResult run() {
        FleetConfig config =
                new FleetConfig(
                        "localhost:9092",
                        2,
                        1.6,
                        "poisson",
                        0.8,
                        0,
                        2,
                        1000,
                        1,
                        "t",
                        "g",
                        Map.of(),
                        0,
                        5,
                        FailingServers.NONE,
                        new ServerModel("exp", "1:0.5,2:0.5", "1:3:4s/20s"));
        FleetServers servers =
                new FleetServers(
                        FleetServers.numberedIds(2),
                        new double[] {1, 1},
                        new int[] {1, 2},
                        SERVER_1_AT_10,
                        new double[2],
                        new SplittableRandom[2],
                        (serverId, taskId, type, at) -> {});
        List<TaskRecord> records = new ArrayList<>();
        for (int k = 0; k < 2000; k++) {
            double at = 0.005 + 0.01 * k;
            TaskRecord t = new TaskRecord(new FleetTask("task-" + k, 0.5, 2), at);
            t.decidedAt = at;
            t.receivedAt = at;
            t.startedAt = at;
            t.finishedAt = at + 0.5;
            t.serverId = k % 2 == 0 && at <= 10.5 ? "server-1" : "server-2";
            t.rule = "MIN_K";
            t.outcome = TaskRecord.Outcome.COMPLETED;
            records.add(t);
        }
        return FleetResult.of(
                config,
                new FleetStats(),
                records,
                servers,
                new FleetSeries(2),
                20,
                21,
                0,
                List.of());
    }

    @Test
    void theReportMeasuresHowFastTheSlowedServersShareHalved() {
        FleetResult r = run();
        assertThat(r.servers()).extracting(FleetResult.ServerSummary::slots).containsExactly(1, 2);
        Map<String, Object> json = r.toJson();
        assertThat((Double) json.get("antagonist_halving_seconds")).isCloseTo(0.985, within(1e-9));
        @SuppressWarnings("unchecked")
        Map<String, Object> workload = (Map<String, Object>) json.get("workload");
        assertThat(workload)
                .containsEntry("slots", "1:0.5,2:0.5")
                .containsEntry("antagonists", "1:3:4s/20s");
        assertThat(FleetReport.summaryTable(r))
                .contains("share halved 0.985 s after a slowdown started");
    }

    @Test
    void theTwinReplaysTheRunsSlotsAndSlowdowns() {
        FleetResult r = run();
        DigitalTwin.Servers servers = DigitalTwin.Servers.of(r);
        assertThat(servers.slots()).containsExactly(1, 2);
        assertThat(servers.slowdowns()).isSameAs(SERVER_1_AT_10);
        EstimatorConfig estimators = new EstimatorConfig();
        estimators.setWindowMillis(20_000);
        estimators.setBucketCount(20);
        Map<String, Object> twin =
                DigitalTwin.predict(
                        r,
                        new DigitalTwin.JobModel(
                                PolicyName.JSQ,
                                1,
                                new AdaptiveHeartbeat(200, 1000),
                                estimators.validate(),
                                1,
                                0,
                                true),
                        3);
        assertThat(twin)
                .containsKey("antagonist_halving_seconds")
                .containsKey("antagonist_halving");
        assertThat(twin.get("decided")).isEqualTo(2000L);
    }
}
