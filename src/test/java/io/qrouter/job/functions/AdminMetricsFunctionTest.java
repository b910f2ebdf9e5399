package io.qrouter.job.functions;

import static io.qrouter.job.functions.AdminStampTest.initial;
import static io.qrouter.job.functions.AdminStampTest.with;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ServerMetrics;
import java.time.Instant;
import java.util.Map;
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

    @Test
    void serverMetricsShowEachServersAdministrativeState() throws Exception {
        try (var harness =
                ProcessFunctionTestHarnesses.forBroadcastProcessFunction(
                        new AdminMetricsFunction(), BroadcastStates.CONTROL)) {
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
            assertThat(harness.extractOutputValues())
                    .extracting(ServerMetrics::getAdminState)
                    .containsExactly("active", "draining", "drained", "maintenance", "active");
            assertThat(harness.extractOutputValues().get(4).getAdminWeight()).isEqualTo(2.0);
        }
    }
}
