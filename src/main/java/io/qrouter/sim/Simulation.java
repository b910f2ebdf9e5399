package io.qrouter.sim;

import io.qrouter.estimate.ServerEstimators;
import io.qrouter.policy.AdaptiveHeartbeat;
import io.qrouter.policy.Decision;
import io.qrouter.policy.Policies;
import io.qrouter.policy.PolicyName;
import io.qrouter.policy.RoutingPolicy;
import io.qrouter.policy.Rule;
import io.qrouter.policy.ServerSnapshot;
import io.qrouter.policy.ServerSnapshots;
import io.qrouter.policy.UnacknowledgedTasks;
import io.qrouter.queueing.FleetBalance;
import io.qrouter.queueing.LoadIndex;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.function.LongConsumer;

/**
 * The discrete-event simulator: N FCFS servers, routers running the policies of policy/ on the view heartbeats give
 * them (plus their own in-flight assignments), abandonment, heartbeats at the adaptive interval, failures.
 *
 * <p>Reproducible bit for bit: one seed, separate random streams split from it in a fixed order (arrivals, service
 * requirements, patience, router choice, each router's policy, failures, set-up), events at equal times handled
 * in the order scheduled. Arrivals, requirements and patience come from their own streams, so two policies run
 * with the same seed see the same tasks (common random numbers): their differences are the policies'.
 *
 * <p>What the routers see is what production sees: heartbeats carry the queue length, the busy flag and the
 * server's estimates of λ, μ, α_c, computed by the estimators of estimate/ fed with the simulated lifecycle events
 * (for the K-based policies, which use them). A failed server stops serving and reporting; routers learn it only
 * when {@link AdaptiveHeartbeat#downAtMillis} passes, and tasks sent to it meanwhile are lost. The full-information
 * references jsq and power-of-d ({@link RoutingPolicy#readsCurrentQueues()}) are told every queue change at once.
 *
 * <p>Clock: one unit of simulated time (a mean service time of a rate-1 server) is 1000 ms for the policies and
 * estimators, so rates per unit are rates per second there.
 */
public final class Simulation {
    private static final int ARRIVAL = 0;
    private static final int DEPARTURE = 1;
    private static final int ABANDON = 2;
    private static final int CANCEL = 3;
    private static final int RESTORE = 4;
    private static final int HEARTBEAT = 5;
    private static final int FAIL = 6;
    private static final int DETECT = 7;
    private static final int RECOVER = 8;
    private static final int UPDATE_ARRIVES = 9;
    private static final int TASK_REACHES_SERVER = 10;

    private static final byte WAITING = 1;
    private static final byte IN_SERVICE = 2;
    private static final byte GONE = 3;
    private static final byte CANCELLED = 4;

    private static final double MILLIS_PER_UNIT = 1000.0;
    /** K's fleet-wide reference time: one simulator unit (1 s for the policies, whose rates are per second). */
    static final double LOAD_INDEX_TIME_UNIT = MILLIS_PER_UNIT / 1000.0;
    private static final int PROGRESS_EVERY = 10_000;

    private final SimConfig config;
    private final LongConsumer progress;
    private final int n;
    private final int routedTasks;
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
    private final boolean oracle;
    private final boolean needsEstimates;
    private final boolean hashKeys;
    private final boolean renege;
    private final boolean cancelRestore;
    /** Every queue change is reported to the routers (full-information policies, or the job's fresh updates). */
    private final boolean reportChanges;
    /** Reports or decisions travel with a delay: routers then count their own decisions until acknowledged. */
    private final boolean delayed;
    private final UnacknowledgedTasks[] unacknowledged;
    private final Workload workload;

