package io.qrouter.job;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import java.nio.ByteBuffer;
import java.time.Instant;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.util.OutputTag;

/** Building dead letters, and the side-output tag every dead-letter producing operator of the job uses. */
public final class DeadLetters {
    /** Side output of the input validation operators. */
    public static final OutputTag<DeadLetter> TAG =
            new OutputTag<>("dead-letters", new AvroTypeInfo<>(DeadLetter.class));

    private DeadLetters() {}

    /**
     * A dead letter for a Kafka record.
     *
     * @param decoded the record when it decoded but failed a check (gives the task id), else null
     */
    static DeadLetter fromKafka(String topic, int partition, long offset, String reason, byte[] rawBytes,
            Object decoded, long nowMillis) {
        return DeadLetter.newBuilder()
                .setSourceTopic(topic)
                .setPartition(partition)
                .setOffset(offset)
                .setReason(reason)
                .setRawBytes(rawBytes == null ? null : ByteBuffer.wrap(rawBytes))
                .setTaskId(taskIdOf(decoded))
                .setAt(Instant.ofEpochMilli(nowMillis))
                .build();
    }

    private static String taskIdOf(Object decoded) {
        String id = null;
        if (decoded instanceof TaskRequest task) {
            id = task.getTaskId();
        } else if (decoded instanceof TaskEvent event) {
            id = event.getTaskId();
        }
        return id == null || id.isBlank() ? null : id;
    }
}
