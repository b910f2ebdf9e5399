package io.qrouter.tools.sim;

import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.Decision;
import io.qrouter.core.policy.LossAdmission;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.RoutingPolicy;
import io.qrouter.core.policy.TaskPlacer;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * The discrete-event simulator: N FCFS servers of one or more slots, some of which may slow down
 * now and then ({@link ServerSetup}), routers running the policies of policy/ on the view the
 * servers' reports give them (plus their own in-flight assignments), abandonment, heartbeats at the
 * adaptive interval, failures, and optionally reports and decisions that travel with a delay. The
 * queues are {@link ServerQueues}, what the routers learn {@link ServerReports}, chain P {@link
 * CancelRestore}, the figures {@link RunMeasures}; this class holds the event loop, the arrivals
 * and decisions, and the servers' failures.
 *
 * <p>Reproducible bit for bit: one seed, random streams split from it in a fixed order, events at
 * equal times in the order scheduled. Arrivals, requirements and patience have streams of their
 * own, so two policies run with one seed see the same tasks. Reports carry what production's do
 * (queue length, busy flag, the estimates of estimate/ fed with the simulated lifecycle events); a
 * failed server is learnt of only when {@link AdaptiveHeartbeat#downAtMillis} passes, and the tasks
 * sent to it meanwhile are lost. What each option models is in docs/results.md ("Simulator and
 * qrouter simulate").
 *
 * <p>Clock: one unit of simulated time (a mean service time of a rate-1 server) is 1000 ms for the
 * policies and estimators, so rates per unit are rates per second there.
 */
public final class Simulation {
    static final double MILLIS_PER_UNIT = 1000.0;
    private static final int PROGRESS_EVERY = 10_000;

    private final SimConfig config;
    private final Workload workload;
    private final LongConsumer progress;
    private final int routedTasks;
    private final long totalTasks;
    private final EventQueue events = new EventQueue();

    private final SplittableRandom arrivalRandom;
    private final SplittableRandom workRandom;
    private final SplittableRandom patienceRandom;
    private final SplittableRandom routerRandom;
    private final TaskPlacer placer;
    private final SplittableRandom failureRandom;
    private final SplittableRandom setupRandom;
    private final SplittableRandom delayRandom;

    private final ArrivalProcess arrivals;
    private final Distribution service;
    private final RoutingPolicy[] routers;

    /** Loss-aware admission, or null when off. */
    private final LossAdmission admission;

    private final boolean oracle;
    private final boolean hashKeys;
    private final boolean renege;

    /** Servers from this index on join at {@link SimConfig#joinAt()}. */
    private final int firstJoiner;

    private final TaskTable tasks;
    private final ServerQueues queues;
    private final ReportChannel channel;
    private final RunMeasures measures;
    private final ServerReports reports;
    private final CancelRestore chainP;

    private int nextRouted;

    private Simulation(SimConfig config, Workload workload, LongConsumer progress) {
        this.config = config;
        this.workload = workload;
        this.progress = progress;
        int n = config.servers();
        SplittableRandom master = new SplittableRandom(config.seed());
        this.arrivalRandom = master.split();
        this.workRandom = master.split();
        this.patienceRandom = master.split();
        this.routerRandom = master.split();
        SplittableRandom policyRandom = master.split();
        this.failureRandom = master.split();
        this.setupRandom = master.split();
        SplittableRandom cancelRandom = master.split();
        this.delayRandom = master.split();

        this.service = Distribution.parse(config.service(), SimSetting.SERVICE);
        ServerSetup servers =
                workload != null
                        ? ServerSetup.of(workload)
                        : ServerSetup.draw(config, setupRandom, master.split());
        this.arrivals =
                workload != null
                        ? workload.arrivalProcess()
                        : ArrivalProcess.parse(
                                config.arrivals(),
                                config.load() * servers.capacity(),
                                config.tasks());
        this.routedTasks =
                arrivals instanceof ArrivalProcess.Trace trace
                        ? Math.min(config.tasks(), trace.size())
                        : config.tasks();

        this.routers = new RoutingPolicy[config.routers()];
        for (int r = 0; r < routers.length; r++) {
            PolicyConfig routerConfig =
                    config.placeTasks()
                            ? TaskPlacer.behindPlacer(config.policyConfig(r))
                            : config.policyConfig(r);
            routers[r] = config.newPolicy(routerConfig, policyRandom.split());
        }
        this.oracle = routers[0].readsCurrentQueues();
        this.admission =
                config.maxLossProbability() < 1
                        ? new LossAdmission(config.maxLossProbability())
                        : null;
        // admission predicts loss from the estimated mu and alpha_c, as the job's router does
        boolean needsEstimates = config.policy().readsEstimates() || admission != null;
        this.hashKeys = config.policy() == PolicyName.HASH;
        this.renege =
                workload != null
                        || config.impatience() == Impatience.RENEGE && config.patience() > 0;
        boolean cancelRestore =
                workload == null
                        && config.impatience() == Impatience.CANCEL_RESTORE
                        && config.patience() > 0;
        boolean delayed =
                !config.updateDelay().isZero()
                        || !config.decisionDelay().isZero()
                        || workload != null && workload.hasDeliveryDelays();
        this.placer =
                config.placeTasks() && TaskPlacer.appliesTo(config.policyConfig(0))
                        ? new TaskPlacer(
                                routers.length,
                                TaskPlacer.DEFAULT_EXPIRY_MILLIS,
                                config.newPolicy(
                                        TaskPlacer.asOneRouter(config.policyConfig(0)),
                                        policyRandom.split()))
                        : null;
        this.channel = new ReportChannel(routers, placer, n, delayed, config.updateDelay());
        this.firstJoiner = n - config.joiningServers();

        int[] initialQueue =
                ServerSetup.initialQueues(config.initialQueueMean(), n, firstJoiner, setupRandom);
        long initialTotal = Arrays.stream(initialQueue).asLongStream().sum();
        if (routedTasks + initialTotal > Integer.MAX_VALUE - 8) {
            throw new InvalidSettingException(
                    SimSetting.TASKS, "plus the initial queues must stay below 2^31 tasks");
        }
        this.totalTasks = routedTasks + initialTotal;
        this.tasks = new TaskTable((int) totalTasks, n);
        this.queues =
                new ServerQueues(
                        servers.mu(),
                        servers.slots(),
                        servers.slowdowns(),
                        tasks,
                        events,
                        new Lifecycle());
        this.measures =
                new RunMeasures(
                        config,
                        routedTasks,
                        (int) totalTasks,
                        this::fleetMeasures,
                        workload != null ? Replay.empty(null, workload.size()) : null,
                        servers.slowdowns(),
                        servers.meanServiceTime());
        this.reports =
                new ServerReports(
                        config,
                        queues,
                        firstJoiner,
                        needsEstimates,
                        oracle || config.reportEveryChange(),
                        channel,
                        events,
                        delayRandom,
                        measures);
        this.chainP =
                new CancelRestore(
                        cancelRestore, config, queues, events, cancelRandom, measures, reports);
        placeInitialTasks(initialQueue);
    }

    /** Runs a simulation to the end (every task served or lost). */
    public static SimResult run(SimConfig config) {
        return run(config, done -> {});
    }

    /**
     * Runs a simulation, telling {@code progress} the number of routed tasks that arrived so far,
     * now and then.
     */
    public static SimResult run(SimConfig config, LongConsumer progress) {
        return new Simulation(config, null, progress).execute();
    }

    /**
     * Replays a recorded workload (the digital twin): its servers' rates, and its tasks' arrival
     * times, work, patience and delivery delays, instead of drawing them. {@code config} must name
     * as many servers and tasks; its arrival process, rates and patience are not used.
     */
    public static Replay replay(SimConfig config, Workload workload) {
        if (workload.mu().length != config.servers() || workload.size() != config.tasks()) {
            throw new IllegalArgumentException(
                    "the workload has "
                            + workload.mu().length
                            + " servers and "
                            + workload.size()
                            + " tasks; the configuration says "
                            + config.servers()
                            + " and "
                            + config.tasks());
        }
        Simulation simulation = new Simulation(config, workload, done -> {});
        SimResult summary = simulation.execute();
        return simulation.measures.timeline().withSummary(summary);
    }

    private SimResult execute() {
        for (int s = 0; s < firstJoiner; s++) {
            reports.sendHeartbeat(s, setupRandom.nextDouble(), 0);
            scheduleFailure(s, 0);
        }
        for (int s = firstJoiner; s < queues.size(); s++) {
            events.push(config.joinAt(), EventKind.RECOVER, s, 0);
        }
        double first = arrivals.next(0, arrivalRandom);
        if (Double.isFinite(first)) {
            events.push(first, EventKind.ARRIVAL, 0, 0);
        }
        while (measures.unfinished(totalTasks) && !events.isEmpty()) {
            events.pop();
            double now = events.time();
            measures.advance(now);
            int s = events.server();
            int arg = events.arg();
            switch (events.kind()) {
                case ARRIVAL -> onArrival(now);
                case DEPARTURE -> {
                    if (queues.depart(s, arg, now)) {
                        chainP.disarmIfShort(s);
                        reports.queueChanged(s, now);
                    }
                }
                case ABANDON -> {
                    int server = queues.abandon(arg, now);
                    if (server >= 0) {
                        reports.queueChanged(server, now);
                    }
                }
                case CANCEL -> chainP.onCancel(s, arg, now);
                case RESTORE -> {
                    if (chainP.onRestore(s, arg, now)) {
                        reports.queueChanged(s, now);
                    }
                }
                case HEARTBEAT -> reports.onHeartbeat(s, arg, now);
                case FAIL -> onFail(s, now);
                case DETECT -> reports.onDetect(s, arg, now);
                case RECOVER -> onRecover(s, now);
                case UPDATE_ARRIVES -> channel.arrive(arg, now);
                case TASK_REACHES_SERVER -> reachServer(s, arg, now);
                case SLOWDOWN -> queues.changeSpeed(s, arg, now);
            }
        }
        measures.finish();
        progress.accept(routedTasks);
        return measures.result();
    }

    // ---- tasks ----

    private void onArrival(double now) {
        int task = nextRouted++;
        if (task % PROGRESS_EVERY == 0) {
            progress.accept(task);
        }
        if (workload != null) {
            tasks.work[task] = workload.work()[task];
            tasks.patience[task] = workload.patience()[task];
        } else {
            tasks.work[task] = service.sample(workRandom);
            tasks.patience[task] =
                    renege
                            ? exponential(patienceRandom, config.patience())
                            : Double.POSITIVE_INFINITY;
        }
        String key = arrivals.key();
        if (key == null) {
            key = hashKeys ? "t" + task : "";
        }
        TaskPlacer.Placement placed =
                placer != null
                        ? placer.place(key, ServerReports.taskId(task), millis(now))
                        : TaskPlacer.Placement.NONE;
        int router =
                placer != null
                        ? placed.router()
                        : routers.length == 1 ? 0 : routerRandom.nextInt(routers.length);
        measures.arrived(task, now);
        boolean rejected =
                admission != null
                        && !admission.admits(admission.bestLossProbability(routers[router].view()));
        Optional<Decision> decision =
                rejected ? Optional.empty() : routers[router].route(key, millis(now), placed);
        if (nextRouted < routedTasks) {
            double t = arrivals.next(now, arrivalRandom);
            if (Double.isFinite(t)) {
                events.push(t, EventKind.ARRIVAL, 0, 0);
            }
        }
        if (rejected) {
            tasks.state[task] = TaskTable.GONE;
            measures.rejected(task);
            return;
        }
        if (decision.isEmpty()) {
            lose(task, false);
            return;
        }
        Decision d = decision.get();
        int s = reports.indexOf(d.serverId());
        measures.decided(task, d.rule(), s, s >= firstJoiner, now);
        if (!channel.delayed()) {
            reachServer(s, task, now);
            return;
        }
        channel.decided(router, d.serverId(), ServerReports.taskId(task), millis(now));
        double delay =
                workload != null && workload.hasDeliveryDelays()
                        ? workload.deliveryDelay()[task]
                        : config.decisionDelay().sample(now, delayRandom);
        if (delay > 0) {
            events.push(now + delay, EventKind.TASK_REACHES_SERVER, s, task);
        } else {
            reachServer(s, task, now);
        }
    }

    /**
     * A decided task reaches its server (at once, or after the decision delay): lost if the server
     * is down.
     */
    private void reachServer(int s, int task, double now) {
        measures.reached(task, now);
        if (!reports.up(s)) {
            lose(task, false);
        } else if (chainP.recovering(s)) {
            lose(task, true);
        } else {
            enqueue(s, task, now);
        }
    }

    private void enqueue(int s, int task, double now) {
        queues.enqueue(s, task, now);
        chainP.arm(s, now);
        reports.queueChanged(s, now);
    }

    private void lose(int task, boolean blockedByRecovery) {
        tasks.state[task] = TaskTable.GONE;
        measures.lost(task, blockedByRecovery);
    }

    private void placeInitialTasks(int[] initialQueue) {
        int task = routedTasks;
        for (int s = 0; s < initialQueue.length; s++) {
            for (int i = 0; i < initialQueue[s]; i++) {
                measures.arrived(task, 0);
                tasks.work[task] = service.sample(setupRandom);
                tasks.patience[task] =
                        renege
                                ? exponential(setupRandom, config.patience())
                                : Double.POSITIVE_INFINITY;
                enqueue(s, task, 0);
                task++;
            }
        }
    }

    // ---- failures ----

    private void onFail(int s, double now) {
        if (!reports.up(s)) {
            return;
        }
        int onServer = queues.queueLength(s);
        boolean wasBusy = queues.busy(s);
        queues.crash(s, measures::lostInFailure);
        measures.serverFailed(onServer, wasBusy, chainP.serverFailed(s));
        reports.failed(s, now);
        events.push(
                now + exponential(failureRandom, 1 / config.meanTimeToRepair()),
                EventKind.RECOVER,
                s,
                0);
        if (oracle) {
            // the full-information reference knows at once; real servers cannot report their own
            // failure
            reports.reportDown(s, now);
        }
    }

    /** A failed server is repaired, or a joining server joins: it is up and reports, empty. */
    private void onRecover(int s, double now) {
        reports.recovered(s, now);
        scheduleFailure(s, now);
    }

    private void scheduleFailure(int s, double now) {
        if (config.meanTimeBetweenFailures() > 0) {
            events.push(
                    now + exponential(failureRandom, 1 / config.meanTimeBetweenFailures()),
                    EventKind.FAIL,
                    s,
                    0);
        }
    }

    /** Seed 000's fleet-level measures now, for the step that closes. */
    private FleetMeasures fleetMeasures() {
        double unit =
                config.loadIndexTimeUnit() > 0
                        ? config.loadIndexTimeUnit()
                        : queues.size() / Arrays.stream(queues.mu).sum();
        return FleetMeasures.of(
                queues.count,
                queues.mu,
                reports.upServers(),
                config.patience(),
                unit,
                config.weights(),
                config.strategyDelta(),
                config.strategyZeta());
    }

    /** What each lifecycle event of the queues does: the run's figures first, then the reports. */
    private final class Lifecycle implements ServerQueues.Lifecycle {
        @Override
        public void enqueued(int server, int task, double at) {
            measures.enqueued(server, task, at);
            reports.enqueued(server, task, at);
        }

        @Override
        public void becameBusy(int server, double at) {
            measures.becameBusy(server, at);
            reports.becameBusy(server, at);
        }

        @Override
        public void started(int server, int task, double at) {
            measures.started(server, task, at);
            reports.started(server, task, at);
        }

        @Override
        public void completed(int server, int task, double at) {
            measures.completed(server, task, at);
            reports.completed(server, task, at);
        }

        @Override
        public void becameIdle(int server, double at) {
            measures.becameIdle(server, at);
            reports.becameIdle(server, at);
        }

        @Override
        public void abandoned(int server, int task, double at) {
            measures.abandoned(server, task, at);
            reports.abandoned(server, task, at);
        }
    }

    // ---- helpers ----

    static long millis(double t) {
        return Math.round(t * MILLIS_PER_UNIT);
    }

    static double exponential(SplittableRandom random, double rate) {
        return -Math.log(1 - random.nextDouble()) / rate;
    }
}
