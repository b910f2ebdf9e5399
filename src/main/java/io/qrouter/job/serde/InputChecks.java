package io.qrouter.job.serde;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.config.ValueRule;
import java.time.Instant;

/**
 * What makes an input record unusable. A record that fails is dead-lettered with the reason instead
 * of reaching the operators, so state never sees an empty or a megabyte id, a NaN or 1e308 rate or
 * a time from 1970: every string has a maximum length and every number a plausible range ({@link
 * RecordLimits}), and the reason names the key that sets the bound.
 */
public final class InputChecks {
    /**
     * Event times before this are absurd (a zero or seconds-instead-of-millis timestamp lands
     * here).
     */
    public static final Instant EARLIEST_EVENT_TIME = Instant.parse("2000-01-01T00:00:00Z");

    /** A control command has a handful of arguments; more is not a command. */
    static final int MAX_CONTROL_ARGUMENTS = 16;

    /** The most slots a server may report: far beyond any one machine's worker pool. */
    public static final int MAX_SLOTS = 100_000;

    private InputChecks() {}

    public static RecordCheck<TaskRequest> taskRequest(RecordLimits limits) {
        return (task, now) ->
                firstProblem(
                        id("taskId", task.getTaskId(), limits),
                        id("serviceType", task.getServiceType(), limits),
                        task.getTaskKey() == null
                                ? null
                                : tooLong(
                                        "taskKey",
                                        task.getTaskKey(),
                                        limits.maxTaskKeyLength(),
                                        ConfigKey.VALIDATION_MAX_TASK_KEY_LENGTH),
                        time("createdAt", task.getCreatedAt(), now, limits.maxFutureMillis()),
                        number(
                                "load",
                                task.getLoad(),
                                limits.maxTaskLoad(),
                                ConfigKey.VALIDATION_MAX_TASK_LOAD));
    }

    public static RecordCheck<TaskEvent> taskEvent(RecordLimits limits) {
        return (event, now) ->
                firstProblem(
                        id("serverId", event.getServerId(), limits),
                        id("taskId", event.getTaskId(), limits),
                        event.getType() == TaskEventType.UNKNOWN
                                ? "type: unknown event type"
                                : null,
                        time("eventTime", event.getEventTime(), now, limits.maxFutureMillis()));
    }

    public static RecordCheck<Heartbeat> heartbeat(RecordLimits limits) {
        return (beat, now) ->
                firstProblem(
                        id("serverId", beat.getServerId(), limits),
                        time("sentAt", beat.getSentAt(), now, limits.maxFutureMillis()),
                        number(
                                "queueLength",
                                beat.getQueueLength(),
                                limits.maxQueueLength(),
                                ConfigKey.VALIDATION_MAX_QUEUE_LENGTH),
                        serviceRate(beat.getServiceRatePerSecond(), limits),
                        slots(beat),
                        fraction("cpu", beat.getCpu()),
                        fraction("memory", beat.getMemory()),
                        fraction("bandwidth", beat.getBandwidth()),
                        // UNKNOWN is also what a health symbol newer than this reader's schema
                        // reads as
                        beat.getHealth() == Health.UNKNOWN ? "health: unknown health" : null,
                        beat.getIntervalMillis() <= 0
                                ? "intervalMillis: must be > 0 (" + beat.getIntervalMillis() + ")"
                                : number(
                                        "intervalMillis",
                                        beat.getIntervalMillis(),
                                        limits.maxHeartbeatIntervalMillis(),
                                        ConfigKey.VALIDATION_MAX_HEARTBEAT_INTERVAL_MS));
    }