    // servers
    private final String[] ids;
    private final Map<String, Integer> serverIndex = new HashMap<>();
    private final double[] mu;
    private final int[] count;
    private final int[] head;
    private final int[] tail;
    private final int[] inService;
    private final boolean[] up;
    private final boolean[] recovering;
    private final boolean[] cancelArmed;
    private final int[] cancelledTask;
    private final int[] departureToken;
    private final int[] heartbeatToken;
    private final int[] cancelToken;
    private final double[] departureTime;
    private final double[] pausedRemaining;
    private final double[] busySince;
    private final double[] busyAccumulated;
    private final double[] lastHeartbeatTime;
    private final long[] lastHeartbeatMillis;
    private final long[] lastIntervalMillis;
    private final ServerEstimators[] estimators;
    private final double[] liveK;
    /** Each server's latest report: queue changes repeat its estimates, as the job's updates do. */
    private final ServerSnapshot[] lastReport;
    /** With delays: the task ids enqueued since each server's previous report (its acknowledgement list). */
    private final List<List<String>> enqueuedSinceReport;
    /** With delays: reports on their way to the routers, by slot (reused), and their acknowledgement lists. */
    private final List<ServerSnapshot> reportsInTransit = new ArrayList<>();
    private final List<List<String>> acknowledgementsInTransit = new ArrayList<>();
    private final ArrayDeque<Integer> freeTransitSlots = new ArrayDeque<>();

    // tasks (routed ones first, then the initial background tasks)
    private final double[] arrivalTime;
    /** When the task reached its server (its wait starts then): the arrival plus the decision delay. */
    private final double[] receivedTime;
    private final double[] patienceOf;
    private final double[] work;
    private final int[] next;
    private final int[] prev;
    private final int[] taskServer;
    private final byte[] state;

    // fleet
    private int busyServers;
    private long tasksInSystem;
    private int nextRouted;
    private long finished;
    private final long totalTasks;
    private double now;
    private double areaBusy;
    private double areaInSystem;
    private long eventCount;

    // results
    private final Samples waits = new Samples();
    private final Samples sojourns = new Samples();
    private long completed;
    private long abandoned;
    private long blocked;
    private long failed;
    private long heartbeats;
    private final long[] rules = new long[Rule.values().length];

    // steps
    private final List<StepMetrics> steps = new ArrayList<>();
    private double stepStart;
    private double stepAreaBusy;
    private long stepArrivals;
    private long stepCompletions;
    private long stepAbandonments;
    private long stepFailed;
    private long stepHeartbeats;
    private long stepIdleDecisions;
    private double stepSojournSum;
    private long stepSojournCount;
    private double stepWaitSum;
    private long stepWaitCount;

    private Simulation(SimConfig config, Workload workload, LongConsumer progress) {
        this.config = config;
        this.workload = workload;
        this.progress = progress;
        this.n = config.servers();
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

        this.service = Distribution.parse(config.service(), "--service");
        this.mu = workload != null ? workload.mu().clone() : config.heterogeneity().rates(n, setupRandom);
        double capacity = Arrays.stream(mu).sum();
        this.arrivals = workload != null ? workload.arrivalProcess()
                : ArrivalProcess.parse(config.arrivals(), config.load() * capacity, config.tasks());
        this.routedTasks = arrivals instanceof ArrivalProcess.Trace trace
                ? Math.min(config.tasks(), trace.size()) : config.tasks();

        this.routers = new RoutingPolicy[config.routers()];
        for (int r = 0; r < routers.length; r++) {
            routers[r] = Policies.create(config.policyConfig(r), policyRandom.split());
        }
        this.oracle = routers[0].readsCurrentQueues();
        this.needsEstimates = config.policy() == PolicyName.HEARTBEAT_K || config.policy() == PolicyName.HEARTBEAT_K_LIVE;
        this.hashKeys = config.policy() == PolicyName.HASH;
        this.renege = workload != null || config.impatience() == Impatience.RENEGE && config.patience() > 0;
        this.cancelRestore = workload == null
                && config.impatience() == Impatience.CANCEL_RESTORE && config.patience() > 0;
        this.reportChanges = oracle || config.reportEveryChange();
        this.delayed = !config.updateDelay().isZero() || !config.decisionDelay().isZero()
                || workload != null && workload.hasDeliveryDelays();
        this.unacknowledged = new UnacknowledgedTasks[delayed ? routers.length : 0];
        for (int r = 0; r < unacknowledged.length; r++) {
            unacknowledged[r] = new UnacknowledgedTasks(Long.MAX_VALUE / 4, Integer.MAX_VALUE);
        }

        this.ids = new String[n];
        this.count = new int[n];
        this.head = new int[n];
        this.tail = new int[n];
        this.inService = new int[n];
        this.up = new boolean[n];
        this.recovering = new boolean[n];
        this.cancelArmed = new boolean[n];
        this.cancelledTask = new int[n];
        this.departureToken = new int[n];
        this.heartbeatToken = new int[n];
        this.cancelToken = new int[n];
        this.departureTime = new double[n];
        this.pausedRemaining = new double[n];
        this.busySince = new double[n];
        this.busyAccumulated = new double[n];
        this.lastHeartbeatTime = new double[n];
        this.lastHeartbeatMillis = new long[n];
        this.lastIntervalMillis = new long[n];
        this.estimators = needsEstimates ? new ServerEstimators[n] : null;
        this.liveK = new double[n];
        this.lastReport = new ServerSnapshot[n];
        this.enqueuedSinceReport = new ArrayList<>(delayed ? n : 0);
        int[] initialQueue = new int[n];
        long initialTotal = 0;
        for (int s = 0; s < n; s++) {
            ids[s] = "s" + s;
            serverIndex.put(ids[s], s);
            head[s] = -1;
            tail[s] = -1;
            inService[s] = -1;
            cancelledTask[s] = -1;
            up[s] = true;
            if (needsEstimates) {
                estimators[s] = new ServerEstimators(config.estimators());
            }
            if (delayed) {
                enqueuedSinceReport.add(new ArrayList<>());
            }
            initialQueue[s] = geometric(config.initialQueueMean());
            initialTotal += initialQueue[s];
        }
        if (routedTasks + initialTotal > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("--tasks plus the initial queues must stay below 2^31 tasks");
        }
        int total = (int) (routedTasks + initialTotal);
        this.totalTasks = total;
        this.arrivalTime = new double[total];
        this.receivedTime = new double[total];
        this.patienceOf = new double[total];
        this.work = new double[total];
        this.next = new int[total];
        this.prev = new int[total];
        this.taskServer = new int[total];
        this.state = new byte[total];
        placeInitialTasks(initialQueue);
    }

