package io.qrouter.core.policy;

/**
 * What a router knows about one server from its latest report (a heartbeat with the server's
 * estimates). Immutable; a newer snapshot of the same server replaces the older one in the {@link
 * RouterView}.
 *
 * @param serverId unique server id
 * @param sentAtMillis when the server sent the report (event time)
 * @param alive false when the server is down, failing or leaving: it then receives nothing
 * @param queueLength tasks on the server at {@code sentAtMillis}, waiting plus in service
 * @param busy true while a task is in service; idle means alive, not busy and an empty queue
 * @param serviceRatePerSecond nominal service rate of the server
 * @param lambda estimated arrival rate per second (0 until estimated)
 * @param mu estimated service rate per second (0 until estimated: the nominal rate is used then)
 * @param alphaC estimated abandonment (loss) rate per second of a waiting task (0 until estimated)
 * @param tasksReceived how many tasks the server has received since it started (its ENQUEUED
 *     count), as this router knows it: plus the router's own tasks the report does not acknowledge
 *     yet; {@link #TASKS_RECEIVED_UNKNOWN} when the report does not say. Every router reads the
 *     same count from the same report, so it numbers the server's next task alike everywhere.
 * @param slots tasks the server serves at once (c of M/M/c+M, ≥ 1); μ is per slot
 * @param recentWaitSeconds the server's recent mean wait (0 until known)
 * @param recentServiceSeconds the server's recent mean service time per slot (0 until known); with
 *     the wait, the latency signal of the model-free peers
 */
public record ServerSnapshot(
        String serverId,
        long sentAtMillis,
        boolean alive,
        int queueLength,
        boolean busy,
        double serviceRatePerSecond,
        double lambda,
        double mu,
        double alphaC,
        long tasksReceived,
        int slots,
        double recentWaitSeconds,
        double recentServiceSeconds) {

    /** A report that does not count the tasks its server received. */
    public static final long TASKS_RECEIVED_UNKNOWN = -1;

    public ServerSnapshot {
        if (serverId == null || serverId.isEmpty()) {
            throw new IllegalArgumentException("serverId must be a non-empty string");
        }
        if (queueLength < 0) {
            throw new IllegalArgumentException(
                    "queueLength must be >= 0 (got " + queueLength + ")");
        }
        requireRate("serviceRatePerSecond", serviceRatePerSecond);
        requireRate("lambda", lambda);
        requireRate("mu", mu);
        requireRate("alphaC", alphaC);
        if (tasksReceived < TASKS_RECEIVED_UNKNOWN) {
            throw new IllegalArgumentException(
                    "tasksReceived must be >= 0, or -1 for unknown (got " + tasksReceived + ")");
        }
        if (slots < 1) {
            throw new IllegalArgumentException("slots must be >= 1 (got " + slots + ")");
        }
        requireRate("recentWaitSeconds", recentWaitSeconds);
        requireRate("recentServiceSeconds", recentServiceSeconds);
    }

    /** A one-slot server's report without the count of tasks received or a latency. */
    public ServerSnapshot(
            String serverId,
            long sentAtMillis,
            boolean alive,
            int queueLength,
            boolean busy,
            double serviceRatePerSecond,
            double lambda,
            double mu,
            double alphaC) {
        this(
                serverId,
                sentAtMillis,
                alive,
                queueLength,
                busy,
                serviceRatePerSecond,
                lambda,
                mu,
                alphaC,
                TASKS_RECEIVED_UNKNOWN,
                1,
                0,
                0);
    }

    /** This report with the server's count of tasks received. */
    public ServerSnapshot withTasksReceived(long count) {
        return new ServerSnapshot(
                serverId,
                sentAtMillis,
                alive,
                queueLength,
                busy,
                serviceRatePerSecond,
                lambda,
                mu,
                alphaC,
                count,
                slots,
                recentWaitSeconds,
                recentServiceSeconds);
    }

    /** A later report of the same server with a new queue and its estimates unchanged. */
    public ServerSnapshot withQueue(long atMillis, int tasks, boolean inService) {
        return new ServerSnapshot(
                serverId,
                atMillis,
                alive,
                tasks,
                inService,
                serviceRatePerSecond,
                lambda,
                mu,
                alphaC,
                tasksReceived,
                slots,
                recentWaitSeconds,
                recentServiceSeconds);
    }

    /** This report from a server of {@code c} slots. */
    public ServerSnapshot withSlots(int c) {
        return new ServerSnapshot(
                serverId,
                sentAtMillis,
                alive,
                queueLength,
                busy,
                serviceRatePerSecond,
                lambda,
                mu,
                alphaC,
                tasksReceived,
                c,
                recentWaitSeconds,
                recentServiceSeconds);
    }

    /** This report with the server's recent wait and service time. */
    public ServerSnapshot withRecentTimes(double waitSeconds, double serviceSeconds) {
        return new ServerSnapshot(
                serverId,
                sentAtMillis,
                alive,
                queueLength,
                busy,
                serviceRatePerSecond,
                lambda,
                mu,
                alphaC,
                tasksReceived,
                slots,
                waitSeconds,
                serviceSeconds);
    }

    /** A live server that reports only its queue; the estimates are left at 0 (unknown). */
    public static ServerSnapshot ofQueue(
            String serverId, long sentAtMillis, int queueLength, double serviceRatePerSecond) {
        return new ServerSnapshot(
                serverId,
                sentAtMillis,
                true,
                queueLength,
                queueLength > 0,
                serviceRatePerSecond,
                0,
                0,
                0);
    }

    /** The final report of a server that is down: it is taken out of every index and idle queue. */
    public static ServerSnapshot down(String serverId, long atMillis) {
        return new ServerSnapshot(serverId, atMillis, false, 0, false, 0, 0, 0, 0);
    }

    /**
     * This report as one router sees it: plus {@code tasks} it sent that the report does not count
     * yet (they are on their way), so the server is busy, never idle, while any is pending.
     */
    public ServerSnapshot plusUnacknowledged(int tasks) {
        if (tasks < 0) {
            throw new IllegalArgumentException("tasks must be >= 0 (got " + tasks + ")");
        }
        return tasks == 0
                ? this
                : new ServerSnapshot(
                        serverId,
                        sentAtMillis,
                        alive,
                        queueLength + tasks,
                        true,
                        serviceRatePerSecond,
                        lambda,
                        mu,
                        alphaC,
                        tasksReceived == TASKS_RECEIVED_UNKNOWN
                                ? TASKS_RECEIVED_UNKNOWN
                                : tasksReceived + tasks,
                        slots,
                        recentWaitSeconds,
                        recentServiceSeconds);
    }

    public boolean idle() {
        return alive && queueLength == 0 && !busy;
    }

    /** The recent sojourn time, wait plus service: the latency the model-free peers read. */
    public double latencySeconds() {
        return recentWaitSeconds + recentServiceSeconds;
    }

    /** The service rate to compute with: the estimate once there is one, else the nominal rate. */
    public double effectiveMu() {
        return mu > 0 ? mu : serviceRatePerSecond;
    }

    private static void requireRate(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(
                    name + " must be a finite rate >= 0 (got " + value + ")");
        }
    }
}
