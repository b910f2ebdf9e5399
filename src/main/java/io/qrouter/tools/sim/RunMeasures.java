package io.qrouter.tools.sim;

import io.qrouter.core.policy.Rule;
import java.util.function.Supplier;

/**
 * The figures of a simulation run as it goes: the clock, the time integrals of busy servers and of
 * tasks at the servers (closing a per-step figure at every step boundary on the way), what happened
 * to each counted task (the routed ones after the warm-up), and a replay's per-task times. Tasks
 * that leave the run, served or lost, are counted as finished; the run ends when all are.
 */
final class RunMeasures implements ServerQueues.Lifecycle {
    private final SimConfig config;
    private final int routedTasks;
    private final Supplier<FleetMeasures> fleetNow;

    /** When each task reached the routers. */
    private final double[] arrivalTime;

    /** When it reached its server (its wait starts then): the arrival plus the decision delay. */
    private final double[] receivedTime;

    private final StepAccumulator step = new StepAccumulator();
    private final RunTally tally = new RunTally();

    /** Per-task times of a replay (null otherwise), filled as the run goes. */
    private final Replay timeline;

    private final Slowdowns slowdowns;

    /** The trailing window of {@link ShareHalving}: one mean service time. */
    private final double halvingWindow;

    /** The counted decisions, when there are slowdowns to measure (null otherwise). */
    private final DecisionTrail decisions;

    private double now;
    private int busyServers;
    private long tasksInSystem;
    private long finished;
    private double areaBusy;
    private double areaInSystem;
    private long eventCount;

    /**
     * @param tasks every task of the run: the routed ones first, then the initial ones
     * @param fleetNow the fleet-level measures at the current time, for each closed step
     * @param timeline a replay's per-task times to fill in, or null
     * @param slowdowns the servers' slowdowns, whose effect on the decisions is measured
     * @param meanServiceTime the window over which a server's share of the decisions is measured
     */
    RunMeasures(
            SimConfig config,
            int routedTasks,
            int tasks,
            Supplier<FleetMeasures> fleetNow,
            Replay timeline,
            Slowdowns slowdowns,
            double meanServiceTime) {
        this.config = config;
        this.routedTasks = routedTasks;
        this.fleetNow = fleetNow;
        this.arrivalTime = new double[tasks];
        this.receivedTime = new double[tasks];
        this.timeline = timeline;
        this.slowdowns = slowdowns;
        this.halvingWindow = meanServiceTime;
        this.decisions = slowdowns.none() ? null : new DecisionTrail();
    }

    double now() {
        return now;
    }

    /** A replay's per-task times, or null. */
    Replay timeline() {
        return timeline;
    }

    boolean unfinished(long tasks) {
        return finished < tasks;
    }

    /**
     * The next event happens at {@code t}: counts it, and integrates the time averages up to {@code
     * t}, closing every step boundary on the way.
     */
    void advance(double t) {
        eventCount++;
        while (t >= step.start() + config.stepLength()) {
            double end = step.start() + config.stepLength();
            integrate(end);
            closeStep(end);
        }
        integrate(t);
    }

    /** Closes the last, partial step; the run is over. */
    void finish() {
        if (now > step.start()) {
            closeStep(now);
        }
    }

    SimResult result() {
        return tally.result(
                config,
                routedTasks - config.warmupTasks(),
                now,
                config.servers(),
                areaBusy,
                areaInSystem,
                eventCount,
                step.steps(),
                decisions == null
                        ? ShareHalving.Result.NO_ANTAGONISTS
                        : decisions.halving(slowdowns, halvingWindow));
    }

    // ---- what the routers do with a task ----

    void arrived(int task, double at) {
        arrivalTime[task] = at;
        if (counted(task)) {
            step.arrival();
        }
    }

    /**
     * A decision at {@code at}: its rule, the server it chose, and whether that server joined
     * during the run.
     */
    void decided(int task, Rule rule, int server, boolean joinedServer, double at) {
        tally.decided(rule);
        if (timeline != null) {
            timeline.server()[task] = server;
        }
        if (decisions != null && counted(task)) {
            decisions.add(at, server);
        }
        if (rule == Rule.IDLE_QUEUE) {
            step.idleDecision();
        }
        if (joinedServer && counted(task)) {
            step.joinedDecision();
        }
    }