    /** Runs a simulation to the end (every task served or lost). */
    public static SimResult run(SimConfig config) {
        return run(config, done -> { });
    }

    /** Runs a simulation, telling {@code progress} the number of routed tasks that arrived so far, now and then. */
    public static SimResult run(SimConfig config, LongConsumer progress) {
        return new Simulation(config, null, progress).execute();
    }

    /**
     * Replays a recorded workload (the digital twin): its servers' rates, and its tasks' arrival times, work,
     * patience and delivery delays, instead of drawing them. {@code config} must name as many servers and tasks;
     * its arrival process, rates and patience are not used.
     */
    public static SimResult replay(SimConfig config, Workload workload) {
        if (workload.mu().length != config.servers() || workload.size() != config.tasks()) {
            throw new IllegalArgumentException("the workload has " + workload.mu().length + " servers and "
                    + workload.size() + " tasks; the configuration says " + config.servers() + " and " + config.tasks());
        }
        return new Simulation(config, workload, done -> { }).execute();
    }

    private SimResult execute() {
        for (int s = 0; s < n; s++) {
            sendHeartbeat(s, setupRandom.nextDouble());
            if (config.meanTimeBetweenFailures() > 0) {
                events.push(exponential(failureRandom, 1 / config.meanTimeBetweenFailures()), FAIL, s, 0);
            }
        }
        double first = arrivals.next(0, arrivalRandom);
        if (Double.isFinite(first)) {
            events.push(first, ARRIVAL, 0, 0);
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
                case UPDATE_ARRIVES -> onUpdateArrives(arg);
                case TASK_REACHES_SERVER -> reachServer(s, arg);
                default -> throw new IllegalStateException("unknown event kind " + events.kind());
            }
        }
        if (now > stepStart) {
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
        arrivalTime[task] = now;
        if (workload != null) {
            work[task] = workload.work()[task];
            patienceOf[task] = workload.patience()[task];
        } else {
            work[task] = service.sample(workRandom);
            patienceOf[task] = renege ? exponential(patienceRandom, config.patience()) : Double.POSITIVE_INFINITY;
        }
        String key = arrivals.key();
        if (key == null) {
            key = hashKeys ? "t" + task : "";
        }
        int router = routers.length == 1 ? 0 : routerRandom.nextInt(routers.length);
        if (counted(task)) {
            stepArrivals++;
        }
        Optional<Decision> decision = routers[router].route(key, millis(now));
        if (nextRouted < routedTasks) {
            double t = arrivals.next(now, arrivalRandom);
            if (Double.isFinite(t)) {
                events.push(t, ARRIVAL, 0, 0);
            }
        }
        if (decision.isEmpty()) {
            lose(task, false);
            return;
        }
        Decision d = decision.get();
        rules[d.rule().ordinal()]++;
        if (d.rule() == Rule.IDLE_QUEUE) {
            stepIdleDecisions++;
        }
        int s = serverIndex.get(d.serverId());
        if (!delayed) {
            reachServer(s, task);
            return;
        }
        unacknowledged[router].routed(ids[s], taskId(task), millis(now));
        double delay = workload != null && workload.hasDeliveryDelays() ? workload.deliveryDelay()[task]
                : config.decisionDelay().sample(delayRandom);
        if (delay > 0) {
            events.push(now + delay, TASK_REACHES_SERVER, s, task);
        } else {
            reachServer(s, task);
        }
    }

