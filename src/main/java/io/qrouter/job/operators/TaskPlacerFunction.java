package io.qrouter.job.operators;

import io.qrouter.avro.TaskRequest;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.TaskPlacer;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.convert.PolicyRecords;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.types.Either;
import org.apache.flink.util.Collector;

/**
 * The task placer in front of several routers (one subtask): reads the routers' own broadcast
 * input, decides each task as one router would ({@link TaskPlacer}) and keys it for the router
 * subtask whose turn it is to carry it out, naming the server; by its id, with nothing named, when
 * the policy has no idle queue or with {@code router.placement=random}. It keeps the servers'
 * latest updates in broadcast state and rebuilds its policy from them after a restore or a change
 * of the routing settings, as the routers rebuild theirs; its tasks in flight are forgotten, as the
 * routers forget theirs.
 */
public class TaskPlacerFunction
        extends KeyedBroadcastProcessFunction<
                String, TaskRequest, Either<ServerUpdate, ControlState>, RouterInput> {
    private static final long serialVersionUID = 1L;

    private static final ServerFeed<ServerUpdate> FEED =
            new ServerFeed<>(BroadcastStates.SERVER_UPDATES, ServerFeed.latestUpdate(), false);

    private final RouterSettings settings;
    private final int routers;
    private final int routerMaxParallelism;

    private transient TaskPlacer placer;
    private transient boolean rebuilt;

    /**
     * @param routers the router's parallelism
     * @param routerMaxParallelism the router's key groups, which decide which subtask a key reaches
     */
    public TaskPlacerFunction(RouterSettings settings, int routers, int routerMaxParallelism) {
        this.settings = settings;
        this.routers = routers;
        this.routerMaxParallelism = routerMaxParallelism;
    }

    @Override
    public void open(OpenContext openContext) {
        rebuilt = false;
    }

    @Override
    public void processElement(TaskRequest task, ReadOnlyContext ctx, Collector<RouterInput> out)
            throws Exception {
        long now = ctx.timerService().currentProcessingTime();
        rebuildOnce(
                ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES),
                ctx.getBroadcastState(BroadcastStates.CONTROL).get(BroadcastStates.CONTROL_KEY),
                now);
        if (placer == null) {
            out.collect(RouterInput.byId(task));
            return;
        }
        TaskPlacer.Placement placed =
                placer.place(PolicyRecords.routingKey(task), task.getTaskId(), now);
        if (!placed.named()) {
            out.collect(RouterInput.byId(task)); // no live server: the router buffers it
            return;
        }
        String key =
                SubtaskKeys.forSubtask(
                        task.getTaskId(), placed.router(), routers, routerMaxParallelism);
        out.collect(RouterInput.placed(key, task, placed));
    }

    @Override
    public void processBroadcastElement(
            Either<ServerUpdate, ControlState> input, Context ctx, Collector<RouterInput> out)
            throws Exception {
        ReadOnlyBroadcastState<String, ServerUpdate> updates =
                ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES);
        long now = ctx.currentProcessingTime();
        rebuildOnce(
                updates,
                ctx.getBroadcastState(BroadcastStates.CONTROL).get(BroadcastStates.CONTROL_KEY),
                now);
        FEED.receive(
                input,
                0,
                ctx,
                new ServerFeed.Listener() {
                    @Override
                    public void updated(ServerUpdate update) {
                        if (placer != null) {
                            placer.onSnapshot(
                                    PolicyRecords.toPolicySnapshot(update, 0),
                                    update.getEnqueuedSinceLastSnapshot(),
                                    PolicyRecords.acknowledgedUpTo(update),
                                    now);
                        }
                    }

                    @Override
                    public void gone(String serverId) {
                        if (placer != null) {
                            placer.onServerRemoved(serverId);
                        }
                    }

                    @Override
                    public void controlled(ControlState control) throws Exception {
                        rebuilt = false;
                        rebuildOnce(updates, control, now);
                    }
                });
    }

    /** A fresh placer fed the stored updates, under the routing settings in force. */
    private void rebuildOnce(
            ReadOnlyBroadcastState<String, ServerUpdate> updates, ControlState control, long now)
            throws Exception {
        if (rebuilt) {
            return;
        }
        rebuilt = true;
        PolicyConfig config = settings.policyConfig(0, routers);
        if (control != null && control.getRouter() != null) {
            config = control.getRouter().applyTo(config);
        }
        placer =
                settings.placeTasks() && TaskPlacer.appliesTo(config)
                        ? new TaskPlacer(
                                routers,
                                TaskPlacer.DEFAULT_EXPIRY_MILLIS,
                                settings.newPolicy(
                                        TaskPlacer.asOneRouter(config),
                                        new SplittableRandom(settings.seed())))
                        : null;
        if (placer != null) {
            for (Map.Entry<String, ServerUpdate> entry : updates.immutableEntries()) {
                placer.onSnapshot(
                        PolicyRecords.toPolicySnapshot(entry.getValue(), 0),
                        List.of(),
                        Long.MIN_VALUE,
                        now);
            }
        }
    }
}
