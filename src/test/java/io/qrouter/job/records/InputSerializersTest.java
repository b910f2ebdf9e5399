package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.util.InstantiationUtil;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * {@link InputSerializers} under Flink's serializer tests. Every field of the schemas is set in
 * some sample, so a field the schema gains and the serializer does not write fails the round trips.
 */
class InputSerializersTest {
    private static final Instant AT = Instant.ofEpochMilli(1_764_950_400_123L);

    /** Enums cross by ordinal: every constant, both ways. */
    @Test
    void everyHealthAndEveryEventTypeCrosses() throws IOException {
        var heartbeats = new InputSerializers.HeartbeatSerializer();
        for (Health health : Health.values()) {
            Heartbeat h =
                    new Heartbeat(
                            "s", AT, 0, false, 1.0, 0.0, 0.0, 0.0, health, 1_000L, false, 1, null,
                            null);
            assertThat(
                            InstantiationUtil.deserializeFromByteArray(
                                    heartbeats,
                                    InstantiationUtil.serializeToByteArray(heartbeats, h)))
                    .isEqualTo(h);
        }
        var events = new InputSerializers.TaskEventSerializer();
        for (TaskEventType type : TaskEventType.values()) {
            TaskEvent e = new TaskEvent("s", "t", type, AT, null, null);
            assertThat(
                            InstantiationUtil.deserializeFromByteArray(
                                    events, InstantiationUtil.serializeToByteArray(events, e)))
                    .isEqualTo(e);
        }
    }

    @Nested
    class Heartbeats extends HandWrittenSerializerTestBase<Heartbeat> {
        @Override
        protected TypeSerializer<Heartbeat> createSerializer() {
            return new InputSerializers.HeartbeatSerializer();
        }

        @Override
        protected Class<Heartbeat> getTypeClass() {
            return Heartbeat.class;
        }

        @Override
        List<Heartbeat> samples() {
            Heartbeat full =
                    new Heartbeat(
                            "edge-gpu-07",
                            AT,
                            11,
                            true,
                            9.5,
                            0.83,
                            0.61,
                            0.27,
                            Health.DEGRADED,
                            1_000L,
                            true,
                            16,
                            9,
                            "hmac-3f2a");
            Heartbeat oneSlot =
                    new Heartbeat(
                            "s-é-1",
                            AT.plusMillis(5),
                            0,
                            false,
                            0.0,
                            0.0,
                            0.0,
                            0.0,
                            Health.HEALTHY,
                            250L,
                            false,
                            1,
                            null,
                            null);
            return List.of(full, oneSlot);
        }
    }

    @Nested
    class TaskEvents extends HandWrittenSerializerTestBase<TaskEvent> {
        @Override
        protected TypeSerializer<TaskEvent> createSerializer() {
            return new InputSerializers.TaskEventSerializer();
        }

        @Override
        protected Class<TaskEvent> getTypeClass() {
            return TaskEvent.class;
        }

        @Override
        List<TaskEvent> samples() {
            TaskEvent abandoned =
                    new TaskEvent(
                            "edge-gpu-07",
                            "t-90817",
                            TaskEventType.ABANDONED,
                            AT,
                            "patience",
                            "hmac-77");
            TaskEvent started = new TaskEvent("s-1", "t-1", TaskEventType.STARTED, AT, null, null);
            return List.of(abandoned, started);
        }
    }
}