    /** A decided task reaches its server (at once, or after the decision delay): lost if the server is down. */
    private void reachServer(int s, int task) {
        receivedTime[task] = now;
        if (!up[s]) {
            lose(task, false);
        } else if (recovering[s]) {
            lose(task, true);
        } else {
            enqueue(s, task, patienceOf[task]);
        }
    }

    private void onDeparture(int s, int token) {
        if (token != departureToken[s]) {
            return;
        }
        int task = inService[s];
        inService[s] = -1;
        state[task] = GONE;
        count[s]--;
        tasksInSystem--;
        finished++;
        if (counted(task)) {
            completed++;
            stepCompletions++;
            double sojourn = now - arrivalTime[task];
            sojourns.add(sojourn);
            stepSojournSum += sojourn;
            stepSojournCount++;
        }
        if (needsEstimates) {
            estimators[s].onCompleted(taskId(task), millis(now));
        }
        if (head[s] >= 0) {
            startService(s, head[s]);
        } else {
            becomeIdle(s);
        }
        disarmCancelIfShort(s);
        reportQueueChange(s);
    }

    private void onAbandon(int task) {
        if (state[task] != WAITING) {
            return;
        }
        int s = taskServer[task];
        unlink(s, task);
        state[task] = GONE;
        count[s]--;
        tasksInSystem--;
        finished++;
        if (counted(task)) {
            abandoned++;
            stepAbandonments++;
            recordWait(now - receivedTime[task]);
        }
        if (needsEstimates) {
            estimators[s].onAbandoned(taskId(task), millis(now));
        }
        reportQueueChange(s);
    }

    /** Chain P: the longest-waiting task is cancelled; service pauses and arrivals are blocked until recovery. */
    private void onCancel(int s, int token) {
        if (token != cancelToken[s] || recovering[s] || head[s] < 0) {
            return;
        }
        cancelArmed[s] = false;
        int task = head[s];
        unlink(s, task);
        state[task] = CANCELLED;
        cancelledTask[s] = task;
        recovering[s] = true;
        pausedRemaining[s] = departureTime[s] - now;
        departureToken[s]++;
        if (counted(task)) {
            abandoned++;
            stepAbandonments++;
            recordWait(now - receivedTime[task]);
        }
        if (needsEstimates) {
            estimators[s].onCancelled(taskId(task), millis(now));
        }
        events.push(now + exponential(cancelRandom, config.eta()), RESTORE, s, ++cancelToken[s]);
    }

    private void onRestore(int s, int token) {
        if (token != cancelToken[s] || !recovering[s]) {
            return;
        }
        recovering[s] = false;
        int task = cancelledTask[s];
        cancelledTask[s] = -1;
        state[task] = GONE;
        count[s]--;
        tasksInSystem--;
        finished++;
        if (needsEstimates) {
            estimators[s].onRestored(taskId(task), millis(now));
        }
        departureTime[s] = now + pausedRemaining[s];
        events.push(departureTime[s], DEPARTURE, s, ++departureToken[s]);
        armCancel(s);
        reportQueueChange(s);
    }

    private void onHeartbeat(int s, int token) {
        if (token == heartbeatToken[s] && up[s]) {
            sendHeartbeat(s, 1);
        }
    }

