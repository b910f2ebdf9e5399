package io.qrouter.job.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.tools.kafka.AvroDeserializer;
import io.qrouter.tools.kafka.AvroSerializer;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class AvroCodecTest {
    private final AvroCodec<TaskRequest> tasks = AvroCodec.of(TaskRequest.class);

    private static TaskRequest task(String id) {
        return TaskRequest.newBuilder()
                .setTaskId(id)
                .setCreatedAt(Instant.ofEpochMilli(1_700_000_000_123L))
                .setTaskKey("k")
                .setLoad(2.5)
                .build();
    }

    @Test
    void roundTripsEveryField() {
        TaskRequest original = task("t-1");
        TaskRequest decoded = tasks.decode(tasks.encode(original));
        assertThat(decoded).isEqualTo(original);
        assertThat(decoded.getServiceType()).isEqualTo("default");

        AvroCodec<Heartbeat> heartbeats = AvroCodec.of(Heartbeat.class);
        Heartbeat hb =
                Heartbeat.newBuilder()
                        .setServerId("s-3")
                        .setSentAt(Instant.ofEpochMilli(5L))
                        .setQueueLength(4)
                        .setBusy(true)
                        .setServiceRatePerSecond(12.5)
                        .setHealth(Health.DEGRADED)
                        .setIntervalMillis(250)
                        .build();
        assertThat(heartbeats.decode(heartbeats.encode(hb))).isEqualTo(hb);
    }

    @Test
    void truncatedBytesThrowTheDecodeExceptionNamingTheRecord() {
        byte[] bytes = tasks.encode(task("t-42"));
        byte[] truncated = Arrays.copyOf(bytes, bytes.length - 3);
        assertThatThrownBy(() -> tasks.decode(truncated))
                .isInstanceOf(AvroDecodeException.class)
                .hasMessageContaining("TaskRequest");
    }

    @Test
    void garbageAndTrailingBytesAreRejected() {
        assertThatThrownBy(
                        () ->
                                tasks.decode(
                                        new byte[] {
                                            (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f
                                        }))
                .isInstanceOf(AvroDecodeException.class);
        byte[] good = tasks.encode(task("t-1"));
        byte[] longer = Arrays.copyOf(good, good.length + 2);
        assertThatThrownBy(() -> tasks.decode(longer))
                .isInstanceOf(AvroDecodeException.class)
                .hasMessageContaining("trailing bytes");
        assertThatThrownBy(() -> tasks.decode(null)).isInstanceOf(AvroDecodeException.class);
    }

    @Test
    void aLengthPrefixClaimingMoreThanTheBytesLeftIsABadRecordNotAnAllocation() {
        // "s" then a string length of 1e9 (zig-zag varint) and 3 bytes: Avro's own decoder
        // allocates 1 GB here
        byte[] claims1GB = {
            0x02, 's', (byte) 0x80, (byte) 0xA8, (byte) 0xD6, (byte) 0xB9, 0x07, 1, 2, 3
        };
        AvroCodec<TaskEvent> events = AvroCodec.of(TaskEvent.class);
        assertThatThrownBy(() -> events.decode(claims1GB))
                .isInstanceOf(AvroDecodeException.class)
                .hasMessageContaining("string length 1000000000 outside the 3 bytes left");
        byte[] negative = {0x02, 's', 0x01};
        assertThatThrownBy(() -> events.decode(negative))
                .isInstanceOf(AvroDecodeException.class)
                .hasMessageContaining("string length -1");
    }

    @Test
    void unknownEnumIndexIsABadRecord() {
        AvroCodec<TaskEvent> events = AvroCodec.of(TaskEvent.class);
        byte[] bytes =
                events.encode(
                        TaskEvent.newBuilder()
                                .setServerId("s")
                                .setTaskId("t")
                                .setType(TaskEventType.STARTED)
                                .setEventTime(Instant.ofEpochMilli(1L))
                                .build());
        // layout: len("s")=1 -> 0x02,'s', 0x02,'t', enum index, then the long; index 1 (STARTED)
        // encodes as 0x02
        assertThat(bytes[4]).isEqualTo((byte) 0x02);
        bytes[4] = (byte) 0x28; // index 20: no such symbol
        assertThatThrownBy(() -> events.decode(bytes)).isInstanceOf(AvroDecodeException.class);
    }

    @Test
    void kafkaAdaptersUseTheCodecAndKeepNullAsTombstone() {
        try (AvroSerializer<TaskRequest> ser = new AvroSerializer<>(TaskRequest.class);
                AvroDeserializer<TaskRequest> de = new AvroDeserializer<>(TaskRequest.class)) {
            assertThat(de.deserialize("tasks", ser.serialize("tasks", task("x"))))
                    .isEqualTo(task("x"));
            assertThat(ser.serialize("tasks", null)).isNull();
            assertThat(de.deserialize("tasks", null)).isNull();
        }
    }

    @Test
    void encodingARecordWithAMissingRequiredFieldNamesTheRecord() {
        TaskRequest broken = new TaskRequest();
        assertThatThrownBy(() -> tasks.encode(broken))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TaskRequest");
    }
}
