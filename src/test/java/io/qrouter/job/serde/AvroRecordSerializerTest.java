package io.qrouter.job.serde;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.SlotAssignment;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RecordLimits;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

class AvroRecordSerializerTest {
    private static final RecordLimits LIMITS =
            RecordLimits.from(JobConfig.defaults().with("sink.max-record-bytes", "20000"));

    @Test
    void aRecordWithinTheLimitGoesToItsTopicKeyedAndStamped() {
        var serializer =
                new AvroRecordSerializer<>(
                        "decisions",
                        RoutingDecision.class,
                        RoutingDecision::getServerId,
                        "dead-letter",
                        LIMITS);
        RoutingDecision decision = decision("t-1", "s-1");

        ProducerRecord<byte[], byte[]> record = serializer.serialize(decision, null, 1_234L);

        assertThat(record.topic()).isEqualTo("decisions");
        assertThat(new String(record.key(), StandardCharsets.UTF_8)).isEqualTo("s-1");
        assertThat(AvroCodec.of(RoutingDecision.class).decode(record.value())).isEqualTo(decision);
        assertThat(record.timestamp()).isEqualTo(1_234L);
    }

    @Test
    void aRecordOverTheLimitBecomesABoundedDeadLetterOnTheDeadLetterTopic() {
        var serializer =
                new AvroRecordSerializer<>(
                        "dsrs-assignments",
                        SlotAssignment.class,
                        SlotAssignment::getServiceType,
                        "dead-letter",
                        LIMITS);
        AvroCodec<SlotAssignment> codec = AvroCodec.of(SlotAssignment.class);
        // a slot over many MEC systems: the one output whose size grows with the fleet
        SlotAssignment small = assignment(10);
        int perSystem = (codec.encode(assignment(11)).length - codec.encode(small).length);
        int systemsAtLimit =
                10 + (20_000 - "video".length() - codec.encode(small).length) / perSystem;
        SlotAssignment atLimit = assignment(systemsAtLimit);
        SlotAssignment overLimit = assignment(systemsAtLimit + 1);
        assertThat("video".length() + codec.encode(atLimit).length).isLessThanOrEqualTo(20_000);
        assertThat("video".length() + codec.encode(overLimit).length).isGreaterThan(20_000);

        assertThat(serializer.serialize(atLimit, null, 5L).topic()).isEqualTo("dsrs-assignments");
        ProducerRecord<byte[], byte[]> replaced = serializer.serialize(overLimit, null, 5L);

        assertThat(replaced.topic()).isEqualTo("dead-letter");
        assertThat(new String(replaced.key(), StandardCharsets.UTF_8))
                .isEqualTo("dsrs-assignments");
        DeadLetter letter = AvroCodec.of(DeadLetter.class).decode(replaced.value());
        byte[] value = codec.encode(overLimit);
        assertThat(letter.getSourceTopic()).isEqualTo("dsrs-assignments");
        assertThat(letter.getReason())
                .isEqualTo(
                        "output record too large for dsrs-assignments: 5 key + "
                                + value.length
                                + " value bytes > sink.max-record-bytes = 20000; not written");
        assertThat(letter.getRawLength()).isEqualTo(value.length);
        assertThat(letter.getRawBytes().remaining()).isEqualTo(1024);
        assertThat(replaced.value().length).isLessThanOrEqualTo(LIMITS.maxDeadLetterBytes());
    }

    @Test
    void aTooLargeDecisionNamesItsTaskInTheDeadLetter() {
        RecordLimits tight =
                RecordLimits.from(
                        JobConfig.defaults()
                                .with("sink.max-record-bytes", "16384")
                                .with("dead-letter.max-raw-bytes", "16"));
        var serializer =
                new AvroRecordSerializer<>(
                        "decisions",
                        RoutingDecision.class,
                        RoutingDecision::getServerId,
                        "dead-letter",
                        tight);
        RoutingDecision huge =
                RoutingDecision.newBuilder(decision("t-9", "s-1"))
                        .setPolicy("p".repeat(20_000))
                        .build();

        DeadLetter letter =
                AvroCodec.of(DeadLetter.class)
                        .decode(serializer.serialize(huge, null, null).value());

        assertThat(letter.getTaskId()).isEqualTo("t-9");
        assertThat(letter.getRawBytes().remaining()).isEqualTo(16);
    }

    private static RoutingDecision decision(String taskId, String serverId) {
        return RoutingDecision.newBuilder()
                .setTaskId(taskId)
                .setServerId(serverId)
                .setRule("MIN_K")
                .setPolicy("heartbeat-k-live")
                .setDecidedAt(Instant.ofEpochMilli(1_000))
                .build();
    }

    private static SlotAssignment assignment(int systems) {
        Map<String, Double> queues = new LinkedHashMap<>();
        for (int j = 0; j < systems; j++) {
            queues.put(String.format("edge-%05d", j), 1.5);
        }
        return SlotAssignment.newBuilder()
                .setSlot(7)
                .setSlotStart(Instant.ofEpochMilli(7_000))
                .setSlotEnd(Instant.ofEpochMilli(8_000))
                .setServiceType("video")
                .setMecSystem("edge-00000")
                .setCount(3)
                .setCost(3)
                .setQueuesAfter(queues)
                .build();
    }
}