    private void onFail(int s) {
        if (!up[s]) {
            return;
        }
        up[s] = false;
        for (int task = head[s]; task >= 0; task = next[task]) {
            dropOnFailure(task);
        }
        if (inService[s] >= 0) {
            dropOnFailure(inService[s]);
            busyServers--;
        }
        if (cancelledTask[s] >= 0) {
            // already counted as lost when it was cancelled
            state[cancelledTask[s]] = GONE;
            finished++;
        }
        tasksInSystem -= count[s];
        count[s] = 0;
        head[s] = -1;
        tail[s] = -1;
        inService[s] = -1;
        cancelledTask[s] = -1;
        recovering[s] = false;
        cancelArmed[s] = false;
        departureToken[s]++;
        cancelToken[s]++;
        heartbeatToken[s]++;
        double detectAt = AdaptiveHeartbeat.downAtMillis(lastHeartbeatMillis[s], lastIntervalMillis[s]) / MILLIS_PER_UNIT;
        events.push(Math.max(now, detectAt), DETECT, s, heartbeatToken[s]);
        events.push(now + exponential(failureRandom, 1 / config.meanTimeToRepair()), RECOVER, s, 0);
        if (oracle) {
            // the full-information reference knows at once; real servers cannot report their own failure
            report(s, ServerSnapshot.down(ids[s], millis(now)));
        }
    }

    /** What the production failure detector does: no heartbeat for a few intervals means down. */
    private void onDetect(int s, int token) {
        if (token == heartbeatToken[s] && !up[s]) {
            report(s, ServerSnapshot.down(ids[s], millis(now)));
        }
    }

    private void onRecover(int s) {
        up[s] = true;
        busySince[s] = Double.NaN;
        busyAccumulated[s] = 0;
        if (needsEstimates) {
            estimators[s] = new ServerEstimators(config.estimators());
        }
        sendHeartbeat(s, 1);
        events.push(now + exponential(failureRandom, 1 / config.meanTimeBetweenFailures()), FAIL, s, 0);
    }

    // ---- server mechanics ----

    private void enqueue(int s, int task, double patience) {
        taskServer[task] = s;
        count[s]++;
        tasksInSystem++;
        if (needsEstimates) {
            estimators[s].onEnqueued(taskId(task), millis(now));
        }
        if (delayed) {
            enqueuedSinceReport.get(s).add(taskId(task));
        }
        if (inService[s] < 0) {
            busyServers++;
            busySince[s] = now;
            startService(s, task);
        } else {
            state[task] = WAITING;
            append(s, task);
            if (Double.isFinite(patience)) {
                events.push(now + patience, ABANDON, s, task);
            }
            armCancel(s);
        }
        reportQueueChange(s);
    }

    private void startService(int s, int task) {
        if (state[task] == WAITING) {
            unlink(s, task);
        }
        if (counted(task)) {
            recordWait(now - receivedTime[task]);
        }
        state[task] = IN_SERVICE;
        inService[s] = task;
        if (needsEstimates) {
            estimators[s].onStarted(taskId(task), millis(now));
        }
        departureTime[s] = now + work[task] / mu[s];
        events.push(departureTime[s], DEPARTURE, s, ++departureToken[s]);
    }

    private void becomeIdle(int s) {
        busyServers--;
        busyAccumulated[s] += now - busySince[s];
        busySince[s] = Double.NaN;
        if (config.idleHeartbeat()) {
            sendHeartbeat(s, 1);
        }
    }

    private void armCancel(int s) {
        if (cancelRestore && !recovering[s] && !cancelArmed[s] && count[s] >= 2) {
            cancelArmed[s] = true;
            events.push(now + exponential(cancelRandom, config.patience()), CANCEL, s, ++cancelToken[s]);
        }
    }

    private void disarmCancelIfShort(int s) {
        if (cancelArmed[s] && count[s] < 2) {
            cancelArmed[s] = false;
            cancelToken[s]++;
        }
    }

