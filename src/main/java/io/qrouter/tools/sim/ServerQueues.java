package io.qrouter.tools.sim;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * N FCFS servers of c slots each, where each waiting task abandons when its patience runs out
 * (M/M/c+M with exponential times; a task in service never abandons): the queueing behaviour of the
 * simulator's servers and of the fleet's, in virtual or real time. Up to {@link #slots} tasks are
 * in service at once, each at the server's rate per slot: a task's service takes its work over
 * {@link #mu}, stretched by the slowdown factor for as long as its server is slowed ({@link
 * Slowdowns}: a slowdown slows the work in progress too). The rest wait in one line, served in
 * arrival order as slots free up. Completions, abandonments and changes of speed are events on an
 * {@link EventQueue}, told to a {@link Lifecycle} as they happen. The simulator adds its own events
 * to the same queue and hands these back ({@link #depart}, {@link #abandon}, {@link #changeSpeed});
 * the fleet lets {@link #runUntil} play them.
 *
 * <p>Each server has one pending departure event, for the task in service that finishes first; a
 * new one replaces it (a new token) when a task that finishes sooner starts. With one slot this is
 * the single-server queue exactly, event for event.
 *
 * <p>Tasks are indexes into the {@link TaskTable}; -1 means none. A stale event carries an old
 * departure token, or a task no longer waiting, and is dropped. Not thread-safe.
 */
public final class ServerQueues {

    /** What happens on the servers, at the time it happens. */
    public interface Lifecycle {
        void enqueued(int server, int task, double at);

        /** A server with every slot free gets a task; {@link #started} follows. */
        void becameBusy(int server, double at);

        void started(int server, int task, double at);

        void completed(int server, int task, double at);

        /** A server finished its last task in service and none waits: every slot is free. */
        void becameIdle(int server, double at);

        void abandoned(int server, int task, double at);
    }

    final double[] mu;

    /** Tasks on each server: waiting, in service and (chain P) cancelled. */
    final int[] count;

    private final int[] slots;

    /** Server s's slots are firstSlot[s] … firstSlot[s] + slots[s] − 1 of the slot arrays. */
    private final int[] firstSlot;

    /** The task in each slot (-1: free) and when its service ends. */
    private final int[] slotTask;

    private final double[] slotEnd;
    private final int[] inService;

    /** The slot whose departure each server's pending event is for (-1: none). */
    private final int[] departingSlot;

    private final int[] departureToken;

    /** Each server's slowdown factor now: 1 at normal speed. */
    private final double[] slowdown;

    /** Chain P's recovery holds the server's service ({@link #pause}). */
    private final boolean[] paused;

    private final Slowdowns slowdowns;
    final TaskTable tasks;
    private final EventQueue events;
    private final Lifecycle lifecycle;

    /**
     * Servers of rates per slot {@code mu} and {@code slots} slots, slowed by {@code slowdowns},
     * with their own event queue, for tasks that come as they come.
     */
    public ServerQueues(double[] mu, int[] slots, Slowdowns slowdowns, Lifecycle lifecycle) {
        this(mu, slots, slowdowns, new TaskTable(1024, mu.length), new EventQueue(), lifecycle);
    }

    ServerQueues(
            double[] mu,
            int[] slots,
            Slowdowns slowdowns,
            TaskTable tasks,
            EventQueue events,
            Lifecycle lifecycle) {
        for (double rate : mu) {
            if (!(rate > 0) || !Double.isFinite(rate)) {
                throw new IllegalArgumentException("service rates must be > 0 (got " + rate + ")");
            }
        }
        if (slots.length != mu.length || Arrays.stream(slots).anyMatch(c -> c < 1)) {
            throw new IllegalArgumentException(
                    "every server needs a slot count >= 1 (got " + Arrays.toString(slots) + ")");
        }
        int n = mu.length;
        this.mu = mu;
        this.count = new int[n];
        this.slots = slots.clone();
        this.firstSlot = new int[n];
        long total = 0;
        for (int s = 0; s < n; s++) {
            firstSlot[s] = (int) total;
            total += slots[s];
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("more than 2^31 slots in all (" + total + ")");
        }
        this.slotTask = new int[(int) total];
        this.slotEnd = new double[(int) total];
        Arrays.fill(slotTask, -1);
        this.inService = new int[n];
        this.departingSlot = new int[n];
        Arrays.fill(departingSlot, -1);
        this.departureToken = new int[n];
        this.slowdown = new double[n];
        Arrays.fill(slowdown, 1);
        this.paused = new boolean[n];
        this.slowdowns = slowdowns;
        this.tasks = tasks;
        this.events = events;
        this.lifecycle = lifecycle;
        for (int s = 0; s < n; s++) {
            if (slowdowns.slows(s)) {
                events.push(slowdowns.toggleAt(s, 0), EventKind.SLOWDOWN, s, 0);
            }
        }
    }

    public int size() {
        return mu.length;
    }

    /** The service rate of each of the server's slots. */
    public double mu(int server) {
        return mu[server];
    }

    /** How many tasks the server serves at once. */
    public int slots(int server) {
        return slots[server];
    }

    /** Tasks on the server: waiting plus in service. */
    public int queueLength(int server) {
        return count[server];
    }

    /** At least one task is in service. */
    public boolean busy(int server) {
        return inService[server] > 0;
    }

    /** Tasks in service now, at most {@link #slots}. */
    public int inService(int server) {
        return inService[server];
    }

    /** How many times longer the server's work takes now (1: normal speed). */
    public double slowdown(int server) {
        return slowdown[server];
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

    /**
     * Plays every completion, abandonment and change of speed due by {@code now}, in time order.
     */
    public void runUntil(double now) {
        while (nextEventAt() <= now && !events.isEmpty()) {
            events.pop();
            switch (events.kind()) {
                case DEPARTURE -> depart(events.server(), events.arg(), events.time());
                case SLOWDOWN -> changeSpeed(events.server(), events.arg(), events.time());
                default -> abandon(events.arg(), events.time());
            }
        }
    }

    /** When the next completion, abandonment or change of speed happens (+∞ when none is due). */
    public double nextEventAt() {
        while (!events.isEmpty()
                && stale(events.nextKind(), events.nextServer(), events.nextArg())) {
            events.pop();
        }
        return events.isEmpty() ? Double.POSITIVE_INFINITY : events.nextTime();
    }

    private boolean stale(EventKind kind, int server, int arg) {
        return switch (kind) {
            case DEPARTURE -> arg != departureToken[server];
            case SLOWDOWN -> false;
            default -> tasks.state[arg] != TaskTable.WAITING;
        };
    }

    /**
     * Task {@code task} (its work and patience in the table) reaches {@code server} at {@code now}.
     */
    void enqueue(int server, int task, double now) {
        tasks.server[task] = server;
        count[server]++;
        lifecycle.enqueued(server, task, now);
        if (inService[server] < slots[server]) {
            if (inService[server] == 0) {
                lifecycle.becameBusy(server, now);
            }
            start(server, freeSlot(server), task, now);
        } else {
            tasks.state[task] = TaskTable.WAITING;
            tasks.appendWaiting(server, task);
            if (Double.isFinite(tasks.patience[task])) {
                events.push(now + tasks.patience[task], EventKind.ABANDON, server, task);
            }
        }
    }

    private int freeSlot(int server) {
        int slot = firstSlot[server];
        while (slotTask[slot] >= 0) {
            slot++;
        }
        return slot;
    }

    private void start(int server, int slot, int task, double now) {
        if (tasks.state[task] == TaskTable.WAITING) {
            tasks.removeWaiting(server, task);
        }
        tasks.state[task] = TaskTable.IN_SERVICE;
        slotTask[slot] = task;
        inService[server]++;
        lifecycle.started(server, task, now);
        slotEnd[slot] = now + tasks.work[task] * slowdown[server] / mu[server];
        int pending = departingSlot[server];
        if (pending < 0 || slotEnd[slot] < slotEnd[pending]) {
            scheduleDeparture(server, slot);
        }
    }

    private void scheduleDeparture(int server, int slot) {
        departingSlot[server] = slot;
        events.push(slotEnd[slot], EventKind.DEPARTURE, server, ++departureToken[server]);
    }

    /**
     * A {@link EventKind#DEPARTURE} event: the task in service that finishes first completes and
     * the longest-waiting one takes its slot.
     *
     * @return false for a stale event
     */
    boolean depart(int server, int token, double now) {
        if (token != departureToken[server]) {
            return false;
        }
        int slot = departingSlot[server];
        int task = slotTask[slot];
        slotTask[slot] = -1;
        departingSlot[server] = -1;
        inService[server]--;
        tasks.state[task] = TaskTable.GONE;
        count[server]--;
        lifecycle.completed(server, task, now);
        scheduleFirstToFinish(server);
        int next = tasks.firstWaiting(server);
        if (next >= 0) {
            start(server, slot, next, now);
        } else if (inService[server] == 0) {
            lifecycle.becameIdle(server, now);
        }
        return true;
    }

    /** The next departure of a server with several slots: its task in service that ends first. */
    private void scheduleFirstToFinish(int server) {
        int first = -1;
        for (int slot = firstSlot[server]; slot < firstSlot[server] + slots[server]; slot++) {
            if (slotTask[slot] >= 0 && (first < 0 || slotEnd[slot] < slotEnd[first])) {
                first = slot;
            }
        }
        if (first >= 0) {
            scheduleDeparture(server, first);
        }
    }

    /**
     * An {@link EventKind#SLOWDOWN} event: the server's {@code toggle}-th change of speed (even: a
     * slowdown starts, odd: it ends), and the next one scheduled. What is left of each service in
     * progress runs at the new speed.
     */
    void changeSpeed(int server, int toggle, double now) {
        double next = (toggle & 1) == 0 ? slowdowns.factor() : 1;
        if (inService[server] > 0 && !paused[server]) {
            double stretch = next / slowdown[server];
            for (int slot = firstSlot[server]; slot < firstSlot[server] + slots[server]; slot++) {
                if (slotTask[slot] >= 0) {
                    slotEnd[slot] = now + (slotEnd[slot] - now) * stretch;
                }
            }
            scheduleFirstToFinish(server);
        }
        slowdown[server] = next;
        events.push(slowdowns.toggleAt(server, toggle + 1), EventKind.SLOWDOWN, server, toggle + 1);
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
     * Stops the service in progress ({@link #resume} goes on with it): chain P's recovery, a model
     * of single-slot servers only.
     *
     * @return the service time left at normal speed
     */
    double pause(int server, double now) {
        requireOneSlot(server);
        departureToken[server]++;
        paused[server] = true;
        return (slotEnd[departingSlot[server]] - now) / slowdown[server];
    }

    /** Goes on with a paused service, {@code remaining} at normal speed, at the speed of now. */
    void resume(int server, double remaining, double now) {
        requireOneSlot(server);
        paused[server] = false;
        slotEnd[departingSlot[server]] = now + remaining * slowdown[server];
        events.push(
                slotEnd[departingSlot[server]],
                EventKind.DEPARTURE,
                server,
                ++departureToken[server]);
    }

    private void requireOneSlot(int server) {
        if (slots[server] != 1) {
            throw new IllegalStateException(
                    "chain P pauses single-slot servers only (server "
                            + server
                            + " has "
                            + slots[server]
                            + " slots)");
        }
    }

    /**
     * The server fails: its waiting tasks, then those in service, are lost ({@code lost} hears of
     * each), and it holds nothing.
     */
    void crash(int server, IntConsumer lost) {
        for (int task = tasks.firstWaiting(server); task >= 0; task = tasks.nextWaiting(task)) {
            tasks.state[task] = TaskTable.GONE;
            lost.accept(task);
        }
        for (int slot = firstSlot[server]; slot < firstSlot[server] + slots[server]; slot++) {
            if (slotTask[slot] >= 0) {
                tasks.state[slotTask[slot]] = TaskTable.GONE;
                lost.accept(slotTask[slot]);
                slotTask[slot] = -1;
            }
        }
        count[server] = 0;
        tasks.clearQueue(server);
        inService[server] = 0;
        departingSlot[server] = -1;
        departureToken[server]++;
        paused[server] = false;
    }
}