    /** Refused on arrival by loss-aware admission: never sent, neither served nor lost. */
    void rejected(int task) {
        finished++;
        if (counted(task)) {
            tally.rejected++;
        }
    }

    /** The task reaches its server, which may not take it. */
    void reached(int task, double at) {
        receivedTime[task] = at;
        if (timeline != null) {
            timeline.receivedAt()[task] = at;
        }
    }

    /**
     * Lost before it was queued: no server alive to choose, the chosen one down, or (blocked) the
     * chosen one recovering from a cancellation, which counts as an abandonment.
     */
    void lost(int task, boolean blockedByRecovery) {
        finished++;
        if (counted(task)) {
            if (blockedByRecovery) {
                tally.blocked++;
                tally.abandoned++;
                step.abandonment();
            } else {
                tally.failed++;
                step.failure();
            }
        }
    }

    // ---- what the servers do ----

    @Override
    public void enqueued(int server, int task, double at) {
        tasksInSystem++;
    }

    @Override
    public void becameBusy(int server, double at) {
        busyServers++;
    }

    @Override
    public void started(int server, int task, double at) {
        if (counted(task)) {
            recordWait(at - receivedTime[task]);
        }
        if (timeline != null && task < routedTasks) {
            timeline.startedAt()[task] = at;
        }
    }

    @Override
    public void completed(int server, int task, double at) {
        tasksInSystem--;
        finished++;
        if (timeline != null && task < routedTasks) {
            timeline.finishedAt()[task] = at;
            timeline.completed()[task] = true;
        }
        if (counted(task)) {
            tally.completed++;
            double sojourn = at - arrivalTime[task];
            tally.sojourns.add(sojourn);
            step.completion(sojourn);
        }
    }

    @Override
    public void becameIdle(int server, double at) {
        busyServers--;
    }

    @Override
    public void abandoned(int server, int task, double at) {
        tasksInSystem--;
        finished++;
        if (timeline != null && task < routedTasks) {
            timeline.finishedAt()[task] = at;
        }
        countAbandonment(task, at);
    }

    /** Chain P cancelled the task: it is lost to an abandonment, though it stays until restored. */
    void cancelled(int task, double at) {
        countAbandonment(task, at);
    }

    /** A cancelled task leaves its server at the end of the recovery. */
    void restored() {
        tasksInSystem--;
        finished++;
    }

    /** A task lost with its failed server. */
    void lostInFailure(int task) {
        finished++;
        if (counted(task)) {
            tally.failed++;
            step.failure();
        }
    }

    /**
     * A server failed holding {@code tasksOnServer} tasks, a cancelled one ({@code heldCancelled},
     * already counted as lost) included.
     */
    void serverFailed(int tasksOnServer, boolean wasBusy, boolean heldCancelled) {
        if (wasBusy) {
            busyServers--;
        }
        if (heldCancelled) {
            finished++;
        }
        tasksInSystem -= tasksOnServer;
    }

    void heartbeat() {
        tally.heartbeats++;
        step.heartbeat();
    }

    /** A waiting task is lost at {@code at}: an abandonment after the wait it had. */
    private void countAbandonment(int task, double at) {
        if (counted(task)) {
            tally.abandoned++;
            step.abandonment();
            recordWait(at - receivedTime[task]);
        }
    }

    private boolean counted(int task) {
        return task < routedTasks && task >= config.warmupTasks();
    }

    private void recordWait(double wait) {
        tally.waits.add(wait);
        step.wait(wait);
    }

    private void integrate(double t) {
        double dt = t - now;
        if (dt > 0) {
            areaBusy += busyServers * dt;
            step.busyArea(busyServers * dt);
            areaInSystem += tasksInSystem * dt;
            now = t;
        }
    }

    private void closeStep(double end) {
        step.close(end, config.servers(), fleetNow.get(), tasksInSystem, tally.completed);
    }
}
