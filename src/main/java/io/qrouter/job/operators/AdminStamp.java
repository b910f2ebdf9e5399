package io.qrouter.job.operators;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.core.control.AdminState;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.control.ServerAdmin;
import io.qrouter.job.convert.ControlLog;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.ServerUpdateSerializer;
import io.qrouter.job.state.BroadcastStates;
import java.util.Map;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.EitherTypeInfo;
import org.apache.flink.streaming.api.functions.co.BaseBroadcastProcessFunction;
import org.apache.flink.types.Either;
import org.apache.flink.util.OutputTag;

/**
 * What operators set, stamped on each {@link ServerUpdate} where it is used: the routers, GA and
 * DSRS receive the per-server state's updates and the control operator's {@link ControlState} on
 * one broadcast input ({@link #FEED}), stamp every update with the server's administrative state
 * and weight and the fleet-wide routing settings, and stamp their stored updates anew when the
 * control state changes, so a command takes effect with the next decision. A draining or
 * maintenance server's update then does not accept tasks.
 *
 * <p>Why here and not in an operator of its own between the per-server state and the routers (as
 * before 2026-12-01): that operator cost every update a network hop and kept a second copy of every
 * server's update in keyed state. The per-server state cannot stamp the updates itself: the control
 * operator learns which servers exist from it, so it cannot also depend on the control state.
 */
public final class AdminStamp {
    private AdminStamp() {}

    /** Servers that finished draining: from the first router (or GA) subtask only. */
    public static final OutputTag<ControlLogEntry> CONTROL_LOG = ControlLog.tag("drained-log");

    /** The broadcast input of everything that routes: server updates, and control states. */
    public static final TypeInformation<Either<ServerUpdate, ControlState>> FEED =
            new EitherTypeInfo<>(
                    TypeInformation.of(ServerUpdate.class), TypeInformation.of(ControlState.class));

    /** The control state in force (null: none set yet). */
    static ControlState control(ReadOnlyBroadcastState<String, ControlState> state)
            throws Exception {
        return state.get(BroadcastStates.CONTROL_KEY);
    }

    /**
     * Sets the update's administrative state, weight and routing settings from {@code control}
     * (null: none set).
     */
    static void stamp(ServerUpdate update, ControlState control) {
        String id = update.getServerId();
        update.setAdminState(displayState(control, id, update.getQueueLength() == 0));
        update.setAdminAccepts(control == null || control.acceptsTasks(id));
        update.setAdminWeight(weight(control, id));
        update.setRouterControl(control == null ? null : control.getRouter());
    }

    /**
     * The server's administrative state as the updates and {@code server-metrics} show it: active,
     * draining, drained (draining and {@code empty}), maintenance, ejected, … (null control: none
     * set).
     */
    static String displayState(ControlState control, String serverId, boolean empty) {
        return control == null
                ? AdminState.ACTIVE.displayName(empty)
                : control.displayState(serverId, empty);
    }

    /** The weight operators gave the server (null control: none set, the default weight). */
    static double weight(ControlState control, String serverId) {
        return control == null ? ServerAdmin.DEFAULT_WEIGHT : control.admin(serverId).getWeight();
    }

    /**
     * Keeps {@code control} and stamps every stored update with it: each is replaced by a stamped
     * copy, not changed, since a running checkpoint may still be writing it; {@code drained} hears
     * of each server that is drained now and was not before.
     */
    static <V> void restampAll(
            ControlState control,
            BroadcastState<String, ControlState> controlState,
            BroadcastState<String, V> stored,
            ServerFeed.Store<V> store,
            DrainedListener drained)
            throws Exception {
        controlState.put(BroadcastStates.CONTROL_KEY, control);
        for (Map.Entry<String, V> entry : stored.entries()) {
            ServerUpdate before = store.updateOf(entry.getValue());
            ServerUpdate update = ServerUpdateSerializer.deepCopy(before);
            stamp(update, control);
            entry.setValue(store.restamped(entry.getValue(), update));
            if (becameDrained(before, update)) {
                drained.drained(update);
            }
        }
    }

    /** Whether {@code update} (stamped) shows a server drained and {@code previous} did not. */
    static boolean becameDrained(ServerUpdate previous, ServerUpdate update) {
        return isDrained(update.getAdminState())
                && (previous == null || !isDrained(previous.getAdminState()));
    }

    private static boolean isDrained(String adminState) {
        return "drained".equals(adminState);
    }

    /**
     * Sends the control-log EVENT of a server that finished draining, from the first subtask only:
     * every subtask of a router (or GA) sees every update, and the fleet wants one report.
     */
    static void reportDrained(
            int subtask, ServerUpdate update, BaseBroadcastProcessFunction.Context ctx) {
        if (subtask == 0) {
            ctx.output(
                    CONTROL_LOG,
                    ControlLog.event(
                            "DRAINED",
                            update.getServerId(),
                            update.getServerId() + " is drained: no tasks left, none will be sent",
                            ctx.currentProcessingTime()));
        }
    }

    /** Told of each server that a new control state showed drained. */
    @FunctionalInterface
    interface DrainedListener {
        void drained(ServerUpdate update);
    }
}
