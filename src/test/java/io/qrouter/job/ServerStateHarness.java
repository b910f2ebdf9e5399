package io.qrouter.job;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.functions.BroadcastStates;
import io.qrouter.job.functions.ServerStateFunction;
import io.qrouter.job.records.ServerUpdate;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.heap.HeapKeyedStateBackend;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.apache.flink.types.Either;

/**
 * The per-server state's operator harness: lifecycle events and heartbeats in by their own names
 * (the function takes them as one union input), live settings on the broadcast input.
 */
public final class ServerStateHarness
        extends KeyedBroadcastOperatorTestHarness<
                String, Either<TaskEvent, Heartbeat>, LiveSettings, ServerUpdate> {

    ServerStateHarness(ServerStateSettings settings) throws Exception {
        super(
                new CoBroadcastWithKeyedOperator<>(
                        new ServerStateFunction(settings), List.of(BroadcastStates.LIVE_SETTINGS)),
                ServerStateFunction.SERVER_KEY,
                Types.STRING,
                Harnesses.MAX_PARALLELISM,
                1,
                0);
    }

    public void processEvent(TaskEvent event, long timestamp) throws Exception {
        processElement(Either.Left(event), timestamp);
    }

    public void processHeartbeat(Heartbeat heartbeat, long timestamp) throws Exception {
        processElement(Either.Right(heartbeat), timestamp);
    }

    /** Keyed state entries of every server (heap backend only). */
    public int numKeyedStateEntries() {
        return ((HeapKeyedStateBackend<?>)
                        ((AbstractStreamOperator<?>) getTwoInputOperator()).getKeyedStateBackend())
                .numKeyValueStateEntries();
    }

    /** Live settings, as the control authentication operator broadcasts them. */
    public void processLiveSettings(LiveSettings live) throws Exception {
        processBroadcastElement(live, Long.MAX_VALUE);
    }
}
