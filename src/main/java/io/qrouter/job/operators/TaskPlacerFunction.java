package io.qrouter.job.operators;

import io.qrouter.avro.TaskRequest;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.TokenPlacer;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.convert.PolicyRecords;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.types.Either;
import org.apache.flink.util.Collector;

/**
 * The task placer in front of several routers (one subtask): reads the routers' own broadcast input
 * and keys each task for the router subtask that holds an idle server ({@link TokenPlacer}), naming
 * that server for the router to take, or by its id when none does, when the policy has no idle
 * queue to mirror, or with {@code router.placement=random}. It keeps the servers' latest updates in
 * broadcast state and rebuilds its mirror from them after a restore or a change of the routing
 * settings, as the routers rebuild their policies; tasks marked taken before are forgotten, as the
 * routers forget their in-flight counts.
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

    private transient TokenPlacer placer;
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
        TokenPlacer.Placement placed = placer.place(now);
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
                            placer.onSnapshot(PolicyRecords.toPolicySnapshot(update, 0), now);
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

    /** A fresh mirror of the stored updates, under the routing settings in force. */
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
                settings.placeTasks() && TokenPlacer.appliesTo(config)
                        ? new TokenPlacer(
                                routers,
                                TokenPlacer.DEFAULT_EXPIRY_MILLIS,
                                new SplittableRandom(settings.seed()))
                        : null;
        if (placer != null) {
            for (Map.Entry<String, ServerUpdate> entry : updates.immutableEntries()) {
                placer.onSnapshot(PolicyRecords.toPolicySnapshot(entry.getValue(), 0), now);
            }
        }
    }
}
