package io.qrouter.job.config;

import java.io.Serializable;

/**
 * The bounds that keep every record of the job finite: the longest ids and keys and the largest
 * numbers an input record may carry (beyond them it is dead-lettered, so no operator sees them),
 * how much of a bad record a dead letter keeps, and the largest record a sink writes. Filled from
 * the {@code validation.*}, {@code dead-letter.max-raw-bytes} and {@code sink.max-record-bytes}
 * keys.
 */
public record RecordLimits(
        long maxFutureMillis,
        int maxIdLength,
        int maxTaskKeyLength,
        int maxQueueLength,
        double maxServiceRate,
        double maxTaskLoad,
        long maxHeartbeatIntervalMillis,
        int deadLetterRawBytes,
        int maxRecordBytes,
        double minServiceRate)
        implements Serializable {
    /** Longest dead-letter reason kept, in characters. */
    public static final int MAX_DEAD_LETTER_REASON_LENGTH = 1000;

    /**
     * Bytes of a dead letter besides its raw prefix and task id, generously: source topic (Kafka
     * allows 249 characters), reason ({@value #MAX_DEAD_LETTER_REASON_LENGTH} characters of at most
     * 3 UTF-8 bytes), numbers, hash, framing.
     */
    private static final int DEAD_LETTER_FIXED_PART_BYTES = 4096;

    public static RecordLimits from(JobConfig config) {
        return new RecordLimits(
                config.getLong(ConfigKey.VALIDATION_MAX_FUTURE_MS),
                config.getInt(ConfigKey.VALIDATION_MAX_ID_LENGTH),
                config.getInt(ConfigKey.VALIDATION_MAX_TASK_KEY_LENGTH),
                config.getInt(ConfigKey.VALIDATION_MAX_QUEUE_LENGTH),
                config.getDouble(ConfigKey.VALIDATION_MAX_SERVICE_RATE),
                config.getDouble(ConfigKey.VALIDATION_MAX_TASK_LOAD),
                config.getLong(ConfigKey.VALIDATION_MAX_HEARTBEAT_INTERVAL_MS),
                config.getInt(ConfigKey.DEAD_LETTER_MAX_RAW_BYTES),
                config.getInt(ConfigKey.SINK_MAX_RECORD_BYTES),
                config.getDouble(ConfigKey.VALIDATION_MIN_SERVICE_RATE));
    }

    /** The largest encoded dead letter these limits allow, in bytes. */
    public int maxDeadLetterBytes() {
        // a char takes at most 3 UTF-8 bytes (a surrogate pair: 2 chars, 4 bytes)
        return DEAD_LETTER_FIXED_PART_BYTES + deadLetterRawBytes + 3 * maxIdLength;
    }
}
