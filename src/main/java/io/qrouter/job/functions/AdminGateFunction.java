package io.qrouter.job.functions;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.control.ControlState;
import io.qrouter.control.ServerAdmin;
import io.qrouter.job.records.ServerUpdate;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * Between the per-server state and everything that routes (routers, DSRS, GA): stamps each {@link
 * ServerUpdate} with what operators set — the server's administrative state and weight, and the
 * fleet-wide routing settings — from the broadcast {@link ControlState}. A draining or maintenance
 * server's update then does not accept tasks, so no router sends it any. When the control state
 * changes, every server's latest update is sent again at once, stamped anew, so a command takes
 * effect with the next decision rather than the next heartbeat. A draining server whose queue is
 * empty is shown as drained, and the moment it gets there goes to {@link #CONTROL_LOG} as an EVENT.
 *
 * <p>Keyed by server id. The latest update of each server is keyed state and the control state
 * broadcast state; both are checkpointed.
 */
public class AdminGateFunction
        extends KeyedBroadcastProcessFunction<String, ServerUpdate, ControlState, ServerUpdate> {
    private static final long serialVersionUID = 1L;

    /** Servers that finished draining. */
    public static final OutputTag<ControlLogEntry> CONTROL_LOG =
            ControlLog.tag("admin-gate-control-log");

    static final ValueStateDescriptor<ServerUpdate> LATEST =
            new ValueStateDescriptor<>("latest-update", ServerUpdate.class);

    private transient ValueState<ServerUpdate> latest;

    @Override
    public void open(OpenContext openContext) {
        latest = getRuntimeContext().getState(LATEST);
    }

    @Override
    public void processElement(
            ServerUpdate update, ReadOnlyContext ctx, Collector<ServerUpdate> out)
            throws Exception {
        if (update.isGone()) {
            latest.clear();
            out.collect(update);
            return;
        }
        ControlState control =
                ctx.getBroadcastState(BroadcastStates.CONTROL).get(ControlFunction.KEY);
        ServerUpdate previous = latest.value();
        stamp(update, control);
        latest.update(update);
        out.collect(update);
        reportDrained(previous, update, ctx.currentProcessingTime(), ctx::output);
    }

    @Override
    public void processBroadcastElement(
            ControlState control, Context ctx, Collector<ServerUpdate> out) throws Exception {
        ctx.getBroadcastState(BroadcastStates.CONTROL).put(ControlFunction.KEY, control);
        long now = ctx.currentProcessingTime();
        ctx.applyToKeyedState(
                LATEST,
                (serverId, state) -> {
                    ServerUpdate update = state.value();
                    if (update == null) {
                        return;
                    }
                    String before = update.getAdminState();
                    stamp(update, control);
                    state.update(update);
                    out.collect(update);
                    if (!"drained".equals(before)) {
                        reportDrained(null, update, now, ctx::output);
                    }
                });
    }

    /**
     * Sets the update's administrative state, weight and routing settings from {@code control}
     * (null: none set).
     */
    static void stamp(ServerUpdate update, ControlState control) {
        ServerAdmin admin =
                control == null ? new ServerAdmin() : control.admin(update.getServerId());
        boolean empty = update.getQueueLength() == 0;
        update.setAdminState(
                control == null
                        ? admin.getState().displayName(empty)
                        : control.displayState(update.getServerId(), empty));
        update.setAdminAccepts(control == null || control.acceptsTasks(update.getServerId()));
        update.setAdminWeight(admin.getWeight());
        update.setRouterControl(control == null ? null : control.getRouter());
    }

    private interface LogOutput {
        void output(OutputTag<ControlLogEntry> tag, ControlLogEntry entry);
    }

    private static void reportDrained(
            ServerUpdate previous, ServerUpdate update, long now, LogOutput output) {
        boolean wasDrained = previous != null && "drained".equals(previous.getAdminState());
        if ("drained".equals(update.getAdminState()) && !wasDrained) {
            output.output(
                    CONTROL_LOG,
                    ControlLog.event(
                            "DRAINED",
                            update.getServerId(),
                            update.getServerId() + " is drained: no tasks left, none will be sent",
                            now));
        }
    }
}
