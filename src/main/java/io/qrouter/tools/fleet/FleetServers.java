package io.qrouter.tools.fleet;

import io.qrouter.avro.TaskEventType;
import io.qrouter.tools.sim.ServerQueues;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The fleet's servers: the simulator's {@link ServerQueues} (single FCFS servers where each waiting
 * task abandons when its patience runs out, M/M/1+M), played in fleet seconds, their lifecycle
 * events told to a {@link TaskEventSink} under the fleet's ids. A failing server ends its share of
 * services FAILED instead of COMPLETED; each server's busy time gives the heartbeats' CPU figure.
 * Time is a plain number of seconds supplied by the caller, so the same code runs in real time in
 * the fleet and in virtual time in tests and benchmarks.
 *
 * <p>Not thread-safe: the fleet's event loop owns the servers.
 */
final class FleetServers {
    private final String[] ids;
    private final Map<String, Integer> indexById = new HashMap<>();
    private final double[] failShare;
    private final SplittableRandom[] failures;
    private final double[] busySeconds;
    private final double[] busySince;
    private final List<String> taskIds = new ArrayList<>();
    private final TaskEventSink sink;
    private final ServerQueues queues;

    /** Servers that complete every task they serve. */
    FleetServers(List<String> ids, double[] mu, TaskEventSink sink) {
        this(ids, mu, new double[mu.length], new SplittableRandom[mu.length], sink);
    }

    /**
     * @param failShare each server's probability that a service ends FAILED, in [0, 1]
     * @param failures draws which services of each server fail (unused where its share is 0)
     * @param sink receives every server's lifecycle events
     */
    FleetServers(
            List<String> ids,
            double[] mu,
            double[] failShare,
            SplittableRandom[] failures,
            TaskEventSink sink) {
        this.ids = ids.toArray(String[]::new);
        for (int i = 0; i < this.ids.length; i++) {
            indexById.put(this.ids[i], i);
        }
        this.failShare = failShare.clone();
        this.failures = failures.clone();
        this.busySeconds = new double[mu.length];
        this.busySince = new double[mu.length];
        this.sink = sink;
        this.queues = new ServerQueues(mu.clone(), new Events());
    }

    int size() {
        return ids.length;
    }

    String id(int i) {
        return ids[i];
    }

    /** The index of the server with this id, or null. */
    Integer index(String serverId) {
        return indexById.get(serverId);
    }

    double mu(int i) {
        return queues.mu(i);
    }

    /** Tasks on server {@code i}: waiting plus the one in service. */
    int queueLength(int i) {
        return queues.queueLength(i);
    }

    boolean busy(int i) {
        return queues.busy(i);
    }

    /**
     * Server {@code i}'s total time spent serving up to {@code now} (seconds); the heartbeat's CPU
     * figure is its rate of change.
     */
    double busySeconds(int i, double now) {
        return busySeconds[i] + (queues.busy(i) ? now - busySince[i] : 0);
    }

    /**
     * A routed task reaches server {@code i} at {@code now}, after every completion and abandonment
     * due by then: it starts at once if the server is idle, else waits.
     */
    void arrive(int i, FleetTask task, double now) {
        taskIds.add(task.taskId());
        queues.arrive(i, task.work(), task.patienceSeconds(), now);
    }

    /** Plays every completion (or failure) and abandonment up to {@code now}, in time order. */
    void advance(double now) {
        queues.runUntil(now);
    }

    /** When the next completion or abandonment happens (+∞ when every server is idle). */
    double nextEventAt() {
        return queues.nextEventAt();
    }

    private final class Events implements ServerQueues.Lifecycle {
        @Override
        public void enqueued(int server, int task, double at) {
            sink.on(ids[server], taskIds.get(task), TaskEventType.ENQUEUED, at);
        }

        @Override
        public void becameBusy(int server, double at) {}

        @Override
        public void started(int server, int task, double at) {
            busySince[server] = at;
            sink.on(ids[server], taskIds.get(task), TaskEventType.STARTED, at);
        }

        @Override
        public void completed(int server, int task, double at) {
            sink.on(ids[server], taskIds.get(task), outcome(server), at);
            busySeconds[server] += at - busySince[server];
        }

        @Override
        public void becameIdle(int server, double at) {}

        @Override
        public void abandoned(int server, int task, double at) {
            sink.on(ids[server], taskIds.get(task), TaskEventType.ABANDONED, at);
        }

        private TaskEventType outcome(int server) {
            return failShare[server] > 0 && failures[server].nextDouble() < failShare[server]
                    ? TaskEventType.FAILED
                    : TaskEventType.COMPLETED;
        }
    }

    /** The ids {@code server-1 … server-N}. */
    static List<String> numberedIds(int servers) {
        return IntStream.rangeClosed(1, servers).mapToObj(i -> "server-" + i).toList();
    }
}
