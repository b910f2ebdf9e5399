package io.qrouter.job.serde;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.text.Printable;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RecordLimits;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.types.Either;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

class DeadLetteringDeserializerTest {
    private static final long DAY_MILLIS = Duration.ofDays(1).toMillis();
    private static final Instant NOW = Instant.parse("2026-11-30T09:00:00Z");

    private static final RecordLimits LIMITS =
            RecordLimits.from(
                    JobConfig.defaults()
                            .with("validation.max-future.ms", Long.toString(DAY_MILLIS)));

    private final DeadLetteringDeserializer<TaskRequest> tasks =
            new DeadLetteringDeserializer<>(
                    TaskRequest.class, InputChecks.taskRequest(LIMITS), LIMITS);
    private final DeadLetteringDeserializer<TaskEvent> events =
            new DeadLetteringDeserializer<>(TaskEvent.class, InputChecks.taskEvent(LIMITS), LIMITS);
    private final DeadLetteringDeserializer<Heartbeat> heartbeats =
            new DeadLetteringDeserializer<>(Heartbeat.class, InputChecks.heartbeat(LIMITS), LIMITS);

    @Test
    void validRecordsPassUnchanged() {
        TaskRequest task = task("t-1", NOW.minusSeconds(5));
        Heartbeat beat = heartbeat("s-1");
        TaskEvent event = event("s-1", "t-1", TaskEventType.STARTED);

        assertThat(decode(tasks, encode(task)).right()).isEqualTo(task);
        assertThat(decode(heartbeats, encode(beat)).right()).isEqualTo(beat);
        assertThat(decode(events, encode(event)).right()).isEqualTo(event);
    }

    @Test
    void badBytesBecomeADeadLetterWithTopicPartitionOffsetAndTheBytes() {
        byte[] garbage = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F};
        ConsumerRecord<byte[], byte[]> record =
                new ConsumerRecord<>("tasks", 3, 42L, null, garbage);

        DeadLetter dead = tasks.decode(record, NOW.toEpochMilli()).left();

