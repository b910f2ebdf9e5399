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
}
