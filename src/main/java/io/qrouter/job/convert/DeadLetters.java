package io.qrouter.job.convert;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.text.Printable;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.config.ServerAdmission;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.util.OutputTag;

/**
 * Building dead letters, and the side-output tag every dead-letter producing operator of the job
 * uses.
 *
 * <p>A dead letter is bounded whatever it stands for: it keeps the first {@link
 * RecordLimits#deadLetterRawBytes()} bytes of the record with the whole record's length and
 * SHA-256, a task id in at most {@link RecordLimits#maxIdLength()} characters and a reason in at
 * most {@link #MAX_REASON_LENGTH}, so {@link RecordLimits#maxDeadLetterBytes} bounds its size and
 * the dead-letter sink can always write it. The task id and the reason are {@link Printable}: both
 * come from, or quote, the rejected input, and a dead letter is read as a log.
 */
public final class DeadLetters {
    /** Side output of the input validation operators. */
    public static final OutputTag<DeadLetter> TAG =
            new OutputTag<>("dead-letters", new AvroTypeInfo<>(DeadLetter.class));

    /** Longest reason kept, in characters. */
    public static final int MAX_REASON_LENGTH = RecordLimits.MAX_DEAD_LETTER_REASON_LENGTH;

    private DeadLetters() {}

    /**
     * A dead letter for a Kafka record.
     *
     * @param decoded the record when it decoded but failed a check (gives the task id), else null
     */
    public static DeadLetter fromKafka(
            String topic,
            int partition,
            long offset,
            String reason,
            byte[] rawBytes,
            Object decoded,
            long nowMillis,
            RecordLimits limits) {
        return bounded(
                topic, partition, offset, reason, rawBytes, taskIdOf(decoded), nowMillis, limits);
    }

    /**
     * A valid task that no server could take (the router's or a GA window's buffer full or past its
     * deadline): no raw bytes, the reason and the task id, which the router's input checks already
     * bounded to {@link RecordLimits#maxIdLength()}; escaped, it keeps that length, cut if need be.
     */
    public static DeadLetter unroutable(
            String tasksTopic, String taskId, String reason, long nowMillis) {
        return DeadLetter.newBuilder()
                .setSourceTopic(tasksTopic)
                .setReason(Printable.of(reason, MAX_REASON_LENGTH))
                .setTaskId(
                        taskId == null ? null : Printable.of(taskId, Math.max(1, taskId.length())))
                .setAt(Instant.ofEpochMilli(nowMillis))
                .build();
    }

    /**
     * A valid lifecycle event ({@code event}) or heartbeat (null) of a server that is not admitted:
     * no raw bytes (the record is in its topic), the reason naming the server, the task id of an
     * event.
     */
    public static DeadLetter notAdmitted(
            ServerAdmission admission,
            TaskEvent event,
            String serverId,
            String reason,
            long nowMillis) {
        return unroutable(
                event == null ? admission.heartbeatsTopic() : admission.eventsTopic(),
                event == null ? null : event.getTaskId(),
                "server " + Printable.of(serverId, serverId.length()) + ": " + reason,
                nowMillis);
    }

    /**
     * Stands for an output record a sink must not write because it is larger than {@code
     * sink.max-record-bytes}.
     */
    public static DeadLetter outputTooLarge(
            String topic,
            int keyBytes,
            byte[] value,
            Object record,
            long nowMillis,
            RecordLimits limits) {
        return bounded(
                topic,
                -1,
                -1,
                "output record too large for "
                        + topic
                        + ": "
                        + keyBytes
                        + " key + "
                        + value.length
                        + " value bytes > "
                        + ConfigKey.SINK_MAX_RECORD_BYTES.key()
                        + " = "
                        + limits.maxRecordBytes()
                        + "; not written",
                value,
                taskIdOf(record),
                nowMillis,
                limits);
    }

    private static DeadLetter bounded(
            String topic,
            int partition,
            long offset,
            String reason,
            byte[] rawBytes,
            String taskId,
            long nowMillis,
            RecordLimits limits) {
        byte[] prefix =
                rawBytes == null
                        ? null
                        : Arrays.copyOf(
                                rawBytes, Math.min(rawBytes.length, limits.deadLetterRawBytes()));
        return DeadLetter.newBuilder()
                .setSourceTopic(topic)
                .setPartition(partition)
                .setOffset(offset)
                .setReason(Printable.of(reason, MAX_REASON_LENGTH))
                .setRawBytes(prefix == null ? null : ByteBuffer.wrap(prefix))
                .setRawLength(rawBytes == null ? null : rawBytes.length)
                .setRawSha256(rawBytes == null ? null : sha256(rawBytes))
                .setTaskId(
                        taskId == null || taskId.isBlank()
                                ? null
                                : Printable.of(taskId, limits.maxIdLength()))
                .setAt(Instant.ofEpochMilli(nowMillis))
                .build();
    }

    private static String taskIdOf(Object record) {
        if (record instanceof TaskRequest task) {
            return task.getTaskId();
        }
        if (record instanceof TaskEvent event) {
            return event.getTaskId();
        }
        return record instanceof RoutingDecision decision ? decision.getTaskId() : null;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
