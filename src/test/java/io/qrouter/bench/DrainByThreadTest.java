package io.qrouter.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DrainByThreadTest {
    @Test
    void aThreadIsNamedAfterTheHeadOfItsChain() {
        assertThat(
                        DrainByThread.operatorOf(
                                "router: heartbeat-k-live -> decisions: sink: Writer -> decisions:"
                                        + " sink: Committer (1/1)#0"))
                .isEqualTo("router: heartbeat-k-live");
        assertThat(
                        DrainByThread.operatorOf(
                                "per-server state and metrics -> (control: server arrivals) (1/1)#0"))
                .isEqualTo("per-server state and metrics");
        assertThat(DrainByThread.operatorOf("kafka-producer-network-thread | producer-34"))
                .isEqualTo("kafka-producer-network-thread");
        assertThat(DrainByThread.operatorOf("DSRS slots (1/1)#0")).isEqualTo("DSRS slots");
        assertThat(DrainByThread.operatorOf("AsyncOperations-thread-1"))
                .isEqualTo("AsyncOperations-thread-1");
        assertThat(DrainByThread.operatorOf("x".repeat(60))).hasSize(48).endsWith("…");
    }

    @Test
    void threadsOfOneOperatorAddUpAndTheRestIsWhatNoneOfThemTook() {
        Map<String, Double> perRecord =
                DrainByThread.microsPerRecord(
                        Map.of(
                                "kafka-producer-network-thread | producer-1", 100.0,
                                "kafka-producer-network-thread | producer-2", 150.0,
                                "router: jsq -> decisions: sink: Writer (1/1)#0", 400.0),
                        1_000,
                        500_000);
        assertThat(perRecord.keySet())
                .containsExactly(
                        "router: jsq", "kafka-producer-network-thread", DrainByThread.REST);
        assertThat(perRecord.get("router: jsq")).isCloseTo(0.8, within(1e-12));
        assertThat(perRecord.get("kafka-producer-network-thread")).isCloseTo(0.5, within(1e-12));
        assertThat(perRecord.get(DrainByThread.REST)).isCloseTo(0.7, within(1e-12));
    }
}
