package io.qrouter.job.operators;

import io.qrouter.core.control.ControlState;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.types.Either;

/**
 * The broadcast input of everything that routes (router, GA, DSRS), applied the same way to each
 * one's stored servers: an update is stamped with the control state in force ({@link AdminStamp})
 * and stored, a server gone is removed, and a new control state restamps every stored server. The
 * consumer hears of each after it is applied.
 *
 * @param <V> what the consumer stores per server
 */
final class ServerFeed<V> {
    /** How a consumer stores a server's latest update. */
    interface Store<V> {
        ServerUpdate updateOf(V stored);

        /** What to store for {@code update}, given what was stored ({@code null}: nothing). */
        V next(V stored, ServerUpdate update);

        /**
         * What to store in place of {@code stored} once its update is restamped: a stored update is
         * replaced, never changed, so a checkpoint may share it ({@link
         * io.qrouter.job.records.StoredServerUpdateSerializer}).
         */
        V restamped(V stored, ServerUpdate update);
    }

    /** What a consumer does once an input is applied; each does nothing unless overridden. */
    interface Listener {
        default void updated(ServerUpdate update) throws Exception {}

        default void gone(String serverId) throws Exception {}

        default void controlled(ControlState control) throws Exception {}
    }

    private final MapStateDescriptor<String, V> stored;
    private final Store<V> store;
    private final boolean reportsDrained;

    /**
     * @param reportsDrained whether this consumer writes the control-log event of a server that
     *     finished draining (from its first subtask)
     */
    ServerFeed(MapStateDescriptor<String, V> stored, Store<V> store, boolean reportsDrained) {
        this.stored = stored;
        this.store = store;
        this.reportsDrained = reportsDrained;
    }

    /** Stores every server's latest update as it is. */
    static Store<ServerUpdate> latestUpdate() {
        return new Store<>() {
            @Override
            public ServerUpdate updateOf(ServerUpdate stored) {
                return stored;
            }

            @Override
            public ServerUpdate next(ServerUpdate stored, ServerUpdate update) {
                return update;
            }

            @Override
            public ServerUpdate restamped(ServerUpdate stored, ServerUpdate update) {
                return update;
            }
        };
    }

    void receive(
            Either<ServerUpdate, ControlState> input,
            int subtask,
            KeyedBroadcastProcessFunction<?, ?, ?, ?>.Context ctx,
            Listener listener)
            throws Exception {
        BroadcastState<String, V> servers = ctx.getBroadcastState(stored);
        BroadcastState<String, ControlState> control =
                ctx.getBroadcastState(BroadcastStates.CONTROL);
        if (input.isRight()) {
            AdminStamp.restampAll(
                    input.right(),
                    control,
                    servers,
                    store,
                    drained -> drained(subtask, drained, ctx));
            listener.controlled(input.right());
        } else if (input.left().isGone()) {
            servers.remove(input.left().getServerId());
            listener.gone(input.left().getServerId());
        } else {
            ServerUpdate update = input.left();
            AdminStamp.stamp(update, AdminStamp.control(control));
            V known = servers.get(update.getServerId());
            if (AdminStamp.becameDrained(known == null ? null : store.updateOf(known), update)) {
                drained(subtask, update, ctx);
            }
            servers.put(update.getServerId(), store.next(known, update));
            listener.updated(update);
        }
    }

    private void drained(
            int subtask,
            ServerUpdate update,
            KeyedBroadcastProcessFunction<?, ?, ?, ?>.Context ctx) {
        if (reportsDrained) {
            AdminStamp.reportDrained(subtask, update, ctx);
        }
    }
}
