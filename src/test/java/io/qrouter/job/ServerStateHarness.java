package io.qrouter.job;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.operators.ServerStateFunction;
import io.qrouter.job.operators.ServerStateOperator;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.StringKeySerializer;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.runtime.state.heap.HeapKeyedStateBackend;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.apache.flink.types.Either;

/**
 * The per-server state's operator harness: lifecycle events and heartbeats in by their own names
 * (the function takes them as one union input), live settings on the broadcast input.
 */
public final class ServerStateHarness
        extends KeyedBroadcastOperatorTestHarness<
                String, Either<TaskEvent, Heartbeat>, LiveSettings, ServerUpdate> {

    /** As the job configures it by default. */
    public static final int DEFAULT_CACHED_SERVERS =
            Integer.parseInt(ConfigKey.STATE_CACHED_SERVERS.defaultValue());

    /** {@code cachedServers}: the state cache's size (used when the backend is not the heap). */
    ServerStateHarness(ServerStateSettings settings, int cachedServers) throws Exception {
        this(settings, cachedServers, StringKeySerializer.TYPE);
    }

    /** Keyed by {@code keyType}: the job's ({@link StringKeySerializer#TYPE}) or an older one. */
    ServerStateHarness(
            ServerStateSettings settings, int cachedServers, TypeInformation<String> keyType)
            throws Exception {
        super(
                new ServerStateOperator(new ServerStateFunction(settings), cachedServers),
                ServerStateFunction.SERVER_KEY,
                keyType,
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