    /**
     * Bounds only: whether the command is valid is the control operator's decision, logged on
     * control-log.
     */
    public static RecordCheck<ControlCommand> controlCommand(RecordLimits limits) {
        return (command, now) ->
                firstProblem(
                        id("commandId", command.getCommandId(), limits),
                        id("issuer", command.getIssuer(), limits),
                        id("action", command.getAction(), limits),
                        command.getTarget() == null
                                ? null
                                : id("target", command.getTarget(), limits),
                        command.getArguments().size() > MAX_CONTROL_ARGUMENTS
                                ? "arguments: more than " + MAX_CONTROL_ARGUMENTS
                                : null,
                        command.getArguments().entrySet().stream()
                                .map(
                                        a ->
                                                firstProblem(
                                                        id("argument name", a.getKey(), limits),
                                                        tooLong(
                                                                "argument " + a.getKey(),
                                                                a.getValue(),
                                                                limits.maxTaskKeyLength(),
                                                                ConfigKey
                                                                        .VALIDATION_MAX_TASK_KEY_LENGTH)))
                                .filter(java.util.Objects::nonNull)
                                .findFirst()
                                .orElse(null));
    }

    private static String firstProblem(String... problems) {
        for (String p : problems) {
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    private static String id(String field, String value, RecordLimits limits) {
        if (value == null || value.isBlank()) {
            return field + ": missing or empty id";
        }
        return tooLong(field, value, limits.maxIdLength(), ConfigKey.VALIDATION_MAX_ID_LENGTH);
    }

    private static String tooLong(String field, String value, int maxLength, ConfigKey bound) {
        return value.length() > maxLength
                ? field
                        + ": longer than "
                        + bound.key()
                        + " = "
                        + maxLength
                        + " characters ("
                        + value.length()
                        + ")"
                : null;
    }

    private static String time(String field, Instant value, long nowMillis, long maxFutureMillis) {
        if (value == null) {
            return field + ": missing";
        }
        if (value.isBefore(EARLIEST_EVENT_TIME)) {
            return field + ": absurd time " + value + " (before " + EARLIEST_EVENT_TIME + ")";
        }
        if (value.toEpochMilli() - nowMillis > maxFutureMillis) {
            return field
                    + ": absurd time "
                    + value
                    + " (more than "
                    + maxFutureMillis
                    + " ms ahead of "
                    + Instant.ofEpochMilli(nowMillis)
                    + ")";
        }
        return null;
    }

    /** A finite number in [0, max]. */
    private static String number(String field, double value, double max, ConfigKey bound) {
        if (!Double.isFinite(value)) {
            return field + ": not a finite number (" + value + ")";
        }
        if (value < 0) {
            return field + ": negative (" + ValueRule.plain(value) + ")";
        }
        return value > max
                ? field
                        + ": above "
                        + bound.key()
                        + " = "
                        + ValueRule.plain(max)
                        + " ("
                        + ValueRule.plain(value)
                        + ")"
                : null;
    }

    /** Slots in [1, MAX_SLOTS], and tasks in service, when reported, in [0, slots]. */
    private static String slots(Heartbeat beat) {
        int slots = beat.getSlots();
        if (slots < 1 || slots > MAX_SLOTS) {
            return "slots: must be in [1, " + MAX_SLOTS + "] (" + slots + ")";
        }
        Integer inService = beat.getInService();
        return inService != null && (inService < 0 || inService > slots)
                ? "inService: must be in [0, slots = " + slots + "] (" + inService + ")"
                : null;
    }

    /** 0 (not known) or in [validation.min-service-rate, validation.max-service-rate]. */
    private static String serviceRate(double value, RecordLimits limits) {
        String field = "serviceRatePerSecond";
        String problem =
                number(
                        field,
                        value,
                        limits.maxServiceRate(),
                        ConfigKey.VALIDATION_MAX_SERVICE_RATE);
        if (problem == null && value > 0 && value < limits.minServiceRate()) {
            return field
                    + ": below "
                    + ConfigKey.VALIDATION_MIN_SERVICE_RATE.key()
                    + " = "
                    + ValueRule.plain(limits.minServiceRate())
                    + " ("
                    + value
                    + "); 0 means not known";
        }
        return problem;
    }

    private static String fraction(String field, double value) {
        if (!Double.isFinite(value)) {
            return field + ": not a finite number (" + value + ")";
        }
        return value < 0 || value > 1 ? field + ": outside [0, 1] (" + value + ")" : null;
    }
}
