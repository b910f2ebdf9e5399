package io.qrouter.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.SlotAssignment;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

/** The Flink floor's pieces: its end marker, its heartbeat log, and the option naming it. */
class FlinkFloorJobTest {
    private static final long SLOT_MILLIS = 1_000;

    /**
     * Checked against the definition by search: the newest slot t with (t + 1)·τ − 1 at or before
     * the watermark, one marker each time that slot changes, none for records.
     */
    @Test
    void marksTheNewestSlotEachWatermarkCloses() throws Exception {
        try (OneInputStreamOperatorTestHarness<Long, SlotAssignment> harness =
                new OneInputStreamOperatorTestHarness<>(new ClosedSlots(SLOT_MILLIS))) {
            harness.open();
            SplittableRandom random = new SplittableRandom(7);
            List<Long> expected = new ArrayList<>();
            long newest = Long.MIN_VALUE;
            long watermark = -5_000;
            for (int i = 0; i < 500; i++) {
                watermark += random.nextInt(3) == 0 ? 1 : random.nextLong(0, 2_500);
                harness.processElement(new StreamRecord<>(0L, watermark));
                harness.processWatermark(new Watermark(watermark));
                long slot = closedBySearch(watermark);
                if (slot > newest) {
                    newest = slot;
                    expected.add(slot);
                }
            }
            assertThat(harness.extractOutputValues())
                    .extracting(SlotAssignment::getSlot)
                    .containsExactlyElementsOf(expected);
            assertThat(harness.extractOutputValues())
                    .allSatisfy(
                            s ->
                                    assertThat(s.getSlotEnd().toEpochMilli())
                                            .isEqualTo(
                                                    s.getSlotStart().toEpochMilli() + SLOT_MILLIS));
        }
    }

    @Test
    void slotBoundaries() {
        assertThat(ClosedSlots.newestClosed(998, SLOT_MILLIS)).isEqualTo(-1);
        assertThat(ClosedSlots.newestClosed(999, SLOT_MILLIS)).isZero();
        assertThat(ClosedSlots.newestClosed(-1, SLOT_MILLIS)).isEqualTo(-1);
        assertThat(ClosedSlots.newestClosed(Long.MAX_VALUE, SLOT_MILLIS))
                .isEqualTo(Long.MAX_VALUE / SLOT_MILLIS - 1);
    }

    @Test
    void logsAHeartbeatAsReported() {
        Heartbeat beat =
                Heartbeat.newBuilder()
                        .setServerId("s-3")
                        .setSentAt(Instant.ofEpochMilli(12_345))
                        .setQueueLength(4)
                        .setBusy(true)
                        .setServiceRatePerSecond(10.0)
                        .setCpu(0.5)
                        .setMemory(0.25)
                        .setBandwidth(1.0)
                        .setHealth(Health.HEALTHY)
                        .setIntervalMillis(1_000)
                        .setLeaving(false)
                        .build();
        HeartbeatLog logged = new FlinkFloorJob.AsLogged().map(beat);
        assertThat(logged.getServerId()).isEqualTo("s-3");
        assertThat(logged.getTimestamp()).isEqualTo(beat.getSentAt());
        assertThat(logged.getStatus().getQueueLength()).isEqualTo(4);
        assertThat(logged.getStatus().getCpu()).isEqualTo(0.5);
        assertThat(logged.getStatus().getHealth()).isEqualTo(Health.HEALTHY);
        assertThat(logged.getHeartbeatIntervalMillis()).isEqualTo(1_000);
        assertThat(logged.getEvents().getEnqueued()).isZero();
    }

    @Test
    void anUnknownJobNamesTheOptionAndItsValues() {
        assertThat(BenchedJob.of("flink-floor")).isEqualTo(BenchedJob.FLINK_FLOOR);
        assertThat(BenchedJob.of("qrouter")).isEqualTo(BenchedJob.QROUTER);
        assertThatThrownBy(() -> BenchedJob.of("flink"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--job must be qrouter or flink-floor (got flink)");
    }

    private static long closedBySearch(long watermark) {
        long slot = Math.floorDiv(watermark, SLOT_MILLIS) + 1;
        while ((slot + 1) * SLOT_MILLIS - 1 > watermark) {
            slot--;
        }
        return slot;
    }
}
