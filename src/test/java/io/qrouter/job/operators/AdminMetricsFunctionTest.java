package io.qrouter.job.operators;

import static io.qrouter.job.operators.AdminStampTest.initial;
import static io.qrouter.job.operators.AdminStampTest.with;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ServerMetrics;
import io.qrouter.core.control.ControlState;
import io.qrouter.job.state.BroadcastStates;
import java.time.Instant;
import java.util.Map;
import org.apache.flink.streaming.util.BroadcastOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.junit.jupiter.api.Test;

class AdminMetricsFunctionTest {
    private static ServerMetrics metrics(String id, int queue) {
        return ServerMetrics.newBuilder()
                .setServerId(id)
                .setAt(Instant.ofEpochMilli(1_000))
                .setAlive(true)
                .setQueueLength(queue)
                .build();
    }

    private static BroadcastOperatorTestHarness<ServerMetrics, ControlState, ServerMetrics>
            harness() throws Exception {
        return ProcessFunctionTestHarnesses.forBroadcastProcessFunction(
                new AdminMetricsFunction(), BroadcastStates.CONTROL);
    }

    @Test
    void serverMetricsShowEachServersAdministrativeState() throws Exception {
        try (var harness = harness()) {
            harness.processElement(metrics("a", 1), 1_000);
            harness.processBroadcastElement(
                    with(
                            with(
                                    with(initial(), "drain", "a", Map.of()),
                                    "maintenance",
                                    "b",
                                    Map.of()),
                            "weight",
                            "c",
                            Map.of("weight", "2")),
                    1_100);
            harness.processElement(metrics("a", 1), 1_200);
            harness.processElement(metrics("a", 0), 1_300);
            harness.processElement(metrics("b", 0), 1_300);
            harness.processElement(metrics("c", 0), 1_300);
            // a's record again when the drain came, then the records as they arrive
            assertThat(harness.extractOutputValues())
                    .extracting(ServerMetrics::getAdminState)
                    .containsExactly(
                            "active", "draining", "draining", "drained", "maintenance", "active");
            assertThat(harness.extractOutputValues().get(5).getAdminWeight()).isEqualTo(2.0);
        }
    }

    /**
     * The per-server state writes no record while nothing changes: a command must show on the
     * servers' latest records at once, and only on those it changed.
     */
    @Test
    void aCommandWritesTheLatestRecordOfEachServerItChangesAgain() throws Exception {
        try (var harness = harness()) {
            harness.processElement(metrics("a", 0), 1_000);
            harness.processElement(metrics("b", 3), 1_000);
            harness.processElement(metrics("c", 0), 1_000);
            harness.processElement(
                    ServerMetrics.newBuilder(metrics("d", 0)).setAlive(false).build(), 1_000);
            var drainA = with(initial(), "drain", "a", Map.of());
            harness.processBroadcastElement(drainA, 1_100);
            var weighB = with(drainA, "weight", "b", Map.of("weight", "3"));
            harness.processBroadcastElement(weighB, 1_200);
            // d is down: its latest record says so, and stays as written
            harness.processBroadcastElement(with(weighB, "maintenance", "d", Map.of()), 1_300);

            var out = harness.extractOutputValues();
            assertThat(out).hasSize(6);
            assertThat(out.get(4).getServerId()).isEqualTo("a");
            assertThat(out.get(4).getAdminState()).isEqualTo("drained"); // idle: drained at once
            assertThat(out.get(4).getAt()).isEqualTo(out.get(0).getAt());
            assertThat(out.get(5).getServerId()).isEqualTo("b");
            assertThat(out.get(5).getAdminWeight()).isEqualTo(3.0);
            assertThat(out.get(5).getQueueLength()).isEqualTo(3);
            // the records already written are not changed behind the sink's back
            assertThat(out.get(0).getAdminState()).isEqualTo("active");
        }
    }
}