    /**
     * Reports the server to every router and schedules its next heartbeat at the adaptive interval; the load signal
     * is the server's busy fraction since its previous heartbeat.
     *
     * @param phase the next heartbeat comes after this fraction of the interval: 1, except at the start, where
     *     random phases keep the servers from all reporting in step
     */
    private void sendHeartbeat(int s, double phase) {
        long nowMillis = millis(now);
        boolean busy = inService[s] >= 0;
        double since = now - lastHeartbeatTime[s];
        double busyTime = busyAccumulated[s] + (busy ? now - busySince[s] : 0);
        double utilisation = since > 0 ? busyTime / since : (busy ? 1 : 0);
        busyAccumulated[s] = 0;
        if (busy) {
            busySince[s] = now;
        }
        lastHeartbeatTime[s] = now;
        ServerSnapshot snapshot = needsEstimates
                ? ServerSnapshots.withEstimates(ids[s], nowMillis, count[s], busy, mu[s], estimators[s].snapshot(nowMillis))
                : new ServerSnapshot(ids[s], nowMillis, true, count[s], busy, mu[s], 0, 0, 0);
        report(s, snapshot);
        long interval = config.heartbeat().nextIntervalMillis(count[s], utilisation);
        lastHeartbeatMillis[s] = nowMillis;
        lastIntervalMillis[s] = interval;
        double delay = interval / MILLIS_PER_UNIT * phase;
        events.push(now + delay, HEARTBEAT, s, ++heartbeatToken[s]);
        heartbeats++;
        stepHeartbeats++;
    }

    /**
     * Reports a queue change of a live server, when changes are reported: to full-information policies, or to all
     * when every change is reported (as the Flink job's updates do), with the estimates of its last heartbeat.
     */
    private void reportQueueChange(int s) {
        if (reportChanges && up[s]) {
            ServerSnapshot last = lastReport[s];
            report(s, last == null
                    ? new ServerSnapshot(ids[s], millis(now), true, count[s], inService[s] >= 0, mu[s], 0, 0, 0)
                    : new ServerSnapshot(ids[s], millis(now), true, count[s], inService[s] >= 0, mu[s],
                            last.lambda(), last.mu(), last.alphaC()));
        }
    }

    /** Sends a server's report to every router: at once, or after the update delay with its acknowledgements. */
    private void report(int s, ServerSnapshot snapshot) {
        lastReport[s] = snapshot;
        if (!delayed) {
            for (RoutingPolicy r : routers) {
                r.onSnapshot(snapshot);
            }
            return;
        }
        List<String> acknowledged = enqueuedSinceReport.set(s, new ArrayList<>());
        double delay = config.updateDelay().sample(delayRandom);
        if (delay == 0) {
            deliver(snapshot, acknowledged);
            return;
        }
        int slot;
        if (freeTransitSlots.isEmpty()) {
            slot = reportsInTransit.size();
            reportsInTransit.add(snapshot);
            acknowledgementsInTransit.add(acknowledged);
        } else {
            slot = freeTransitSlots.pop();
            reportsInTransit.set(slot, snapshot);
            acknowledgementsInTransit.set(slot, acknowledged);
        }
        events.push(now + delay, UPDATE_ARRIVES, 0, slot);
    }

    private void onUpdateArrives(int slot) {
        ServerSnapshot snapshot = reportsInTransit.set(slot, null);
        List<String> acknowledged = acknowledgementsInTransit.set(slot, null);
        freeTransitSlots.push(slot);
        deliver(snapshot, acknowledged);
    }

    /** Each router sees the report plus its own decisions the report does not acknowledge yet, as the job's do. */
    private void deliver(ServerSnapshot snapshot, List<String> acknowledged) {
        for (int r = 0; r < routers.length; r++) {
            int pending = unacknowledged[r].pendingAfter(snapshot.serverId(), acknowledged, Long.MIN_VALUE,
                    millis(now));
            routers[r].onSnapshot(snapshot.plusUnacknowledged(pending));
        }
    }

    private void lose(int task, boolean blockedByRecovery) {
        state[task] = GONE;
        finished++;
        if (counted(task)) {
            if (blockedByRecovery) {
                blocked++;
                abandoned++;
                stepAbandonments++;
            } else {
                failed++;
                stepFailed++;
            }
        }
    }

    private void dropOnFailure(int task) {
        state[task] = GONE;
        finished++;
        if (counted(task)) {
            failed++;
            stepFailed++;
        }
    }

    private void append(int s, int task) {
        next[task] = -1;
        prev[task] = tail[s];
        if (tail[s] >= 0) {
            next[tail[s]] = task;
        } else {
            head[s] = task;
        }
        tail[s] = task;
    }

