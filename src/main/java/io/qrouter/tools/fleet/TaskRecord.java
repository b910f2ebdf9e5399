package io.qrouter.tools.fleet;

/**
 * The life of one task as the fleet saw it, in fleet seconds (NaN: has not happened). Created by
 * the task source; every later field is written by the fleet's event loop only, and read after the
 * loop has stopped.
 */
final class TaskRecord {
    final FleetTask task;
    final double createdAt;

    /**
     * When the producer was handed the task: later than {@link #createdAt} when the load generator
     * lags.
     */
    double sentAt = Double.NaN;

    /** When the broker appended the task (its LogAppendTime; else the producer's send time). */
    volatile double appendedAt = Double.NaN;

    /** When the job decided, by the job's clock (decidedAt of the decision). */
    double decidedAt = Double.NaN;

    /** When the broker appended the decision (its LogAppendTime; else the job's timestamp). */
    double decisionAppendedAt = Double.NaN;

    /** When the decision reached the fleet: after the job's transaction committed. */
    double receivedAt = Double.NaN;

    /**
     * How late the job's newest update of the chosen server had reached the router (decision
     * field), seconds.
     */
    double updateDelay = Double.NaN;

    /**
     * How late one update, drawn from those the router received since its previous decision, had
     * reached it (decision field), seconds.
     */
    double sampledUpdateDelay = Double.NaN;

    double startedAt = Double.NaN;
    double finishedAt = Double.NaN;
    String serverId;
    String rule;
    Outcome outcome = Outcome.UNDECIDED;

    enum Outcome {
        UNDECIDED,
        QUEUED,
        COMPLETED,
        ABANDONED,
        FAILED,
        REJECTED,
        DEAD_LETTER,
        UNKNOWN_SERVER
    }

    TaskRecord(FleetTask task, double createdAt) {
        this.task = task;
        this.createdAt = createdAt;
    }
}
