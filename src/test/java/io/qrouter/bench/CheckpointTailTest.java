package io.qrouter.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.tools.report.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class CheckpointTailTest {
    private static final long T0 = 1_800_000_000_000L;

    /**
     * One decision read back every millisecond for 5 s; checkpoints triggered at 500, 1500, …, 4500
     * ms; a decision read back in the 30 ms after a trigger took 10 ms, any other 1 ms.
     */
    @Test
    void splitsTheDecisionsByTheirTimeSinceTheLastTrigger() {
        List<Long> triggers = List.of(T0 + 500, T0 + 1500, T0 + 2500, T0 + 3500, T0 + 4500);
        Receipts receipts = new Receipts();
        for (long at = T0; at < T0 + 5000; at++) {
            long since = (at - T0 - 500) % 1000;
            boolean slow = at >= T0 + 500 && since < 30;
            receipts.add(at, slow ? 10_000 : 1_000);
        }

        CheckpointTail tail = CheckpointTail.of(receipts, triggers);

        assertThat(tail.checkpoints()).isEqualTo(5);
        // 5 windows of 100 ms in a span of 4,999 ms
        assertThat(tail.windowShare()).isCloseTo(500.0 / 4999, within(1e-12));
        assertThat(tail.tasksInWindows()).isEqualTo(500);
        assertThat(tail.tasksOutside()).isEqualTo(4500);
        // 150 of the 500 in the windows were slow: well above 1 %
        assertThat(tail.p99InWindowsMillis()).isEqualTo(10.0);
        assertThat(tail.p99OutsideMillis()).isEqualTo(1.0);
        assertThat(tail.buckets()).hasSize(20);
        for (CheckpointTail.Bucket bucket : tail.buckets()) {
            assertThat(bucket.tasks())
                    .as("bucket %d ms", bucket.sinceTriggerMillis())
                    .isEqualTo(50);
            double expected = bucket.sinceTriggerMillis() < 30 ? 10.0 : 1.0;
            assertThat(bucket.p50Millis()).isEqualTo(expected);
            assertThat(bucket.p99Millis()).isEqualTo(expected);
        }
    }

    @Test
    void aDecisionBeforeTheFirstTriggerIsOutsideEveryWindow() {
        long[] triggers = {T0 + 10, T0 + 10, T0 + 50};
        assertThat(CheckpointTail.sinceLastTrigger(triggers, T0)).isEqualTo(-1);
        assertThat(CheckpointTail.sinceLastTrigger(triggers, T0 + 10)).isZero();
        assertThat(CheckpointTail.sinceLastTrigger(triggers, T0 + 49)).isEqualTo(39);
        assertThat(CheckpointTail.sinceLastTrigger(triggers, T0 + 51)).isEqualTo(1);
        assertThat(CheckpointTail.sinceLastTrigger(new long[0], T0)).isEqualTo(-1);
    }

    @Test
    void windowsCloserThanTheirLengthAreCountedOnce() {
        // windows [0, 40) and [40, 140) clipped to the span [20, 120]: 20 + 80 of 100 ms
        long[] triggers = {T0, T0 + 40};
        assertThat(CheckpointTail.windowShare(triggers, T0 + 20, T0 + 120)).isEqualTo(1.0);
        assertThat(CheckpointTail.windowShare(triggers, T0 + 200, T0 + 300)).isZero();
    }

    @Test
    void withoutCheckpointsEverythingIsOutside() {
        Receipts receipts = new Receipts();
        for (int i = 0; i < 2000; i++) {
            receipts.add(T0 + i, 1000 + i);
        }
        CheckpointTail tail = CheckpointTail.of(receipts, List.of());
        assertThat(tail.checkpoints()).isZero();
        assertThat(tail.tasksInWindows()).isZero();
        assertThat(tail.p99InWindowsMillis()).isNaN();
        assertThat(tail.tasksOutside()).isEqualTo(2000);
        // nearest rank: the 1,980th smallest of 1,000..2,999 µs
        assertThat(tail.p99OutsideMillis()).isEqualTo(2.979);
        assertThat(Json.write(tail.toJson())).doesNotContain("NaN");
    }

    @Test
    void readsTheTriggerTimesOfFlinksCheckpointHistory() throws Exception {
        String answer =
                """
                {"counts": {"completed": 2}, "history": [
                  {"id": 3, "status": "IN_PROGRESS", "trigger_timestamp": 1800000004000},
                  {"id": 2, "status": "COMPLETED", "trigger_timestamp": 1800000002000},
                  {"id": 1, "status": "COMPLETED", "trigger_timestamp": 1800000000000}]}
                """;
        assertThat(CheckpointHistory.triggerTimes(Json.MAPPER.readTree(answer)))
                .containsExactly(1800000000000L, 1800000002000L, 1800000004000L);
    }
}