    private void unlink(int s, int task) {
        int p = prev[task];
        int q = next[task];
        if (p >= 0) {
            next[p] = q;
        } else {
            head[s] = q;
        }
        if (q >= 0) {
            prev[q] = p;
        } else {
            tail[s] = p;
        }
    }

    private void placeInitialTasks(int[] initialQueue) {
        int task = routedTasks;
        for (int s = 0; s < n; s++) {
            for (int i = 0; i < initialQueue[s]; i++) {
                arrivalTime[task] = 0;
                work[task] = service.sample(setupRandom);
                double patience = renege ? exponential(setupRandom, config.patience()) : Double.POSITIVE_INFINITY;
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
        waits.add(wait);
        stepWaitSum += wait;
        stepWaitCount++;
    }

    /** Integrates the time averages up to {@code t}, closing every step boundary on the way. */
    private void advance(double t) {
        while (t >= stepStart + config.stepLength()) {
            double end = stepStart + config.stepLength();
            integrate(end);
            closeStep(end);
        }
        integrate(t);
    }

    private void integrate(double t) {
        double dt = t - now;
        if (dt > 0) {
            areaBusy += busyServers * dt;
            stepAreaBusy += busyServers * dt;
            areaInSystem += tasksInSystem * dt;
            now = t;
        }
    }

    private void closeStep(double end) {
        double length = end - stepStart;
        int idle = 0;
        int alive = 0;
        for (int s = 0; s < n; s++) {
            if (up[s]) {
                liveK[alive++] = LoadIndex.live(count[s], mu[s], config.patience(), LOAD_INDEX_TIME_UNIT,
                        config.weights());
                if (count[s] == 0) {
                    idle++;
                }
            }
        }
        double varianceF = alive == 0 ? 0 : FleetBalance.loadIndexVariance(Arrays.copyOf(liveK, alive));
        steps.add(new StepMetrics(
                steps.size(),
                end,
                stepArrivals,
                stepCompletions,
                stepAbandonments,
                stepFailed,
                stepHeartbeats,
                stepIdleDecisions,
                stepAreaBusy / (n * length),
                varianceF,
                FleetBalance.idleShare(idle, n),
                tasksInSystem,
                stepSojournCount == 0 ? OptionalDouble.empty() : OptionalDouble.of(stepSojournSum / stepSojournCount),
                stepWaitCount == 0 ? OptionalDouble.empty() : OptionalDouble.of(stepWaitSum / stepWaitCount),
                stepCompletions / length,
                completed));
        stepStart = end;
        stepAreaBusy = 0;
        stepArrivals = 0;
        stepCompletions = 0;
        stepAbandonments = 0;
        stepFailed = 0;
        stepHeartbeats = 0;
        stepIdleDecisions = 0;
        stepSojournSum = 0;
        stepSojournCount = 0;
        stepWaitSum = 0;
        stepWaitCount = 0;
    }

    private SimResult result() {
        double duration = now;
        long routed = 0;
        Map<String, Long> byRule = new LinkedHashMap<>();
        for (Rule r : Rule.values()) {
            if (rules[r.ordinal()] > 0) {
                byRule.put(r.name(), rules[r.ordinal()]);
                routed += rules[r.ordinal()];
            }
        }
        double meanF = steps.stream().mapToDouble(StepMetrics::loadVarianceF).average().orElse(0);
        double meanPj = steps.stream().mapToDouble(StepMetrics::idleFractionPJ).average().orElse(0);
        return new SimResult(
                config,
                completed,
                abandoned,
                blocked,
                failed,
                routedTasks - config.warmupTasks(),
                waits.mean(),
                waits.percentile(0.50),
                waits.percentile(0.95),
                waits.percentile(0.99),
                sojourns.mean(),
                sojourns.percentile(0.50),
                sojourns.percentile(0.95),
                sojourns.percentile(0.99),
                duration,
                duration > 0 ? completed / duration : 0,
                duration > 0 ? areaBusy / (n * duration) : 0,
                duration > 0 ? areaInSystem / duration : 0,
                meanF,
                meanPj,
                routed == 0 ? 0 : (double) rules[Rule.IDLE_QUEUE.ordinal()] / routed,
                heartbeats,
                byRule,
                eventCount,
                List.copyOf(steps));
    }

    // ---- helpers ----

    private static long millis(double t) {
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
