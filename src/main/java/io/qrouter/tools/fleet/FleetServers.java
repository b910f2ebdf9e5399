package io.qrouter.tools.fleet;

import io.qrouter.avro.TaskEventType;
import io.qrouter.tools.sim.ServerQueues;
import io.qrouter.tools.sim.Slowdowns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The fleet's servers: the simulator's {@link ServerQueues} (FCFS servers of one or more slots
 * where each waiting task abandons when its patience runs out, M/M/c+M with exponential service;
 * some may slow down now and then, {@link Slowdowns}), played in fleet seconds, their lifecycle
 * events told to a {@link TaskEventSink} under the fleet's ids. A failing server ends its share of
 * services FAILED instead of COMPLETED; each server's busy slot time gives the heartbeats' CPU
 * figure. Time is a plain number of seconds supplied by the caller, so the same code runs in real
 * time in the fleet and in virtual time in tests and benchmarks.
 *
 * <p>Not thread-safe: the fleet's event loop owns the servers.
 */
final class FleetServers {
    private final String[] ids;
    private final Map<String, Integer> indexById = new HashMap<>();
    private final double[] failShare;
    private final SplittableRandom[] failures;

    /** Slot-seconds of service up to {@link #busySince}, and the tasks in service since then. */
    private final double[] busySlotSeconds;

    private final double[] busySince;
    private final int[] serving;
    private final List<String> taskIds = new ArrayList<>();
    private final TaskEventSink sink;
    private final ServerQueues queues;
    private final Slowdowns slowdowns;

    /** Single-slot servers at a steady speed that complete every task they serve. */
    FleetServers(List<String> ids, double[] mu, TaskEventSink sink) {
        this(
                ids,
                mu,
                oneSlotEach(mu.length),
                Slowdowns.NONE,
                new double[mu.length],
                new SplittableRandom[mu.length],
                sink);
    }

    /**
     * @param mu each server's rate per slot
     * @param slots each server's slots
     * @param slowdowns when servers run slow
     * @param failShare each server's probability that a service ends FAILED, in [0, 1]
     * @param failures draws which services of each server fail (unused where its share is 0)
     * @param sink receives every server's lifecycle events
     */
    FleetServers(
            List<String> ids,
            double[] mu,
            int[] slots,
            Slowdowns slowdowns,
            double[] failShare,
            SplittableRandom[] failures,
            TaskEventSink sink) {
        this.ids = ids.toArray(String[]::new);
        for (int i = 0; i < this.ids.length; i++) {
            indexById.put(this.ids[i], i);
        }
        this.failShare = failShare.clone();
        this.failures = failures.clone();
        this.busySlotSeconds = new double[mu.length];
        this.busySince = new double[mu.length];
        this.serving = new int[mu.length];
        this.sink = sink;
        this.slowdowns = slowdowns;
        this.queues = new ServerQueues(mu.clone(), slots, slowdowns, new Events());
    }

    static int[] oneSlotEach(int servers) {
        int[] slots = new int[servers];
        Arrays.fill(slots, 1);
        return slots;
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

    /** Server {@code i}'s service rate per slot. */
    double mu(int i) {
        return queues.mu(i);
    }

    /** How many tasks server {@code i} serves at once. */
    int slots(int i) {
        return queues.slots(i);
    }

    /** Tasks in service on server {@code i} now. */
    int inService(int i) {
        return queues.inService(i);
    }

    /** Tasks on server {@code i}: waiting plus in service. */
    int queueLength(int i) {
        return queues.queueLength(i);
    }

    /** At least one task in service. */
    boolean busy(int i) {
        return queues.busy(i);
    }

    /** When the servers run slow. */
    Slowdowns slowdowns() {
        return slowdowns;
    }

    /**
     * Server {@code i}'s time spent serving up to {@code now} (seconds), counted in whole servers:
     * its slot-seconds of service over its slots, so a server with every slot busy adds a second
     * per second. The heartbeat's CPU figure is its rate of change.
     */
    double busySeconds(int i, double now) {
        return (busySlotSeconds[i] + serving[i] * (now - busySince[i])) / queues.slots(i);
    }

    /**
     * A routed task reaches server {@code i} at {@code now}, after every completion and abandonment
     * due by then: it starts at once if a slot is free, else waits.
     */
    void arrive(int i, FleetTask task, double now) {
        taskIds.add(task.taskId());
        queues.arrive(i, task.work(), task.patienceSeconds(), now);
    }

    /**
     * Plays every completion (or failure), abandonment and change of speed up to {@code now}, in
     * time order.
     */
    void advance(double now) {
        queues.runUntil(now);
    }

    /**
     * When the next completion, abandonment or change of speed happens (+∞ when every server is
     * idle and none slows down).
     */
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
            countBusyTime(server, at);
            serving[server]++;
            sink.on(ids[server], taskIds.get(task), TaskEventType.STARTED, at);
        }

        @Override
        public void completed(int server, int task, double at) {
            sink.on(ids[server], taskIds.get(task), outcome(server), at);
            countBusyTime(server, at);
            serving[server]--;
        }

        @Override
        public void becameIdle(int server, double at) {}

        @Override
        public void abandoned(int server, int task, double at) {
            sink.on(ids[server], taskIds.get(task), TaskEventType.ABANDONED, at);
        }

        private void countBusyTime(int server, double at) {
            busySlotSeconds[server] += serving[server] * (at - busySince[server]);
            busySince[server] = at;
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