        assertThat(dead.getSourceTopic()).isEqualTo("tasks");
        assertThat(dead.getPartition()).isEqualTo(3);
        assertThat(dead.getOffset()).isEqualTo(42L);
        assertThat(dead.getReason()).contains("not a valid TaskRequest");
        assertThat(dead.getRawBytes()).isEqualTo(ByteBuffer.wrap(garbage));
        assertThat(dead.getRawLength()).isEqualTo(garbage.length);
        assertThat(dead.getRawSha256()).isEqualTo(AnyInputBytesTest.sha256(garbage));
        assertThat(dead.getAt()).isEqualTo(NOW);
        assertThat(dead.getTaskId()).isNull();
    }

    @Test
    void truncatedRecordAndNullValueAreDeadLetters() {
        byte[] whole = encode(task("t-1", NOW));
        byte[] truncated = Arrays.copyOf(whole, whole.length - 3);

        assertThat(decode(tasks, truncated).left().getReason()).contains("not a valid TaskRequest");
        assertThat(decode(tasks, null).left().getReason()).contains("null value");
    }

    @Test
    void absurdTimesAreDeadLettered() {
        DeadLetter before2000 =
                decode(tasks, encode(task("t-old", Instant.parse("1999-12-31T23:59:59Z")))).left();
        DeadLetter epochZero =
                decode(
                                events,
                                encode(
                                        TaskEvent.newBuilder()
                                                .setServerId("s-1")
                                                .setTaskId("t-1")
                                                .setType(TaskEventType.ENQUEUED)
                                                .setEventTime(Instant.EPOCH)
                                                .build()))
                        .left();
        DeadLetter twoDaysAhead =
                decode(tasks, encode(task("t-future", NOW.plus(Duration.ofDays(2))))).left();

        assertThat(before2000.getReason())
                .startsWith("createdAt: absurd time")
                .contains("before 2000-01-01");
        assertThat(before2000.getTaskId()).isEqualTo("t-old");
        assertThat(epochZero.getReason()).startsWith("eventTime: absurd time");
        assertThat(twoDaysAhead.getReason())
                .startsWith("createdAt: absurd time")
                .contains("ahead of");
        // an hour ahead is clock skew, not absurd
        assertThat(decode(tasks, encode(task("t-skew", NOW.plus(Duration.ofHours(1))))).isRight())
                .isTrue();
    }

    @Test
    void missingIdsAreDeadLettered() {
        assertThat(decode(tasks, encode(task(" ", NOW))).left().getReason())
                .isEqualTo("taskId: missing or empty id");
        assertThat(
                        decode(events, encode(event("", "t-1", TaskEventType.COMPLETED)))
                                .left()
                                .getReason())
                .isEqualTo("serverId: missing or empty id");
        assertThat(
                        decode(
                                        heartbeats,
                                        encode(
                                                Heartbeat.newBuilder(heartbeat("x"))
                                                        .setServerId("")
                                                        .build()))
                                .left()
                                .getReason())
                .isEqualTo("serverId: missing or empty id");
    }

    @Test
    void unknownEnumSymbolIsDeadLettered() {
        DeadLetter unknownType =
                decode(events, encode(event("s-1", "t-9", TaskEventType.UNKNOWN))).left();
        assertThat(unknownType.getReason()).isEqualTo("type: unknown event type");
        assertThat(unknownType.getTaskId()).isEqualTo("t-9");

        // Symbol index 42 does not exist: written by a producer whose schema this job does not
        // know.
        byte[] bytes = encode(event("s1", "t1", TaskEventType.ENQUEUED));
        assertThat(bytes[6]).isZero(); // "s1" and "t1" take 3 bytes each, then the enum index 0
        bytes[6] = 84; // zig-zag of 42
        assertThat(decode(events, bytes).left().getReason()).contains("not a valid TaskEvent");

        assertThat(
                        decode(
                                        heartbeats,
                                        encode(
                                                Heartbeat.newBuilder(heartbeat("s-1"))
                                                        .setHealth(Health.UNKNOWN)
                                                        .build()))
                                .left()
                                .getReason())
                .isEqualTo("health: unknown health");
    }

    @Test
    void slotsOutOfRangeAndMoreTasksInServiceThanSlotsAreDeadLettered() {
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setSlots(0)))
                .isEqualTo("slots: must be in [1, 100000] (0)");
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setSlots(100_001)))
                .isEqualTo("slots: must be in [1, 100000] (100001)");
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setSlots(4).setInService(5)))
                .isEqualTo("inService: must be in [0, slots = 4] (5)");
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setSlots(4).setInService(-1)))
                .isEqualTo("inService: must be in [0, slots = 4] (-1)");
    }

    @Test
    void negativeCountsAndRatesAndNaNAreDeadLettered() {
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setQueueLength(-1)))
                .isEqualTo("queueLength: negative (-1)");
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setServiceRatePerSecond(-2.5)))
                .isEqualTo("serviceRatePerSecond: negative (-2.5)");
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setCpu(Double.NaN)))
                .isEqualTo("cpu: not a finite number (NaN)");
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setMemory(1.5)))
                .isEqualTo("memory: outside [0, 1] (1.5)");
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setIntervalMillis(0)))
                .isEqualTo("intervalMillis: must be > 0 (0)");
        assertThat(
                        decode(
                                        tasks,
                                        encode(
                                                TaskRequest.newBuilder(task("t-1", NOW))
                                                        .setLoad(Double.NaN)
                                                        .build()))
                                .left()
                                .getReason())
                .isEqualTo("load: not a finite number (NaN)");
    }

    @Test
    void idsAndKeysLongerThanTheirLimitAreDeadLettered() {
        String longId = "t".repeat(257);
        assertThat(decode(tasks, encode(task(longId, NOW))).left().getReason())
                .isEqualTo("taskId: longer than validation.max-id-length = 256 characters (257)");
        assertThat(decode(tasks, encode(task("t-256-" + "x".repeat(250), NOW))).isRight()).isTrue();
        assertThat(
                        decode(
                                        tasks,
                                        encode(
                                                TaskRequest.newBuilder(task("t-1", NOW))
                                                        .setServiceType("s".repeat(300))
                                                        .build()))
                                .left()
                                .getReason())
                .startsWith("serviceType: longer than validation.max-id-length");
        assertThat(
                        decode(
                                        tasks,
                                        encode(
                                                TaskRequest.newBuilder(task("t-1", NOW))
                                                        .setTaskKey("k".repeat(1025))
                                                        .build()))
                                .left()
                                .getReason())
                .isEqualTo(
                        "taskKey: longer than validation.max-task-key-length = 1024 characters (1025)");
        assertThat(
                        decode(events, encode(event("s".repeat(600), "t-1", TaskEventType.STARTED)))
                                .left()
                                .getReason())
                .startsWith("serverId: longer than validation.max-id-length");
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s".repeat(614_400)))))
                .isEqualTo(
                        "serverId: longer than validation.max-id-length = 256 characters (614400)");
    }

    @Test
    void numbersAboveTheirPlausibleRangeAreDeadLettered() {
        assertThat(reasonFor(Heartbeat.newBuilder(heartbeat("s-1")).setServiceRatePerSecond(1e308)))
                .isEqualTo(
                        "serviceRatePerSecond: above validation.max-service-rate = 1000000 (1.0E308)");
        assertThat(
                        reasonFor(
                                Heartbeat.newBuilder(heartbeat("s-1"))
                                        .setServiceRatePerSecond(Double.MIN_VALUE)))
                .isEqualTo(
                        "serviceRatePerSecond: below validation.min-service-rate = 1.0E-6 (4.9E-324); 0 means not known");
        assertThat(
                        reasonFor(
                                Heartbeat.newBuilder(heartbeat("s-1"))
                                        .setIntervalMillis(Long.MAX_VALUE)))
                .isEqualTo(
                        "intervalMillis: above validation.max-heartbeat-interval.ms = 3600000 (9.223372036854776E18)");
        assertThat(
                        reasonFor(
                                Heartbeat.newBuilder(heartbeat("s-1"))
                                        .setQueueLength(Integer.MAX_VALUE)))
                .isEqualTo("queueLength: above validation.max-queue-length = 1000000 (2147483647)");
        assertThat(
                        decode(
                                        tasks,
                                        encode(
                                                TaskRequest.newBuilder(task("t-1", NOW))
                                                        .setLoad(1e10)
                                                        .build()))
                                .left()
                                .getReason())
                .isEqualTo("load: above validation.max-task-load = 1000000000 (10000000000)");
        // the bounds themselves are accepted
        assertThat(
                        decode(
                                        heartbeats,
                                        encode(
                                                Heartbeat.newBuilder(heartbeat("s-1"))
                                                        .setServiceRatePerSecond(1e6)
                                                        .setIntervalMillis(3_600_000)
                                                        .setQueueLength(1_000_000)
                                                        .build()))
                                .isRight())
                .isTrue();
        assertThat(
                        decode(
                                        heartbeats,
                                        encode(
                                                Heartbeat.newBuilder(heartbeat("s-1"))
                                                        .setServiceRatePerSecond(1e-6)
                                                        .build()))
                                .isRight())
                .isTrue();
        assertThat(
                        decode(
                                        heartbeats,
                                        encode(
                                                Heartbeat.newBuilder(heartbeat("s-1"))
                                                        .setServiceRatePerSecond(0)
                                                        .build()))
                                .isRight())
                .isTrue();
    }

    @Test
    void aDeadLetterKeepsABoundedPrefixTheLengthAndTheHashOfAHugeRecord() {
        TaskRequest huge =
                TaskRequest.newBuilder(task("t".repeat(1_000_000), NOW))
                        .setLoad(Double.NaN)
                        .build();
        byte[] bytes = encode(huge);

        DeadLetter dead = decode(tasks, bytes).left();

        assertThat(dead.getReason())
                .isEqualTo(
                        "taskId: longer than validation.max-id-length = 256 characters (1000000)");
        assertThat(dead.getRawLength()).isEqualTo(bytes.length);
        assertThat(dead.getRawBytes()).isEqualTo(ByteBuffer.wrap(Arrays.copyOf(bytes, 1024)));
        assertThat(dead.getRawSha256()).isEqualTo(AnyInputBytesTest.sha256(bytes));
        assertThat(dead.getTaskId()).isEqualTo("t".repeat(255) + Printable.TRUNCATED);
        int encoded = encode(dead).length;
        assertThat(encoded).isLessThan(2_000).isLessThanOrEqualTo(LIMITS.maxDeadLetterBytes());
    }

    private String reasonFor(Heartbeat.Builder beat) {
        return decode(heartbeats, encode(beat.build())).left().getReason();
    }

    private static <T extends SpecificRecordBase> Either<DeadLetter, T> decode(
            DeadLetteringDeserializer<T> deserializer, byte[] value) {
        return deserializer.decode(
                new ConsumerRecord<>("topic", 0, 7L, null, value), NOW.toEpochMilli());
    }

    @SuppressWarnings("unchecked")
    private static <T extends SpecificRecordBase> byte[] encode(T record) {
        return AvroCodec.of((Class<T>) record.getClass()).encode(record);
    }

    private static TaskRequest task(String id, Instant createdAt) {
        return TaskRequest.newBuilder().setTaskId(id).setCreatedAt(createdAt).build();
    }

    private static TaskEvent event(String serverId, String taskId, TaskEventType type) {
        return TaskEvent.newBuilder()
                .setServerId(serverId)
                .setTaskId(taskId)
                .setType(type)
                .setEventTime(NOW.minusMillis(100))
                .build();
    }

    private static Heartbeat heartbeat(String serverId) {
        return Heartbeat.newBuilder()
                .setServerId(serverId)
                .setSentAt(NOW)
                .setQueueLength(2)
                .setBusy(true)
                .setServiceRatePerSecond(4.0)
                .setCpu(0.5)
                .setMemory(0.25)
                .setBandwidth(0.1)
                .build();
    }
}
