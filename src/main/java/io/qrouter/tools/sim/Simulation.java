package io.qrouter.tools.sim;

import io.qrouter.core.estimate.ServerEstimators;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.Decision;
import io.qrouter.core.policy.LossAdmission;
import io.qrouter.core.policy.Policies;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.RoutingPolicy;
import io.qrouter.core.policy.Rule;
import io.qrouter.core.policy.ServerSnapshot;
import io.qrouter.core.policy.ServerSnapshots;
import io.qrouter.core.policy.SlowStartPolicy;
import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * The discrete-event simulator: N FCFS servers, routers running the policies of policy/ on the view
 * the servers' reports give them (plus their own in-flight assignments), abandonment, heartbeats at
 * the adaptive interval, failures, and optionally reports and decisions that travel with a delay.
 * The state lives in a {@link ServerTable} and a {@link TaskTable}, reports go through a {@link
 * ReportChannel}, per-step figures into a {@link StepAccumulator}; this class holds the event
 * handlers.
 *
 * <p>Reproducible bit for bit: one seed, separate random streams split from it in a fixed order
 * (arrivals, service requirements, patience, router choice, each router's policy, failures, set-up,
 * cancellation, delays), events at equal times handled in the order scheduled. Arrivals,
 * requirements and patience come from their own streams, so two policies run with the same seed see
 * the same tasks (common random numbers): their differences are the policies'.
 *
 * <p>What the routers see is what production sees: reports carry the queue length, the busy flag
 * and the server's estimates of λ, μ, α_c, computed by the estimators of estimate/ fed with the
 * simulated lifecycle events (for the K-based policies, which use them). A failed server stops
 * serving and reporting; routers learn it only when {@link AdaptiveHeartbeat#downAtMillis} passes,
 * and tasks sent to it meanwhile are lost. The full-information references jsq and power-of-d
 * ({@link RoutingPolicy#readsCurrentQueues()}) are told every queue change, and with {@link
 * SimConfig#reportEveryChange()} every policy is, as the Flink job's updates do. With {@link
 * SimConfig#slowStart()} every router is wrapped in the job's {@link SlowStartPolicy}, and the
 * servers of {@link SimConfig#joiningServers()} are absent (never reported) until {@link
 * SimConfig#joinAt()}, when they join empty with their first heartbeat.
 *
 * <p>Clock: one unit of simulated time (a mean service time of a rate-1 server) is 1000 ms for the
 * policies and estimators, so rates per unit are rates per second there.
 *
 * <p>Longer than the project's usual 400 lines, on purpose: the event handlers (arrival, service,
 * abandonment, chain P, heartbeats, failures) all move the same running state (the clock, tasks in
 * system, busy servers, the finished count) and the event queue; split further, each piece would
 * take that state as parameters and none would read more simply.
 */
public final class Simulation {
    private static final double MILLIS_PER_UNIT = 1000.0;
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
    private final SplittableRandom failureRandom;
    private final SplittableRandom setupRandom;
    private final SplittableRandom cancelRandom;
    private final SplittableRandom delayRandom;

    private final ArrivalProcess arrivals;
    private final Distribution service;
    private final RoutingPolicy[] routers;

    /** Loss-aware admission, or null when off. */
    private final LossAdmission admission;

    private final boolean oracle;
    private final boolean hashKeys;
    private final boolean renege;
    private final boolean cancelRestore;

    /**
     * Every queue change is reported to the routers (full-information policies, or the job's fresh
     * updates).
     */
    private final boolean reportChanges;

    private final ServerTable servers;

    /** Servers from this index on join at {@link SimConfig#joinAt()}. */
    private final int firstJoiner;

    private final TaskTable tasks;
    private final ReportChannel channel;
    private final StepAccumulator step = new StepAccumulator();

    /** Each server's latest report: queue changes repeat its estimates, as the job's updates do. */
    private final ServerSnapshot[] lastReport;

    /** Per-task times of a replay (null otherwise), filled as the run goes. */
    private Replay timeline;

    // the fleet as a whole
    private int busyServers;
    private long tasksInSystem;
    private int nextRouted;
    private long finished;
    private double now;
    private double areaBusy;
    private double areaInSystem;
    private long eventCount;

    private final RunTally tally = new RunTally();

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
        this.cancelRandom = master.split();
        this.delayRandom = master.split();

        this.service = Distribution.parse(config.service(), SimSetting.SERVICE);
        double[] mu =
                workload != null
                        ? workload.mu().clone()
                        : config.heterogeneity().rates(n, setupRandom);
        double capacity = Arrays.stream(mu).sum();
        this.arrivals =
                workload != null
                        ? workload.arrivalProcess()
                        : ArrivalProcess.parse(
                                config.arrivals(), config.load() * capacity, config.tasks());
        this.routedTasks =
                arrivals instanceof ArrivalProcess.Trace trace
                        ? Math.min(config.tasks(), trace.size())
                        : config.tasks();

        this.routers = new RoutingPolicy[config.routers()];
        for (int r = 0; r < routers.length; r++) {
            RoutingPolicy policy = Policies.create(config.policyConfig(r), policyRandom.split());
            routers[r] =
                    config.slowStart() > 0
                            ? new SlowStartPolicy(policy, millis(config.slowStart()))
                            : policy;
        }
        this.oracle = routers[0].readsCurrentQueues();
        this.admission =
                config.maxLossProbability() < 1
                        ? new LossAdmission(config.maxLossProbability())
                        : null;
        // admission predicts loss from the estimated mu and alpha_c, as the job's router does
        boolean needsEstimates =
                config.policy() == PolicyName.HEARTBEAT_K
                        || config.policy() == PolicyName.HEARTBEAT_K_LIVE
                        || admission != null;
        this.hashKeys = config.policy() == PolicyName.HASH;
        this.renege =
                workload != null
                        || config.impatience() == Impatience.RENEGE && config.patience() > 0;
        this.cancelRestore =
                workload == null
                        && config.impatience() == Impatience.CANCEL_RESTORE
                        && config.patience() > 0;
        this.reportChanges = oracle || config.reportEveryChange();
        boolean delayed =
                !config.updateDelay().isZero()
                        || !config.decisionDelay().isZero()
                        || workload != null && workload.hasDeliveryDelays();
        this.channel = new ReportChannel(routers, n, delayed, config.updateDelay());
        this.servers = new ServerTable(mu, config.estimators(), needsEstimates);
        this.lastReport = new ServerSnapshot[n];
        this.firstJoiner = n - config.joiningServers();
        Arrays.fill(servers.up, firstJoiner, n, false);

        int[] initialQueue = new int[n];
        long initialTotal = 0;
        for (int s = 0; s < n; s++) {
            int drawn = geometric(config.initialQueueMean());
            initialQueue[s] = s < firstJoiner ? drawn : 0;
            initialTotal += initialQueue[s];
        }
        if (routedTasks + initialTotal > Integer.MAX_VALUE - 8) {
            throw new InvalidSettingException(
                    SimSetting.TASKS, "plus the initial queues must stay below 2^31 tasks");
        }
        this.totalTasks = routedTasks + initialTotal;
        this.tasks = new TaskTable((int) totalTasks, n);
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
        simulation.timeline = Replay.empty(null, workload.size());
        SimResult summary = simulation.execute();
        Replay t = simulation.timeline;
        return new Replay(summary, t.receivedAt(), t.startedAt(), t.finishedAt(), t.completed());
    }

    private SimResult execute() {
        for (int s = 0; s < firstJoiner; s++) {
            sendHeartbeat(s, setupRandom.nextDouble());
            scheduleFailure(s);
        }
        for (int s = firstJoiner; s < servers.size(); s++) {
            events.push(config.joinAt(), EventKind.RECOVER, s, 0);
        }
        double first = arrivals.next(0, arrivalRandom);
        if (Double.isFinite(first)) {
            events.push(first, EventKind.ARRIVAL, 0, 0);
        }
        while (finished < totalTasks && !events.isEmpty()) {
            events.pop();
            eventCount++;
            advance(events.time());
            int s = events.server();
            int arg = events.arg();
            switch (events.kind()) {
                case ARRIVAL -> onArrival();
                case DEPARTURE -> onDeparture(s, arg);
                case ABANDON -> onAbandon(arg);
                case CANCEL -> onCancel(s, arg);
                case RESTORE -> onRestore(s, arg);
                case HEARTBEAT -> onHeartbeat(s, arg);
                case FAIL -> onFail(s);
                case DETECT -> onDetect(s, arg);
                case RECOVER -> onRecover(s);
                case UPDATE_ARRIVES -> channel.arrive(arg, now);
                case TASK_REACHES_SERVER -> reachServer(s, arg);
            }
        }
        if (now > step.start()) {
            closeStep(now);
        }
        progress.accept(routedTasks);
        return result();
    }

    // ---- events ----

    private void onArrival() {
        int task = nextRouted++;
        if (task % PROGRESS_EVERY == 0) {
            progress.accept(task);
        }
        tasks.arrivalTime[task] = now;
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
        int router = routers.length == 1 ? 0 : routerRandom.nextInt(routers.length);
        if (counted(task)) {
            step.arrival();
        }
        boolean rejected =
                admission != null
                        && !admission.admits(admission.bestLossProbability(routers[router].view()));
        Optional<Decision> decision =
                rejected ? Optional.empty() : routers[router].route(key, millis(now));
        if (nextRouted < routedTasks) {
            double t = arrivals.next(now, arrivalRandom);
            if (Double.isFinite(t)) {
                events.push(t, EventKind.ARRIVAL, 0, 0);
            }
        }
        if (rejected) {
            reject(task);
            return;
        }
        if (decision.isEmpty()) {
            lose(task, false);
            return;
        }
        Decision d = decision.get();
        tally.decided(d.rule());
        if (d.rule() == Rule.IDLE_QUEUE) {
            step.idleDecision();
        }
        int s = servers.indexOf(d.serverId());
        if (s >= firstJoiner && counted(task)) {
            step.joinedDecision();
        }
        if (!channel.delayed()) {
            reachServer(s, task);
            return;
        }
        channel.decided(router, d.serverId(), taskId(task), millis(now));
        double delay =
                workload != null && workload.hasDeliveryDelays()
                        ? workload.deliveryDelay()[task]
                        : config.decisionDelay().sample(delayRandom);
        if (delay > 0) {
            events.push(now + delay, EventKind.TASK_REACHES_SERVER, s, task);
        } else {
            reachServer(s, task);
        }
    }

    /**
     * A decided task reaches its server (at once, or after the decision delay): lost if the server
     * is down.
     */
    private void reachServer(int s, int task) {
        tasks.receivedTime[task] = now;
        if (timeline != null) {
            timeline.receivedAt()[task] = now;
        }
        if (!servers.up[s]) {
            lose(task, false);
        } else if (servers.recovering[s]) {
            lose(task, true);
        } else {
            enqueue(s, task, tasks.patience[task]);
        }
    }

    private void onDeparture(int s, int token) {
        if (token != servers.departureToken[s]) {
            return;
        }
        int task = servers.inService[s];
        servers.inService[s] = -1;
        tasks.state[task] = TaskTable.GONE;
        servers.count[s]--;
        tasksInSystem--;
        finished++;
        if (timeline != null && task < routedTasks) {
            timeline.finishedAt()[task] = now;
            timeline.completed()[task] = true;
        }
        if (counted(task)) {
            tally.completed++;
            double sojourn = now - tasks.arrivalTime[task];
            tally.sojourns.add(sojourn);
            step.completion(sojourn);
        }
        if (servers.estimators != null) {
            servers.estimators[s].onCompleted(taskId(task), millis(now));
        }
        int next = tasks.firstWaiting(s);
        if (next >= 0) {
            startService(s, next);
        } else {
            becomeIdle(s);
        }
        disarmCancelIfShort(s);
        reportQueueChange(s);
    }

    private void onAbandon(int task) {
        if (tasks.state[task] != TaskTable.WAITING) {
            return;
        }
        int s = tasks.server[task];
        tasks.removeWaiting(s, task);
        tasks.state[task] = TaskTable.GONE;
        servers.count[s]--;
        tasksInSystem--;
        finished++;
        if (timeline != null && task < routedTasks) {
            timeline.finishedAt()[task] = now;
        }
        if (counted(task)) {
            tally.abandoned++;
            step.abandonment();
            recordWait(now - tasks.receivedTime[task]);
        }
        if (servers.estimators != null) {
            servers.estimators[s].onAbandoned(taskId(task), millis(now));
        }
        reportQueueChange(s);
    }

    /**
     * Chain P: the longest-waiting task is cancelled; service pauses and arrivals are blocked until
     * recovery.
     */
    private void onCancel(int s, int token) {
        int task = tasks.firstWaiting(s);
        if (token != servers.cancelToken[s] || servers.recovering[s] || task < 0) {
            return;
        }
        servers.cancelArmed[s] = false;
        tasks.removeWaiting(s, task);
        tasks.state[task] = TaskTable.CANCELLED;
        servers.cancelledTask[s] = task;
        servers.recovering[s] = true;
        servers.pausedRemaining[s] = servers.departureTime[s] - now;
        servers.departureToken[s]++;
        if (counted(task)) {
            tally.abandoned++;
            step.abandonment();
            recordWait(now - tasks.receivedTime[task]);
        }
        if (servers.estimators != null) {
            servers.estimators[s].onCancelled(taskId(task), millis(now));
        }
        events.push(
                now + exponential(cancelRandom, config.eta()),
                EventKind.RESTORE,
                s,
                ++servers.cancelToken[s]);
    }

    private void onRestore(int s, int token) {
        if (token != servers.cancelToken[s] || !servers.recovering[s]) {
            return;
        }
        servers.recovering[s] = false;
        int task = servers.cancelledTask[s];
        servers.cancelledTask[s] = -1;
        tasks.state[task] = TaskTable.GONE;
        servers.count[s]--;
        tasksInSystem--;
        finished++;
        if (servers.estimators != null) {
            servers.estimators[s].onRestored(taskId(task), millis(now));
        }
        servers.departureTime[s] = now + servers.pausedRemaining[s];
        events.push(servers.departureTime[s], EventKind.DEPARTURE, s, ++servers.departureToken[s]);
        armCancel(s);
        reportQueueChange(s);
    }

    private void onHeartbeat(int s, int token) {
        if (token == servers.heartbeatToken[s] && servers.up[s]) {
            sendHeartbeat(s, 1);
        }
    }

    private void onFail(int s) {
        if (!servers.up[s]) {
            return;
        }
        servers.up[s] = false;
        for (int task = tasks.firstWaiting(s); task >= 0; task = tasks.nextWaiting(task)) {
            dropOnFailure(task);
        }
        if (servers.inService[s] >= 0) {
            dropOnFailure(servers.inService[s]);
            busyServers--;
        }
        if (servers.cancelledTask[s] >= 0) {
            // already counted as lost when it was cancelled
            tasks.state[servers.cancelledTask[s]] = TaskTable.GONE;
            finished++;
        }
        tasksInSystem -= servers.count[s];
        servers.count[s] = 0;
        tasks.clearQueue(s);
        servers.inService[s] = -1;
        servers.cancelledTask[s] = -1;
        servers.recovering[s] = false;
        servers.cancelArmed[s] = false;
        servers.departureToken[s]++;
        servers.cancelToken[s]++;
        servers.heartbeatToken[s]++;
        double detectAt =
                AdaptiveHeartbeat.downAtMillis(
                                servers.lastHeartbeatMillis[s], servers.lastIntervalMillis[s])
                        / MILLIS_PER_UNIT;
        events.push(Math.max(now, detectAt), EventKind.DETECT, s, servers.heartbeatToken[s]);
        events.push(
                now + exponential(failureRandom, 1 / config.meanTimeToRepair()),
                EventKind.RECOVER,
                s,
                0);
        if (oracle) {
            // the full-information reference knows at once; real servers cannot report their own
            // failure
            report(s, ServerSnapshot.down(servers.ids[s], millis(now)));
        }
    }

    /** What the production failure detector does: no heartbeat for a few intervals means down. */
    private void onDetect(int s, int token) {
        if (token == servers.heartbeatToken[s] && !servers.up[s]) {
            report(s, ServerSnapshot.down(servers.ids[s], millis(now)));
        }
    }

    /** A failed server is repaired, or a joining server joins: it is up and reports, empty. */
    private void onRecover(int s) {
        servers.up[s] = true;
        servers.busySince[s] = Double.NaN;
        servers.busyAccumulated[s] = 0;
        if (servers.estimators != null) {
            servers.estimators[s] = new ServerEstimators(config.estimators());
        }
        sendHeartbeat(s, 1);
        scheduleFailure(s);
    }

    private void scheduleFailure(int s) {
        if (config.meanTimeBetweenFailures() > 0) {
            events.push(
                    now + exponential(failureRandom, 1 / config.meanTimeBetweenFailures()),
                    EventKind.FAIL,
                    s,
                    0);
        }
    }

    // ---- server mechanics ----

    private void enqueue(int s, int task, double patience) {
        tasks.server[task] = s;
        servers.count[s]++;
        servers.received[s]++;
        tasksInSystem++;
        if (servers.estimators != null) {
            servers.estimators[s].onEnqueued(taskId(task), millis(now));
        }
        if (channel.delayed()) {
            channel.enqueued(s, taskId(task));
        }
        if (servers.inService[s] < 0) {
            busyServers++;
            servers.busySince[s] = now;
            startService(s, task);
        } else {
            tasks.state[task] = TaskTable.WAITING;
            tasks.appendWaiting(s, task);
            if (Double.isFinite(patience)) {
                events.push(now + patience, EventKind.ABANDON, s, task);
            }
            armCancel(s);
        }
        reportQueueChange(s);
    }

    private void startService(int s, int task) {
        if (tasks.state[task] == TaskTable.WAITING) {
            tasks.removeWaiting(s, task);
        }
        if (counted(task)) {
            recordWait(now - tasks.receivedTime[task]);
        }
        if (timeline != null && task < routedTasks) {
            timeline.startedAt()[task] = now;
        }
        tasks.state[task] = TaskTable.IN_SERVICE;
        servers.inService[s] = task;
        if (servers.estimators != null) {
            servers.estimators[s].onStarted(taskId(task), millis(now));
        }
        servers.departureTime[s] = now + tasks.work[task] / servers.mu[s];
        events.push(servers.departureTime[s], EventKind.DEPARTURE, s, ++servers.departureToken[s]);
    }

    private void becomeIdle(int s) {
        busyServers--;
        servers.busyAccumulated[s] += now - servers.busySince[s];
        servers.busySince[s] = Double.NaN;
        if (config.idleHeartbeat()) {
            sendHeartbeat(s, 1);
        }
    }

    private void armCancel(int s) {
        if (cancelRestore
                && !servers.recovering[s]
                && !servers.cancelArmed[s]
                && servers.count[s] >= 2) {
            servers.cancelArmed[s] = true;
            events.push(
                    now + exponential(cancelRandom, config.patience()),
                    EventKind.CANCEL,
                    s,
                    ++servers.cancelToken[s]);
        }
    }

    private void disarmCancelIfShort(int s) {
        if (servers.cancelArmed[s] && servers.count[s] < 2) {
            servers.cancelArmed[s] = false;
            servers.cancelToken[s]++;
        }
    }

    /**
     * Reports the server to every router and schedules its next heartbeat at the adaptive interval;
     * the load signal is the server's busy fraction since its previous heartbeat.
     *
     * @param phase the next heartbeat comes after this fraction of the interval: 1, except at the
     *     start, where random phases keep the servers from all reporting in step
     */
    private void sendHeartbeat(int s, double phase) {
        long nowMillis = millis(now);
        boolean busy = servers.busy(s);
        double since = now - servers.lastHeartbeatTime[s];
        double busyTime = servers.busyAccumulated[s] + (busy ? now - servers.busySince[s] : 0);
        double utilisation = since > 0 ? busyTime / since : (busy ? 1 : 0);
        servers.busyAccumulated[s] = 0;
        if (busy) {
            servers.busySince[s] = now;
        }
        servers.lastHeartbeatTime[s] = now;
        ServerSnapshot snapshot =
                servers.estimators != null
                        ? ServerSnapshots.withEstimates(
                                servers.ids[s],
                                nowMillis,
                                servers.count[s],
                                busy,
                                servers.mu[s],
                                servers.estimators[s].snapshot(nowMillis))
                        : new ServerSnapshot(
                                servers.ids[s],
                                nowMillis,
                                true,
                                servers.count[s],
                                busy,
                                servers.mu[s],
                                0,
                                0,
                                0);
        report(s, snapshot.withTasksReceived(servers.received[s]));
        long interval = config.heartbeat().nextIntervalMillis(servers.count[s], utilisation);
        servers.lastHeartbeatMillis[s] = nowMillis;
        servers.lastIntervalMillis[s] = interval;
        double delay = interval / MILLIS_PER_UNIT * phase;
        events.push(now + delay, EventKind.HEARTBEAT, s, ++servers.heartbeatToken[s]);
        tally.heartbeats++;
        step.heartbeat();
    }

    /**
     * Reports a queue change of a live server, when changes are reported: to full-information
     * policies, or to all when every change is reported (as the Flink job's updates do), with the
     * estimates of its last heartbeat.
     */
    private void reportQueueChange(int s) {
        if (reportChanges && servers.up[s]) {
            ServerSnapshot last = lastReport[s];
            report(
                    s,
                    new ServerSnapshot(
                            servers.ids[s],
                            millis(now),
                            true,
                            servers.count[s],
                            servers.busy(s),
                            servers.mu[s],
                            last == null ? 0 : last.lambda(),
                            last == null ? 0 : last.mu(),
                            last == null ? 0 : last.alphaC(),
                            servers.received[s]));
        }
    }

    private void report(int s, ServerSnapshot snapshot) {
        lastReport[s] = snapshot;
        channel.send(s, snapshot, now, delayRandom, events);
    }

    private void lose(int task, boolean blockedByRecovery) {
        tasks.state[task] = TaskTable.GONE;
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

    /** Refused on arrival by loss-aware admission: never sent, neither served nor lost. */
    private void reject(int task) {
        tasks.state[task] = TaskTable.GONE;
        finished++;
        if (counted(task)) {
            tally.rejected++;
        }
    }

    private void dropOnFailure(int task) {
        tasks.state[task] = TaskTable.GONE;
        finished++;
        if (counted(task)) {
            tally.failed++;
            step.failure();
        }
    }

    private void placeInitialTasks(int[] initialQueue) {
        int task = routedTasks;
        for (int s = 0; s < initialQueue.length; s++) {
            for (int i = 0; i < initialQueue[s]; i++) {
                tasks.arrivalTime[task] = 0;
                tasks.work[task] = service.sample(setupRandom);
                double patience =
                        renege
                                ? exponential(setupRandom, config.patience())
                                : Double.POSITIVE_INFINITY;
                enqueue(s, task, patience);
                task++;
            }
        }
    }

    // ---- measurement ----

    private boolean counted(int task) {
        return task < routedTasks && task >= config.warmupTasks();
    }

    private void recordWait(double wait) {
        tally.waits.add(wait);
        step.wait(wait);
    }

    /** Integrates the time averages up to {@code t}, closing every step boundary on the way. */
    private void advance(double t) {
        while (t >= step.start() + config.stepLength()) {
            double end = step.start() + config.stepLength();
            integrate(end);
            closeStep(end);
        }
        integrate(t);
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
        double unit =
                config.loadIndexTimeUnit() > 0
                        ? config.loadIndexTimeUnit()
                        : servers.size() / Arrays.stream(servers.mu).sum();
        step.close(
                end,
                servers.size(),
                FleetMeasures.of(
                        servers.count,
                        servers.mu,
                        servers.up,
                        config.patience(),
                        unit,
                        config.weights(),
                        config.strategyDelta(),
                        config.strategyZeta()),
                tasksInSystem,
                tally.completed);
    }

    private SimResult result() {
        return tally.result(
                config,
                routedTasks - config.warmupTasks(),
                now,
                servers.size(),
                areaBusy,
                areaInSystem,
                eventCount,
                step.steps());
    }

    // ---- helpers ----

    static long millis(double t) {
        return Math.round(t * MILLIS_PER_UNIT);
    }

    private static String taskId(int task) {
        return "t" + task;
    }

    private static double exponential(SplittableRandom random, double rate) {
        return -Math.log(1 - random.nextDouble()) / rate;
    }

    /** Geometric on {0, 1, …} with the given mean (0 for mean 0), from the set-up stream. */
    private int geometric(double mean) {
        if (mean <= 0) {
            return 0;
        }
        double p = 1 / (1 + mean);
        return (int) Math.floor(Math.log(1 - setupRandom.nextDouble()) / Math.log(1 - p));
    }
}
