package io.qrouter.job.config;

import static io.qrouter.job.config.ValueRule.doubleIn;
import static io.qrouter.job.config.ValueRule.longIn;

/**
 * The keys of {@link RecordLimits}: the bounds every input record is checked against, and the size
 * of output and dead-letter records. Listed in the docs as {@link ConfigKey} orders them.
 */
final class RecordLimitKeys {
    static final KeySpec VALIDATION_MAX_FUTURE_MS =
            new KeySpec(
                    "validation.max-future.ms",
                    "86400000",
                    longIn(0, 365L * 86_400_000),
                    "Event times further than this ahead of the job's clock are dead-lettered as absurd (as are times "
                            + "before 2000-01-01).");

    static final KeySpec VALIDATION_MAX_ID_LENGTH =
            new KeySpec(
                    "validation.max-id-length",
                    "256",
                    longIn(1, 65_536),
                    "Longest task id, server id and service type accepted, in characters; a record with a longer one is "
                            + "dead-lettered.");

    static final KeySpec VALIDATION_MAX_TASK_KEY_LENGTH =
            new KeySpec(
                    "validation.max-task-key-length",
                    "1024",
                    longIn(1, 65_536),
                    "Longest task affinity key (TaskRequest.taskKey) accepted, in characters.");

    static final KeySpec VALIDATION_MAX_QUEUE_LENGTH =
            new KeySpec(
                    "validation.max-queue-length",
                    "1000000",
                    longIn(0, 1_000_000_000),
                    "Largest queue length a heartbeat may report.");

    static final KeySpec VALIDATION_MAX_SERVICE_RATE =
            new KeySpec(
                    "validation.max-service-rate",
                    "1000000",
                    doubleIn(0, 1e9),
                    "Largest service rate (tasks per second) a heartbeat may report; it bounds every rate, capacity and "
                            + "queueing figure derived from it.");

    static final KeySpec VALIDATION_MAX_TASK_LOAD =
            new KeySpec(
                    "validation.max-task-load",
                    "1000000000",
                    doubleIn(0, 1e15),
                    "Largest load (work) a task may carry.");

    static final KeySpec VALIDATION_MAX_HEARTBEAT_INTERVAL_MS =
            new KeySpec(
                    "validation.max-heartbeat-interval.ms",
                    "3600000",
                    longIn(1, 86_400_000),
                    "Longest heartbeat interval a server may announce (a server is marked down after three silent "
                            + "intervals).");

    static final KeySpec DEAD_LETTER_MAX_RAW_BYTES =
            new KeySpec(
                    "dead-letter.max-raw-bytes",
                    "1024",
                    longIn(0, 65_536),
                    "A dead letter keeps at most this many leading bytes of the record it stands for, with the whole "
                            + "record's length and SHA-256, so a dead letter stays small whatever arrived.");

    static final KeySpec SINK_MAX_RECORD_BYTES =
            new KeySpec(
                    "sink.max-record-bytes",
                    "1000000",
                    longIn(16_384, 104_857_600),
                    "Largest output record (key plus value bytes). A larger one is not written: a dead letter saying so "
                            + "goes to topic.dead-letter instead and the job goes on. Must be at least 1024 bytes below the "
                            + "producers' max.request.size (kafka.max.request.size, 1048576 by default); the topics' "
                            + "max.message.bytes must not be lower.");

    static final KeySpec VALIDATION_MIN_SERVICE_RATE =
            new KeySpec(
                    "validation.min-service-rate",
                    "0.000001",
                    doubleIn(0, 1),
                    "Smallest positive service rate (tasks per second) a heartbeat may report (0 is allowed: not known); "
                            + "below it the queueing figures would divide by almost nothing.");

    private RecordLimitKeys() {}
}
