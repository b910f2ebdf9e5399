package io.qrouter.tools.fleet;

import io.qrouter.avro.TaskEventType;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * One server of the fleet: a single FCFS server with exponential service at rate {@code mu} (the
 * task's work is exponential with mean 1) where each waiting task abandons when its patience runs
 * out (M/M/1+M; the task in service never abandons). Time is a plain number of seconds supplied by
 * the caller, so the same code runs in real time in the fleet and in virtual time in tests.
 *
 * <p>Not thread-safe: the fleet's event loop owns all servers.
 */
final class SimulatedServer {
    private final String id;
    private final double mu;
    private final double failShare;
    private final SplittableRandom failures;

    /**
     * Waiting tasks in arrival order; abandoned ones are removed from the middle, hence a linked
     * map.
     */
    private final Map<String, Waiting> waiting = new LinkedHashMap<>();

    /** Abandonment deadlines; entries of tasks that started or left are skipped lazily. */
    private final PriorityQueue<Waiting> deadlines =
            new PriorityQueue<>((a, b) -> Double.compare(a.deadline, b.deadline));

    private String inService;
    private double serviceEndsAt = Double.POSITIVE_INFINITY;
    private double busySeconds;
    private double busySince;

    private record Waiting(FleetTask task, double deadline) {}

    /** A server that completes every task it serves. */
    SimulatedServer(String id, double mu) {
        this(id, mu, 0, null);
    }

    /**
     * @param failShare probability that a service ends FAILED, in [0, 1]
     * @param failures draws which services fail (unused when failShare is 0)
     */
    SimulatedServer(String id, double mu, double failShare, SplittableRandom failures) {
        if (!(mu > 0) || !Double.isFinite(mu)) {
            throw new IllegalArgumentException(
                    "service rate mu of " + id + " must be > 0 (got " + mu + ")");
        }
        this.id = id;
        this.mu = mu;
        this.failShare = failShare;
        this.failures = failures;
    }

    String id() {
        return id;
    }

    double mu() {
        return mu;
    }

    /** Tasks on the server: waiting plus the one in service. */
    int queueLength() {
        return waiting.size() + (inService == null ? 0 : 1);
    }

    boolean busy() {
        return inService != null;
    }

    /**
     * Total time spent serving up to {@code now} (seconds); the heartbeat's CPU figure is its rate
     * of change.
     */
    double busySeconds(double now) {
        return busySeconds + (inService == null ? 0 : now - busySince);
    }

    /**
     * A routed task arrives: it starts at once if the server is idle, else waits. Call {@link
     * #advance} first.
     */
    void arrive(FleetTask task, double now, TaskEventSink sink) {
        sink.on(id, task.taskId(), TaskEventType.ENQUEUED, now);
        if (inService == null) {
            start(task, now, sink);
        } else {
            Waiting w = new Waiting(task, now + task.patienceSeconds());
            waiting.put(task.taskId(), w);
            deadlines.add(w);
        }
    }

    /** When the next completion or abandonment happens (+∞ when idle). */
    double nextEventAt() {
        dropStaleDeadlines();
        double abandonAt =
                deadlines.isEmpty() ? Double.POSITIVE_INFINITY : deadlines.peek().deadline;
        return Math.min(serviceEndsAt, abandonAt);
    }

    /** Plays every completion (or failure) and abandonment up to {@code now}, in time order. */
    void advance(double now, TaskEventSink sink) {
        while (true) {
            dropStaleDeadlines();
            double abandonAt =
                    deadlines.isEmpty() ? Double.POSITIVE_INFINITY : deadlines.peek().deadline;
            if (abandonAt <= now && abandonAt < serviceEndsAt) {
                Waiting w = deadlines.poll();
                waiting.remove(w.task.taskId());
                sink.on(id, w.task.taskId(), TaskEventType.ABANDONED, w.deadline);
            } else if (inService != null && serviceEndsAt <= now) {
                double t = serviceEndsAt;
                sink.on(id, inService, serviceOutcome(), t);
                busySeconds += t - busySince;
                inService = null;
                serviceEndsAt = Double.POSITIVE_INFINITY;
                var next = waiting.values().iterator();
                if (next.hasNext()) {
                    Waiting w = next.next();
                    next.remove();
                    start(w.task, t, sink);
                }
            } else {
                return;
            }
        }
    }

    private TaskEventType serviceOutcome() {
        return failShare > 0 && failures.nextDouble() < failShare
                ? TaskEventType.FAILED
                : TaskEventType.COMPLETED;
    }

    private void start(FleetTask task, double now, TaskEventSink sink) {
        inService = task.taskId();
        busySince = now;
        serviceEndsAt = now + task.work() / mu;
        sink.on(id, task.taskId(), TaskEventType.STARTED, now);
    }

    private void dropStaleDeadlines() {
        while (!deadlines.isEmpty() && !waiting.containsKey(deadlines.peek().task.taskId())) {
            deadlines.poll();
        }
    }
}
