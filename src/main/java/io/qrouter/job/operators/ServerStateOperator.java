package io.qrouter.job.operators;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import io.qrouter.job.state.StateCaching;
import io.qrouter.job.state.WriteBackCache;
import java.util.List;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.runtime.state.heap.HeapKeyedStateBackend;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.types.Either;

/**
 * Flink's keyed-broadcast operator running the {@link ServerStateFunction}, with its keyed state in
 * a {@link WriteBackCache} when the backend is not the heap: under RocksDB, a lifecycle event then
 * reads and writes heap objects, and the changes reach RocksDB once per checkpoint ({@link
 * #snapshotState}, before the backend's snapshot) instead of about ten native calls per event. The
 * cache needs the operator's hooks (the current key, the snapshot), which a process function does
 * not see; the function itself is unchanged.
 */
public class ServerStateOperator
        extends CoBroadcastWithKeyedOperator<
                String, Either<TaskEvent, Heartbeat>, LiveSettings, ServerUpdate> {
    private static final long serialVersionUID = 1L;

    private final int cachedServers;
    private transient WriteBackCache cache;

    /** {@code cachedServers}: the cache's size in servers (0: no cache). */
    public ServerStateOperator(ServerStateFunction function, int cachedServers) {
        super(function, List.of(BroadcastStates.LIVE_SETTINGS));
        this.cachedServers = cachedServers;
    }

    @Override
    public void open() throws Exception {
        if (getKeyedStateBackend() instanceof HeapKeyedStateBackend) {
            ((ServerStateFunction) getUserFunction()).cacheStatesIn(StateCaching.HEAP);
        } else if (cachedServers > 0) {
            cache = new WriteBackCache(cachedServers, this);
            ((ServerStateFunction) getUserFunction()).cacheStatesIn(cache);
            // a cache too small for the fleet shows as misses and evictions close to the events
            getMetricGroup().gauge("stateCacheServers", cache::size);
            getMetricGroup().gauge("stateCacheMisses", cache::misses);
            getMetricGroup().gauge("stateCacheEvictions", cache::evictions);
        }
        super.open();
    }

    /**
     * Writes the cached changes to the backend, just before Flink snapshots it (this runs first in
     * the snapshot's synchronous part, for checkpoints, savepoints and harness snapshots alike).
     */
    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        if (cache != null) {
            cache.flush();
        }
        super.snapshotState(context);
    }

    /** The state cache, or null when there is none (the heap backend, or a size of 0). */
    WriteBackCache stateCache() {
        return cache;
    }
}
