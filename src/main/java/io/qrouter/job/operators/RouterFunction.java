package io.qrouter.job.operators;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.control.RouterControl;
import io.qrouter.core.policy.BlackHoles;
import io.qrouter.core.policy.Decision;
import io.qrouter.core.policy.LossAdmission;
import io.qrouter.core.policy.Policies;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.RoutingPolicy;
import io.qrouter.core.policy.Rule;
import io.qrouter.core.policy.SlowStartPolicy;
import io.qrouter.core.policy.UnacknowledgedTasks;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.convert.BlackHoleReports;
import io.qrouter.job.convert.DeadLetters;
import io.qrouter.job.convert.PolicyRecords;
import io.qrouter.job.records.BufferedTask;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.types.Either;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * The router: tasks (keyed by task id) meet the broadcast {@link ServerUpdate}s and get one {@link
 * RoutingDecision} each, chosen by the configured policy of io.qrouter.core.policy, called
 * unchanged. The broadcast input also brings the operators' {@link ControlState}, stamped on every
 * update ({@link AdminStamp}).
 *
 * <p>Tasks no server can take yet wait in keyed state (at most {@code bufferCapacity}, for {@code
 * bufferDeadline}); each task sent counts on its server until an update acknowledges it. Why it is
 * keyed by task id, what a restart keeps and how in-flight tasks are counted: docs/design.md ("The
 * router").
 */
public class RouterFunction
        extends KeyedBroadcastProcessFunction<
                String, TaskRequest, Either<ServerUpdate, ControlState>, RoutingDecision> {
    private static final long serialVersionUID = 1L;

    private static final ServerFeed<ServerUpdate> FEED =
            new ServerFeed<>(BroadcastStates.SERVER_UPDATES, ServerFeed.latestUpdate(), true);

    /** Tasks no server could take (buffer full, or no live server before the deadline). */
    public static final OutputTag<DeadLetter> DEAD_LETTERS =
            new OutputTag<>("router-dead-letters", new AvroTypeInfo<>(DeadLetter.class));

    /** The key the router's input must be keyed by. */
    public static final KeySelector<TaskRequest, String> TASK_KEY = TaskRequest::getTaskId;

    static final ValueStateDescriptor<BufferedTask> BUFFERED =
            new ValueStateDescriptor<>("buffered-task", BufferedTask.class);

    /** Bounds the memory of unacknowledged decisions when a server sends no ENQUEUED events. */
    private static final int MAX_UNACKNOWLEDGED_PER_SERVER = 10_000;

    /** How often the servers' unacknowledged tasks are looked over for black holes. */
    private static final long SWEEP_PERIOD_MILLIS = 100;

    /** The fleet gauges are recomputed at most this often, as they take O(servers). */
    private static final long FLEET_GAUGE_PERIOD_MILLIS = 1_000;

    private final RouterSettings settings;

    private transient ValueState<BufferedTask> buffered;
    private transient RoutingPolicy policy;
    private transient UnacknowledgedTasks inFlight;
    private transient BlackHoles blackHoles;

    /** Black holes ejected by the last {@link #route}, for its caller to report. */
    private transient List<Ejection> ejected;

    private transient long sweptAt;

    /** Per server, how late its newest update arrived (router clock − the update's event time). */
    private transient Map<String, Long> updateDelayByServer;

    private transient int routerIndex;
    private transient boolean policyRebuilt;
    private transient boolean bufferCounted;
    private transient int bufferedCount;
    private transient long fleetGaugesAt;
    private transient JobMetrics metrics;

    /** Loss-aware admission, or null when off. */
    private transient LossAdmission admission;

    /** The version of the operators' routing settings the policy runs (0: as configured). */
    private transient long controlVersion;

    public RouterFunction(RouterSettings settings) {
        this.settings = settings;
    }

    @Override
    public void open(OpenContext openContext) {
        buffered = getRuntimeContext().getState(BUFFERED);
        routerIndex = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        controlVersion = 0;
        admission =
                settings.maxLossProbability() < 1
                        ? new LossAdmission(settings.maxLossProbability())
                        : null;
        policy = newPolicy(null);
        inFlight =
                new UnacknowledgedTasks(
                        settings.inFlightTimeout().toMillis(), MAX_UNACKNOWLEDGED_PER_SERVER);
        blackHoles =
                new BlackHoles(settings.ackTimeout().toMillis(), settings.ackEjection().toMillis());
        ejected = new ArrayList<>();
        updateDelayByServer = new HashMap<>();
        policyRebuilt = false;
        bufferCounted = false;
        bufferedCount = 0;
        metrics = new JobMetrics(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void processElement(
            TaskRequest task, ReadOnlyContext ctx, Collector<RoutingDecision> out)
            throws Exception {
        long now = ctx.timerService().currentProcessingTime();
        rebuildPolicyOnce(ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES), now);
        readmit(ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES), now);
        ejectOverdue(now);
        boolean routed = route(task, now, out);
        reportEjections(ctx::output);
        if (routed) {
            return;
        }
        if (bufferedCount >= settings.bufferCapacity()) {
            deadLetter(
                    task,
                    now,
                    "no live server and the router buffer is full ("
                            + settings.bufferCapacity()
                            + " tasks)",
                    ctx);
            return;
        }
        long deadline = now + settings.bufferDeadline().toMillis();
        buffered.update(new BufferedTask(task, now, deadline));
        ctx.timerService().registerProcessingTimeTimer(deadline);
        metrics.buffered(++bufferedCount);
    }

    @Override
    public void processBroadcastElement(
            Either<ServerUpdate, ControlState> input, Context ctx, Collector<RoutingDecision> out)
            throws Exception {
        BroadcastState<String, ServerUpdate> updates =
                ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES);
        long now = ctx.currentProcessingTime();
        rebuildPolicyOnce(updates, now);
        FEED.receive(
                input,
                routerIndex,
                ctx,
                new ServerFeed.Listener() {
                    @Override
                    public void updated(ServerUpdate update) throws Exception {
                        updateDelayByServer.put(
                                update.getServerId(), Math.max(0, now - update.getUpdatedAt()));
                        if (switchPolicy(update.getRouterControl())) {
                            replay(updates, now);
                        }
                        feed(update, now);
                    }

                    @Override
                    public void gone(String serverId) {
                        inFlight.forget(serverId);
                        blackHoles.forget(serverId);
                        updateDelayByServer.remove(serverId);
                        policy.onServerRemoved(serverId);
                    }

                    @Override
                    public void controlled(ControlState control) throws Exception {
                        // the command holds from the next decision, with a new policy if the
                        // routing settings changed
                        switchPolicy(control.getRouter());
                        replay(updates, now);
                    }
                });
        if (!bufferCounted) {
            countBufferAfterRestore(ctx);
        }
        readmit(updates, now);
        ejectOverdue(now);
        if (bufferedCount > 0 && policy.view().aliveCount() > 0) {
            releaseBuffer(ctx, now, out);
        }
        reportEjections(ctx::output);
        if (now - fleetGaugesAt >= FLEET_GAUGE_PERIOD_MILLIS || fleetGaugesAt == 0) {
            updateFleetGauges(updates, now);
            fleetGaugesAt = now;
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<RoutingDecision> out)
            throws Exception {
        BufferedTask waiting = buffered.value();
        if (waiting == null || timestamp < waiting.deadlineAt) {
            return;
        }
        buffered.clear();
        metrics.buffered(bufferedCount = Math.max(0, bufferedCount - 1));
        rebuildPolicyOnce(ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES), timestamp);
        readmit(ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES), timestamp);
        ejectOverdue(timestamp);
        boolean routed = route(waiting.task, timestamp, out);
        reportEjections(ctx::output);
        if (!routed) {
            deadLetter(
                    waiting.task,
                    timestamp,
                    "no live server within the buffer deadline of "
                            + settings.bufferDeadline().toMillis()
                            + " ms",
                    ctx);
        }
    }

    /**
     * Routes a task if any server is alive, or rejects it at once when loss-aware admission
     * predicts it would be lost even at its best choice; false when it could not be routed.
     */
    private boolean route(TaskRequest task, long now, Collector<RoutingDecision> out) {
        if (admission != null) {
            double loss = admission.bestLossProbability(policy.view());
            if (!admission.admits(loss)) {
                out.collect(
                        PolicyRecords.rejected(
                                task, policy.name().configName(), loss, now, routerIndex));
                metrics.decided(Rule.REJECTED.name());
                return true;
            }
        }
        Optional<Decision> decision = policy.route(PolicyRecords.routingKey(task), now);
        while (decision.isPresent()
                && blackHoles.overdue(inFlight.oldestPendingAt(decision.get().serverId()), now)) {
            eject(decision.get().serverId(), now);
            decision = policy.route(PolicyRecords.routingKey(task), now);
        }
        if (decision.isEmpty()) {
            return false;
        }
        out.collect(
                PolicyRecords.toRoutingDecision(
                        decision.get(),
                        task,
                        now,
                        routerIndex,
                        updateDelayByServer.get(decision.get().serverId())));
        inFlight.routed(decision.get().serverId(), task.getTaskId(), now);
        metrics.decided(decision.get().rule().name());
        return true;
    }

    /**
     * The update that brings a server back releases every buffered task of this subtask, oldest
     * first.
     */
    private void releaseBuffer(Context ctx, long now, Collector<RoutingDecision> out)
            throws Exception {
        List<BufferedTask> waiting = new ArrayList<>(bufferedCount);
        ctx.applyToKeyedState(
                BUFFERED,
                (taskId, state) -> {
                    BufferedTask task = state.value();
                    if (task != null) {
                        waiting.add(task);
                        state.clear();
                    }
                });
        waiting.sort(
                Comparator.comparingLong((BufferedTask b) -> b.bufferedAt)
                        .thenComparing(b -> b.task.getTaskId()));
        for (BufferedTask task : waiting) {
            route(task.task, now, out);
        }
        bufferedCount = 0;
        metrics.buffered(0);
    }

    /**
     * After a restore the policy is empty: replay the checkpointed updates into it before the first
     * decision or update. Servers are replayed in id order so that every router rebuilds the same
     * view.
     */
    private void rebuildPolicyOnce(ReadOnlyBroadcastState<String, ServerUpdate> updates, long now)
            throws Exception {
        if (policyRebuilt) {
            return;
        }
        policyRebuilt = true;
        RouterControl newest = null;
        for (Map.Entry<String, ServerUpdate> entry : updates.immutableEntries()) {
            RouterControl control = entry.getValue().getRouterControl();
            if (control != null && (newest == null || control.getVersion() > newest.getVersion())) {
                newest = control;
            }
        }
        switchPolicy(newest);
        replay(updates, now);
    }

    /**
     * Feeds every known update to the policy, in server id order so that every router builds the
     * same view.
     */
    private void replay(ReadOnlyBroadcastState<String, ServerUpdate> updates, long now)
            throws Exception {
        List<ServerUpdate> known = new ArrayList<>();
        for (Map.Entry<String, ServerUpdate> entry : updates.immutableEntries()) {
            known.add(entry.getValue());
        }
        known.sort(Comparator.comparing(ServerUpdate::getServerId));
        for (ServerUpdate update : known) {
            feed(update, now);
        }
    }

    /** Gives the policy a server's update, unless the server is ejected as a black hole. */
    private void feed(ServerUpdate update, long now) {
        if (!blackHoles.isEjected(update.getServerId())) {
            policy.onSnapshot(PolicyRecords.toPolicySnapshot(update, pendingAfter(update, now)));
        }
    }

    /**
     * Ejects a black hole: out of the policy's view, its unacknowledged tasks forgotten here and
     * reported ({@link #reportEjections}).
     */
    private void eject(String serverId, long now) {
        List<String> tasks = inFlight.drain(serverId);
        long until = blackHoles.eject(serverId, now);
        policy.onServerRemoved(serverId);
        ejected.add(new Ejection(serverId, tasks, now, until));
    }

    /** Servers whose ejection ended take part again, from their latest update. */
    private void readmit(ReadOnlyBroadcastState<String, ServerUpdate> updates, long now)
            throws Exception {
        for (String serverId : blackHoles.returning(now)) {
            ServerUpdate latest = updates.get(serverId);
            if (latest != null) {
                feed(latest, now);
            }
        }
    }

    /**
     * Dead-letters the unacknowledged tasks of each server just ejected, and logs the ejection on
     * control-log.
     */
    private void reportEjections(SideOutput output) {
        for (Ejection e : ejected) {
            long timeout = settings.ackTimeout().toMillis();
            String why =
                    BlackHoleReports.reason(e.serverId(), routerIndex, timeout, e.until() - e.at());
            for (String taskId : e.tasks()) {
                output.emit(
                        DEAD_LETTERS,
                        DeadLetters.unroutable(settings.tasksTopic(), taskId, why, e.at()));
            }
            metrics.ejected(e.tasks().size());
            output.emit(
                    AdminStamp.CONTROL_LOG,
                    BlackHoleReports.event(
                            e.serverId(),
                            e.tasks().size(),
                            routerIndex,
                            timeout,
                            e.at(),
                            e.until()));
        }
        ejected.clear();
    }

    /**
     * Ejects every server whose oldest unacknowledged task is overdue, at most every {@value
     * #SWEEP_PERIOD_MILLIS} ms: a black hole the policy stops choosing (its own unacknowledged
     * tasks make it look busy) still holds the tasks it swallowed.
     */
    private void ejectOverdue(long now) {
        long timeout = settings.ackTimeout().toMillis();
        if (timeout == 0 || now - sweptAt < SWEEP_PERIOD_MILLIS) {
            return;
        }
        sweptAt = now;
        for (String serverId : inFlight.overdue(now - timeout)) {
            eject(serverId, now);
        }
    }

    /** A black hole ejected at {@code at} until {@code until}, with the tasks it swallowed. */
    private record Ejection(String serverId, List<String> tasks, long at, long until) {}

    /** Where side outputs go: the context of whichever callback routed. */
    @FunctionalInterface
    private interface SideOutput {
        <X> void emit(OutputTag<X> tag, X value);
    }

    /**
     * A new policy (empty view) when {@code control} is newer than what runs; true if it switched.
     */
    private boolean switchPolicy(RouterControl control) {
        if (control == null || control.getVersion() <= controlVersion) {
            return false;
        }
        policy = newPolicy(control);
        controlVersion = control.getVersion();
        return true;
    }

    /** The configured policy, or with the operators' settings {@code control} (null: none). */
    private RoutingPolicy newPolicy(RouterControl control) {
        int routerCount = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        PolicyConfig config = settings.policyConfig(routerIndex, routerCount);
        RoutingPolicy created =
                Policies.create(
                        control == null ? config : control.applyTo(config),
                        new SplittableRandom(
                                settings.seed() ^ (0x9E3779B97F4A7C15L * (routerIndex + 1))));
        return settings.slowStart().isZero()
                ? created
                : new SlowStartPolicy(created, settings.slowStart().toMillis());
    }

    /**
     * This router's decisions for the server that the update does not count yet. On overflow the
     * update's list is incomplete: a task decided by the update's time has most likely reached the
     * server.
     */
    private int pendingAfter(ServerUpdate update, long now) {
        long ackedUpTo = update.isEnqueuedOverflow() ? update.getUpdatedAt() : Long.MIN_VALUE;
        return inFlight.pendingAfter(
                update.getServerId(), update.getEnqueuedSinceLastSnapshot(), ackedUpTo, now);
    }

    /**
     * The buffer count is not checkpointed: it is recounted from the keyed state after a restore.
     */
    private void countBufferAfterRestore(Context ctx) throws Exception {
        bufferCounted = true;
        int[] count = {0};
        ctx.applyToKeyedState(
                BUFFERED,
                (taskId, state) -> {
                    if (state.value() != null) {
                        count[0]++;
                    }
                });
        bufferedCount = count[0];
        metrics.buffered(bufferedCount);
    }

    private void updateFleetGauges(ReadOnlyBroadcastState<String, ServerUpdate> updates, long now)
            throws Exception {
        List<ServerUpdate> alive = new ArrayList<>();
        for (Map.Entry<String, ServerUpdate> entry : updates.immutableEntries()) {
            if (entry.getValue().acceptsTasks()) {
                alive.add(entry.getValue());
            }
        }
        metrics.fleet(alive, now);
    }

    private void deadLetter(TaskRequest task, long now, String reason, ReadOnlyContext ctx) {
        ctx.output(
                DEAD_LETTERS,
                DeadLetters.unroutable(settings.tasksTopic(), task.getTaskId(), reason, now));
        metrics.deadLettered();
    }
}
