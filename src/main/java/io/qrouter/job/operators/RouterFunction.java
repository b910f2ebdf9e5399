package io.qrouter.job.operators;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.control.RouterControl;
import io.qrouter.core.policy.Decision;
import io.qrouter.core.policy.LossAdmission;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.RoutingPolicy;
import io.qrouter.core.policy.TaskPlacer;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.convert.BlackHoleReports;
import io.qrouter.job.convert.DeadLetters;
import io.qrouter.job.convert.PolicyRecords;
import io.qrouter.job.records.BufferedTask;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import java.util.ArrayList;
import java.util.Comparator;
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
 * The router: tasks (keyed by task id, or for a subtask by the {@link TaskPlacerFunction}) meet the
 * broadcast {@link ServerUpdate}s and get one {@link RoutingDecision} each, chosen by the
 * configured policy of io.qrouter.core.policy, called unchanged. The broadcast input also brings
 * the operators' {@link ControlState}, stamped on every update ({@link AdminStamp}).
 *
 * <p>Tasks no server can take yet wait in keyed state (at most {@code bufferCapacity}, for {@code
 * bufferDeadline}); each task sent counts on its server until an update acknowledges it. Why it is
 * keyed by task id, what a restart keeps and how in-flight tasks are counted: docs/design.md ("The
 * router").
 */
public class RouterFunction
        extends KeyedBroadcastProcessFunction<
                String, RouterInput, Either<ServerUpdate, ControlState>, RoutingDecision> {
    private static final long serialVersionUID = 1L;

    private static final ServerFeed<ServerUpdate> FEED =
            new ServerFeed<>(BroadcastStates.SERVER_UPDATES, ServerFeed.latestUpdate(), true);

    /** Tasks no server could take (buffer full, or no live server before the deadline). */
    public static final OutputTag<DeadLetter> DEAD_LETTERS =
            new OutputTag<>("router-dead-letters", new AvroTypeInfo<>(DeadLetter.class));

    /** A task's own key: its id. */
    public static final KeySelector<TaskRequest, String> TASK_KEY = TaskRequest::getTaskId;

    static final ValueStateDescriptor<BufferedTask> BUFFERED =
            new ValueStateDescriptor<>("buffered-task", BufferedTask.class);

    /** The fleet gauges are recomputed at most this often, as they take O(servers). */
    private static final long FLEET_GAUGE_PERIOD_MILLIS = 1_000;

    private final RouterSettings settings;

    private transient ValueState<BufferedTask> buffered;
    private transient RoutingPolicy policy;
    private transient BlackHoleWatch watch;

    /** How late updates arrived (router clock − the update's event time). */
    private transient UpdateDelays updateDelays;

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
        watch = new BlackHoleWatch(settings);
        updateDelays = new UpdateDelays(routerIndex);
        policyRebuilt = false;
        bufferCounted = false;
        bufferedCount = 0;
        metrics = new JobMetrics(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void processElement(
            RouterInput input, ReadOnlyContext ctx, Collector<RoutingDecision> out)
            throws Exception {
        TaskRequest task = input.task();
        long now = ctx.timerService().currentProcessingTime();
        if (routeTask(task, input.placement(routerIndex), now, ctx, out)) {
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
                        updateDelays.received(
                                update.getServerId(), Math.max(0, now - update.getUpdatedAt()));
                        if (switchPolicy(update.getRouterControl())) {
                            replay(updates, now);
                        }
                        feed(update, now);
                    }

                    @Override
                    public void gone(String serverId) {
                        watch.forget(serverId);
                        updateDelays.forget(serverId);
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
        settleEjections(ctx::output, out, now);
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
        if (!routeTask(waiting.task, TaskPlacer.Placement.NONE, timestamp, ctx, out)) {
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
     * Routes a task that arrived or left the buffer, from the current view: servers whose ejection
     * ended are back, overdue ones ejected, and their swallowed tasks, older than this one, settled
     * first; false when it could not be routed.
     */
    private boolean routeTask(
            TaskRequest task,
            TaskPlacer.Placement placed,
            long now,
            ReadOnlyContext ctx,
            Collector<RoutingDecision> out)
            throws Exception {
        rebuildPolicyOnce(ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES), now);
        readmit(ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES), now);
        ejectOverdue(now);
        settleEjections(ctx::output, out, now);
        boolean routed = route(task, placed, now, out, null);
        settleEjections(ctx::output, out, now);
        return routed;
    }

    /**
     * Routes a task if any server is alive, or rejects it at once when loss-aware admission
     * predicts it would be lost even at its best choice; false when it could not be routed.
     *
     * @param redecidedFrom the black hole the task was taken back from; null for a first decision
     */
    private boolean route(
            TaskRequest task,
            TaskPlacer.Placement placed,
            long now,
            Collector<RoutingDecision> out,
            String redecidedFrom) {
        if (admission != null) {
            double loss = admission.bestLossProbability(policy.view());
            if (!admission.admits(loss)) {
                emit(
                        PolicyRecords.rejected(
                                task, policy.name().configName(), loss, now, routerIndex),
                        redecidedFrom,
                        out);
                return true;
            }
        }
        Optional<Decision> decision = policy.route(PolicyRecords.routingKey(task), now, placed);
        while (decision.isPresent() && watch.isOverdue(decision.get().serverId(), now)) {
            eject(decision.get().serverId(), now);
            decision = policy.route(PolicyRecords.routingKey(task), now);
        }
        if (decision.isEmpty()) {
            return false;
        }
        emit(
                PolicyRecords.toRoutingDecision(
                        decision.get(),
                        task,
                        now,
                        routerIndex,
                        updateDelays.ofServer(decision.get().serverId()),
                        updateDelays.drawSinceLast()),
                redecidedFrom,
                out);
        watch.routed(decision.get().serverId(), task, now);
        return true;
    }

    private void emit(
            RoutingDecision decision, String redecidedFrom, Collector<RoutingDecision> out) {
        decision.setRedecidedFrom(redecidedFrom);
        out.collect(decision);
        metrics.decided(decision.getRule());
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
            route(task.task, TaskPlacer.Placement.NONE, now, out, null);
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
        if (!watch.isEjected(update.getServerId())) {
            int pending = watch.pendingAfter(update, now);
            metrics.overtaken(watch.overtaken());
            metrics.loopStalls(watch.loopStalls());
            policy.acknowledgementRoundTrip(watch.meanRoundTripMillis());
            policy.onSnapshot(PolicyRecords.toPolicySnapshot(update, pending));
        }
    }

    /** Ejects a black hole: out of the policy's view, its tasks to settle. */
    private void eject(String serverId, long now) {
        watch.eject(serverId, now);
        policy.onServerRemoved(serverId);
    }

    /** Servers whose ejection ended take part again, from their latest update. */
    private void readmit(ReadOnlyBroadcastState<String, ServerUpdate> updates, long now)
            throws Exception {
        for (String serverId : watch.returning(now)) {
            ServerUpdate latest = updates.get(serverId);
            if (latest != null) {
                feed(latest, now);
            }
        }
    }

    /**
     * Settles each black hole ejected so far: its unacknowledged tasks routed again (with {@code
     * router.redecide-unacknowledged}) or dead-lettered, the ejection logged on control-log.
     * Re-deciding can eject further holes; they are settled in the same call.
     */
    private void settleEjections(SideOutput output, Collector<RoutingDecision> out, long now) {
        long timeout = settings.ackTimeout().toMillis();
        for (BlackHoleWatch.Ejection e = watch.nextUnsettled();
                e != null;
                e = watch.nextUnsettled()) {
            String why =
                    BlackHoleReports.reason(e.serverId(), routerIndex, timeout, e.until() - e.at());
            int redecided = 0;
            for (TaskRequest task : e.tasks()) {
                if (settings.redecideUnacknowledged()
                        && route(task, TaskPlacer.Placement.NONE, now, out, e.serverId())) {
                    redecided++;
                } else {
                    output.emit(
                            DEAD_LETTERS,
                            DeadLetters.unroutable(
                                    settings.tasksTopic(), task.getTaskId(), why, e.at()));
                }
            }
            metrics.ejected(e.tasks().size() - redecided, redecided);
            output.emit(
                    AdminStamp.CONTROL_LOG,
                    BlackHoleReports.event(
                            e.serverId(),
                            e.tasks().size(),
                            redecided,
                            routerIndex,
                            timeout,
                            e.at(),
                            e.until()));
        }
    }

    /** Runs the periodic sweep for black holes the policy no longer chooses. */
    private void ejectOverdue(long now) {
        for (String serverId : watch.sweep(now)) {
            eject(serverId, now);
        }
    }

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
        PolicyConfig controlled = control == null ? config : control.applyTo(config);
        return settings.newPolicy(
                settings.placeTasks() ? TaskPlacer.behindPlacer(controlled) : controlled,
                new SplittableRandom(settings.seed() ^ (0x9E3779B97F4A7C15L * (routerIndex + 1))));
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
        metrics.fleet(FleetFigures.ofStored(updates.immutableEntries(), now));
    }

    private void deadLetter(TaskRequest task, long now, String reason, ReadOnlyContext ctx) {
        ctx.output(
                DEAD_LETTERS,
                DeadLetters.unroutable(settings.tasksTopic(), task.getTaskId(), reason, now));
        metrics.deadLettered();
    }
}
