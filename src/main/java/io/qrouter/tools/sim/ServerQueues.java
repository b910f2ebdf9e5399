package io.qrouter.tools.sim;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * N single FCFS servers where each waiting task abandons when its patience runs out (M/M/1+M; the
 * task in service never abandons): the queueing behaviour of the simulator's servers and of the
 * fleet's, in virtual or real time. Service takes a task's work over the server's rate; completions
 * and abandonments are events on an {@link EventQueue}, told to a {@link Lifecycle} as they happen.
 * The simulator adds its own events to the same queue and hands these back ({@link #depart}, {@link
 * #abandon}); the fleet lets {@link #runUntil} play them.
 *
 * <p>Tasks are indexes into the {@link TaskTable}; -1 means none. A stale event carries an old
 * departure token, or a task no longer waiting, and is dropped. Not thread-safe.
 */
public final class ServerQueues {

    /** What happens on the servers, at the time it happens. */
    public interface Lifecycle {
        void enqueued(int server, int task, double at);

        /** An idle server gets a task; {@link #started} follows. */
        void becameBusy(int server, double at);

        void started(int server, int task, double at);

        void completed(int server, int task, double at);

        /** A server finished its last task. */
        void becameIdle(int server, double at);

        void abandoned(int server, int task, double at);
    }

    final double[] mu;

    /** Tasks on each server: waiting, in service and (chain P) cancelled. */
    final int[] count;

    private final int[] inService;
    private final int[] departureToken;
    private final double[] departureTime;
    final TaskTable tasks;
    private final EventQueue events;
    private final Lifecycle lifecycle;

    /** Servers of rates {@code mu} with their own event queue, for tasks that come as they come. */
    public ServerQueues(double[] mu, Lifecycle lifecycle) {
        this(mu, new TaskTable(1024, mu.length), new EventQueue(), lifecycle);
    }

    ServerQueues(double[] mu, TaskTable tasks, EventQueue events, Lifecycle lifecycle) {
        for (double rate : mu) {
            if (!(rate > 0) || !Double.isFinite(rate)) {
                throw new IllegalArgumentException("service rates must be > 0 (got " + rate + ")");
            }
        }
        this.mu = mu;
        this.count = new int[mu.length];
        this.inService = new int[mu.length];
        this.departureToken = new int[mu.length];
        this.departureTime = new double[mu.length];
        Arrays.fill(inService, -1);
        this.tasks = tasks;
        this.events = events;
        this.lifecycle = lifecycle;
    }

    public int size() {
        return mu.length;
    }

    public double mu(int server) {
        return mu[server];
    }

    /** Tasks on the server. */
    public int queueLength(int server) {
        return count[server];
    }

    public boolean busy(int server) {
        return inService[server] >= 0;
    }

    /**
     * A new task of {@code work} (service time = work / mu) that abandons after waiting {@code
     * patience} reaches {@code server} at {@code now}, after every event due by then.
     *
     * @return the task's index
     */
    public int arrive(int server, double work, double patience, double now) {
        runUntil(now);
        int task = tasks.append(work, patience);
        enqueue(server, task, now);
        return task;
    }

    /** Plays every completion and abandonment due by {@code now}, in time order. */
    public void runUntil(double now) {
        while (nextEventAt() <= now && !events.isEmpty()) {
            events.pop();
            if (events.kind() == EventKind.DEPARTURE) {
                depart(events.server(), events.arg(), events.time());
            } else {
                abandon(events.arg(), events.time());
            }
        }
    }

    /** When the next completion or abandonment happens (+∞ when none is due). */
    public double nextEventAt() {
        while (!events.isEmpty()
                && stale(events.nextKind(), events.nextServer(), events.nextArg())) {
            events.pop();
        }
        return events.isEmpty() ? Double.POSITIVE_INFINITY : events.nextTime();
    }

    private boolean stale(EventKind kind, int server, int arg) {
        return kind == EventKind.DEPARTURE
                ? arg != departureToken[server]
                : tasks.state[arg] != TaskTable.WAITING;
    }

    /**
     * Task {@code task} (its work and patience in the table) reaches {@code server} at {@code now}.
     */
    void enqueue(int server, int task, double now) {
        tasks.server[task] = server;
        count[server]++;
        lifecycle.enqueued(server, task, now);
        if (inService[server] < 0) {
            lifecycle.becameBusy(server, now);
            start(server, task, now);
        } else {
            tasks.state[task] = TaskTable.WAITING;
            tasks.appendWaiting(server, task);
            if (Double.isFinite(tasks.patience[task])) {
                events.push(now + tasks.patience[task], EventKind.ABANDON, server, task);
            }
        }
    }

    private void start(int server, int task, double now) {
        if (tasks.state[task] == TaskTable.WAITING) {
            tasks.removeWaiting(server, task);
        }
        tasks.state[task] = TaskTable.IN_SERVICE;
        inService[server] = task;
        lifecycle.started(server, task, now);
        departureTime[server] = now + tasks.work[task] / mu[server];
        events.push(departureTime[server], EventKind.DEPARTURE, server, ++departureToken[server]);
    }

    /**
     * A {@link EventKind#DEPARTURE} event: the task in service completes and the longest-waiting
     * one starts.
     *
     * @return false for a stale event
     */
    boolean depart(int server, int token, double now) {
        if (token != departureToken[server]) {
            return false;
        }
        int task = inService[server];
        inService[server] = -1;
        tasks.state[task] = TaskTable.GONE;
        count[server]--;
        lifecycle.completed(server, task, now);
        int next = tasks.firstWaiting(server);
        if (next >= 0) {
            start(server, next, now);
        } else {
            lifecycle.becameIdle(server, now);
        }
        return true;
    }

    /**
     * An {@link EventKind#ABANDON} event: the task leaves the queue.
     *
     * @return its server, or -1 for a stale event
     */
    int abandon(int task, double now) {
        if (tasks.state[task] != TaskTable.WAITING) {
            return -1;
        }
        int server = tasks.server[task];
        tasks.removeWaiting(server, task);
        tasks.state[task] = TaskTable.GONE;
        count[server]--;
        lifecycle.abandoned(server, task, now);
        return server;
    }

    /**
     * Takes the longest-waiting task out of the queue; it stays on the server (counted) until
     * {@link #release}d.
     *
     * @return the task, or -1 when none waits
     */
    int cancelLongestWaiting(int server) {
        int task = tasks.firstWaiting(server);
        if (task >= 0) {
            tasks.removeWaiting(server, task);
            tasks.state[task] = TaskTable.CANCELLED;
        }
        return task;
    }

    /** A cancelled task leaves the server. */
    void release(int server, int task) {
        tasks.state[task] = TaskTable.GONE;
        count[server]--;
    }

    /**
     * Stops the service in progress ({@link #resume} goes on with it).
     *
     * @return the service time left
     */
    double pause(int server, double now) {
        departureToken[server]++;
        return departureTime[server] - now;
    }

    void resume(int server, double remaining, double now) {
        departureTime[server] = now + remaining;
        events.push(departureTime[server], EventKind.DEPARTURE, server, ++departureToken[server]);
    }

    /**
     * The server fails: its waiting tasks, then the one in service, are lost ({@code lost} hears of
     * each), and it holds nothing.
     */
    void crash(int server, IntConsumer lost) {
        for (int task = tasks.firstWaiting(server); task >= 0; task = tasks.nextWaiting(task)) {
            tasks.state[task] = TaskTable.GONE;
            lost.accept(task);
        }
        if (inService[server] >= 0) {
            tasks.state[inService[server]] = TaskTable.GONE;
            lost.accept(inService[server]);
        }
        count[server] = 0;
        tasks.clearQueue(server);
        inService[server] = -1;
        departureToken[server]++;
    }
}
