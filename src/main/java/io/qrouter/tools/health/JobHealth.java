package io.qrouter.tools.health;

import io.qrouter.job.operators.JobMetrics;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Meter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricGroup;

/**
 * The job's health as its own Flink metrics tell it, read in this JVM while a local cluster runs
 * the job: decisions made and when the latest was made, restarts, sink errors, checkpoints, and
 * tasks waiting in the tasks source (Kafka lag). Flink hands the metrics over through {@link
 * JobHealthReporter}, which {@link #reporterSettings} configures; on a remote cluster the same
 * metrics are in its web UI and reporters.
 *
 * <p>Operator metrics come and go with the tasks (a restart replaces them): what a removed task had
 * counted is kept, so the totals never go back.
 */
public final class JobHealth implements AutoCloseable {
    private static final Map<String, JobHealth> OPEN = new ConcurrentHashMap<>();
    static final String REPORTER_PREFIX = "metrics.reporter.qrouter-health.";
    static final String ID_KEY = "health-id";

    /**
     * The tasks source's operator name in the job graph: its lag is the tasks waiting for a
     * decision.
     */
    private static final String TASKS_SOURCE = "Source: tasks: source";

    private enum Role {
        DECISIONS,
        LAST_DECISION,
        RESTARTS,
        SINK_ERRORS,
        CHECKPOINTS,
        TASKS_WAITING
    }

    private final String id = UUID.randomUUID().toString();
    private final Map<Metric, Role> metrics = new ConcurrentHashMap<>();
    private long retiredDecisions;
    private long retiredSinkErrors;
    private long retiredLastDecision = -1;

    private JobHealth() {}

    /**
     * A health view that the next local cluster configured with {@link #reporterSettings} reports
     * to.
     */
    public static JobHealth open() {
        JobHealth health = new JobHealth();
        OPEN.put(health.id, health);
        return health;
    }

    /** The health view a reporter was configured for, or null (e.g. one already closed). */
    static JobHealth byId(String id) {
        return id == null ? null : OPEN.get(id);
    }

    /** The Flink options that make a cluster in this JVM report its metrics here. */
    public Configuration reporterSettings() {
        Configuration flink = new Configuration();
        flink.setString(
                REPORTER_PREFIX + "factory.class", JobHealthReporter.Factory.class.getName());
        flink.setString(REPORTER_PREFIX + ID_KEY, id);
        return flink;
    }

    /** What the metrics say now. */
    public synchronized Snapshot snapshot() {
        long decisions = retiredDecisions;
        long sinkErrors = retiredSinkErrors;
        long lastDecision = retiredLastDecision;
        long restarts = 0;
        long checkpoints = 0;
        long waiting = -1;
        for (Map.Entry<Metric, Role> e : metrics.entrySet()) {
            long value = valueOf(e.getKey());
            switch (e.getValue()) {
                case DECISIONS -> decisions += value;
                case LAST_DECISION -> lastDecision = Math.max(lastDecision, value);
                case RESTARTS -> restarts = Math.max(restarts, value);
                case SINK_ERRORS -> sinkErrors += value;
                case CHECKPOINTS -> checkpoints = Math.max(checkpoints, value);
                case TASKS_WAITING -> waiting = value < 0 ? waiting : Math.max(0, waiting) + value;
            }
        }
        return new Snapshot(decisions, lastDecision, restarts, sinkErrors, checkpoints, waiting);
    }

    synchronized void added(Metric metric, String name, MetricGroup group) {
        Role role = roleOf(metric, name, group);
        if (role != null) {
            metrics.put(metric, role);
        }
    }

    synchronized void removed(Metric metric) {
        Role role = metrics.remove(metric);
        if (role == Role.DECISIONS) {
            retiredDecisions += valueOf(metric);
        } else if (role == Role.SINK_ERRORS) {
            retiredSinkErrors += valueOf(metric);
        } else if (role == Role.LAST_DECISION) {
            retiredLastDecision = Math.max(retiredLastDecision, valueOf(metric));
        }
    }

    @Override
    public void close() {
        OPEN.remove(id);
    }

    private static Role roleOf(Metric metric, String name, MetricGroup group) {
        return switch (name) {
            case JobMetrics.DECISIONS_PER_SECOND -> metric instanceof Meter ? Role.DECISIONS : null;
            case JobMetrics.LAST_DECISION_TIME -> Role.LAST_DECISION;
            case "numRestarts" -> Role.RESTARTS;
            // records a Kafka sink failed to write, and records AvroRecordSerializer refused as
            // over
            // sink.max-record-bytes
            case "numRecordsOutErrors", "outputRecordsTooLarge" -> Role.SINK_ERRORS;
            case "numberOfCompletedCheckpoints" -> Role.CHECKPOINTS;
            case "pendingRecords" ->
                    TASKS_SOURCE.equals(group.getAllVariables().get("<operator_name>"))
                            ? Role.TASKS_WAITING
                            : null;
            default -> null;
        };
    }

    private static long valueOf(Metric metric) {
        if (metric instanceof Meter meter) {
            return meter.getCount();
        }
        if (metric instanceof Counter counter) {
            return counter.getCount();
        }
        if (metric instanceof Gauge<?> gauge && gauge.getValue() instanceof Number number) {
            return number.longValue();
        }
        return -1;
    }

    /**
     * @param decisions decisions made since the job started (including those a restart made again)
     * @param lastDecisionMillis epoch milliseconds of the latest decision, -1 before the first
     * @param restarts restarts of the job since it was submitted
     * @param sinkErrors records a sink could not write or refused as too large (each became a dead
     *     letter)
     * @param checkpoints completed checkpoints since the job was submitted
     * @param tasksWaiting tasks in Kafka that the job has not read yet, -1 when not known
     */
    public record Snapshot(
            long decisions,
            long lastDecisionMillis,
            long restarts,
            long sinkErrors,
            long checkpoints,
            long tasksWaiting) {

        /** Seconds since the latest decision at {@code nowMillis}, NaN before the first. */
        public double secondsSinceDecision(long nowMillis) {
            return lastDecisionMillis < 0 ? Double.NaN : (nowMillis - lastDecisionMillis) / 1000.0;
        }

        /** One line for a terminal. */
        public String line(long nowMillis) {
            double silent = secondsSinceDecision(nowMillis);
            return String.format(
                    Locale.ROOT,
                    "decisions %d (last %s)  restarts %d  sink errors %d  "
                            + "checkpoints %d  tasks waiting %s",
                    decisions,
                    Double.isNaN(silent)
                            ? "none yet"
                            : String.format(Locale.ROOT, "%.1f s ago", silent),
                    restarts,
                    sinkErrors,
                    checkpoints,
                    tasksWaiting < 0 ? "n/a" : Long.toString(tasksWaiting));
        }
    }
}
