package io.qrouter.job.config;

import java.util.List;

/** The default topic names; each is configurable ({@code topic.*}). */
public final class TopicNames {
    public static final String TASKS = "tasks";
    public static final String SERVER_EVENTS = "server-events";
    public static final String HEARTBEATS = "heartbeats";
    public static final String DECISIONS = "decisions";
    public static final String SERVER_METRICS = "server-metrics";
    public static final String HEARTBEAT_LOG = "heartbeat-log";
    public static final String DSRS_ASSIGNMENTS = "dsrs-assignments";
    public static final String DEAD_LETTER = "dead-letter";
    public static final String CONTROL = "control";
    public static final String CONTROL_LOG = "control-log";

    /** Every default topic, inputs first. */
    public static final List<String> ALL =
            List.of(
                    TASKS,
                    SERVER_EVENTS,
                    HEARTBEATS,
                    CONTROL,
                    DECISIONS,
                    SERVER_METRICS,
                    HEARTBEAT_LOG,
                    DSRS_ASSIGNMENTS,
                    DEAD_LETTER,
                    CONTROL_LOG);

    private TopicNames() {}
}
