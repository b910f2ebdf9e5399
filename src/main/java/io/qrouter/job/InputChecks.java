package io.qrouter.job;

import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import java.time.Instant;

/**
 * What makes an input record unusable. A record that fails is dead-lettered with the reason instead of reaching the
 * operators, so state never sees an empty id, a NaN rate or a time from 1970.
 */
final class InputChecks {
    /** Event times before this are absurd (a zero or seconds-instead-of-millis timestamp lands here). */
    static final Instant EARLIEST_EVENT_TIME = Instant.parse("2000-01-01T00:00:00Z");

    private InputChecks() {}

    static RecordCheck<TaskRequest> taskRequest(long maxFutureMillis) {
        return (task, now) -> firstProblem(
                blank("taskId", task.getTaskId()),
                blank("serviceType", task.getServiceType()),
                time("createdAt", task.getCreatedAt(), now, maxFutureMillis),
                nonNegative("load", task.getLoad()));
    }

    static RecordCheck<TaskEvent> taskEvent(long maxFutureMillis) {
        return (event, now) -> firstProblem(
                blank("serverId", event.getServerId()),
                blank("taskId", event.getTaskId()),
                event.getType() == TaskEventType.UNKNOWN ? "type: unknown event type" : null,
                time("eventTime", event.getEventTime(), now, maxFutureMillis));
    }

    static RecordCheck<Heartbeat> heartbeat(long maxFutureMillis) {
        return (beat, now) -> firstProblem(
                blank("serverId", beat.getServerId()),
                time("sentAt", beat.getSentAt(), now, maxFutureMillis),
                beat.getQueueLength() < 0 ? "queueLength: negative (" + beat.getQueueLength() + ")" : null,
                nonNegative("serviceRatePerSecond", beat.getServiceRatePerSecond()),
                fraction("cpu", beat.getCpu()),
                fraction("memory", beat.getMemory()),
                fraction("bandwidth", beat.getBandwidth()),
                // UNKNOWN is also what a health symbol newer than this reader's schema reads as
                beat.getHealth() == Health.UNKNOWN ? "health: unknown health" : null,
                beat.getIntervalMillis() <= 0 ? "intervalMillis: must be > 0 (" + beat.getIntervalMillis() + ")" : null);
    }

    private static String firstProblem(String... problems) {
        for (String p : problems) {
            if (p != null) {
                return p;
            }
        }
        return null;
    }

    private static String blank(String field, String value) {
        return value == null || value.isBlank() ? field + ": missing or empty id" : null;
    }

    private static String time(String field, Instant value, long nowMillis, long maxFutureMillis) {
        if (value == null) {
            return field + ": missing";
        }
        if (value.isBefore(EARLIEST_EVENT_TIME)) {
            return field + ": absurd time " + value + " (before " + EARLIEST_EVENT_TIME + ")";
        }
        if (value.toEpochMilli() - nowMillis > maxFutureMillis) {
            return field + ": absurd time " + value + " (more than " + maxFutureMillis + " ms ahead of "
                    + Instant.ofEpochMilli(nowMillis) + ")";
        }
        return null;
    }

    private static String nonNegative(String field, double value) {
        if (!Double.isFinite(value)) {
            return field + ": not a finite number (" + value + ")";
        }
        return value < 0 ? field + ": negative (" + value + ")" : null;
    }

    private static String fraction(String field, double value) {
        if (!Double.isFinite(value)) {
            return field + ": not a finite number (" + value + ")";
        }
        return value < 0 || value > 1 ? field + ": outside [0, 1] (" + value + ")" : null;
    }
}
