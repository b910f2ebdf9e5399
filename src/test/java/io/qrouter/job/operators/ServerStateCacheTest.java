package io.qrouter.job.operators;

import static io.qrouter.job.Records.event;
import static io.qrouter.job.Records.heartbeat;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEventType;
import io.qrouter.job.Harnesses;
import io.qrouter.job.ServerStateHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.state.WriteBackCache;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The per-server state under RocksDB with its state cache ({@link ServerStateOperator}) behaves as
 * the same operator on the heap, which has no cache: the same random stream of lifecycle events,
 * heartbeats, departures and down timers, with checkpoints and restores on the way, gives both the
 * same records, record for record. The cache holds two of five servers, so servers keep leaving it
 * with changes to write, and a restore sees only what was written before its snapshot.
 */
class ServerStateCacheTest {
    private static final String[] SERVERS = {"s0", "s1", "s2", "s3", "s4"};
    private static final int OPERATIONS = 3_000;
    private static final int CACHED_SERVERS = 2;

    /** Both sides of the comparison: a harness on one backend and everything it wrote so far. */
    private static final class Side {
        final Supplier<StateBackend> backend;
        final int cachedServers;
        ServerStateHarness harness;
        final List<Object> written = new ArrayList<>();

        Side(Supplier<StateBackend> backend, int cachedServers, ServerStateSettings settings)
                throws Exception {
            this.backend = backend;
            this.cachedServers = cachedServers;
            this.harness = Harnesses.serverState(settings, null, backend.get(), cachedServers);
        }

        /** Moves what the harness wrote since the last call to {@link #written}. */
        void collect() {
            written.addAll(harness.extractOutputValues());
            harness.getOutput().clear();
            for (OutputTag<?> tag :
                    List.of(ServerStateFunction.METRICS, ServerStateFunction.HEARTBEAT_LOG)) {
                var records = harness.getSideOutput(tag);
                if (records != null) {
                    records.stream().map(StreamRecord::getValue).forEach(written::add);
                    records.clear();
                }
            }
        }

        void checkpointAndRestore(long id, long now, ServerStateSettings settings)
                throws Exception {
            collect();
            var snapshot = harness.snapshot(id, now);
            harness.close();
            harness = Harnesses.serverState(settings, snapshot, backend.get(), cachedServers);
            harness.setProcessingTime(now);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void rocksDbWithTheCacheWritesWhatTheHeapWrites(long seed) throws Exception {
        ServerStateSettings settings = TestSettings.serverState();
        Side heap = new Side(HashMapStateBackend::new, CACHED_SERVERS, settings);
        Side cached = new Side(EmbeddedRocksDBStateBackend::new, CACHED_SERVERS, settings);
        List<Side> sides = List.of(heap, cached);
        Random random = new Random(seed);
        Map<String, List<String>> waiting = new HashMap<>();
        Map<String, List<String>> serving = new HashMap<>();
        long now = 1_000;
        int maxCached = 0;
        long evictions = 0;
        for (int op = 0; op < OPERATIONS; op++) {
            now += random.nextInt(40);
            for (Side side : sides) {
                side.harness.setProcessingTime(now);
            }
            String server = SERVERS[random.nextInt(SERVERS.length)];
            List<String> queue = waiting.computeIfAbsent(server, s -> new ArrayList<>());
            List<String> running = serving.computeIfAbsent(server, s -> new ArrayList<>());
            int dice = random.nextInt(100);
            if (dice < 35) {
                String task = "t" + op;
                queue.add(task);
                feedEvent(sides, server, task, TaskEventType.ENQUEUED, now);
            } else if (dice < 60 && !queue.isEmpty()) {
                String task = queue.remove(0);
                running.add(task);
                feedEvent(sides, server, task, TaskEventType.STARTED, now);
            } else if (dice < 85 && !running.isEmpty()) {
                feedEvent(sides, server, running.remove(0), TaskEventType.COMPLETED, now);
            } else if (dice < 88 && !queue.isEmpty()) {
                String task = queue.remove(random.nextInt(queue.size()));
                feedEvent(sides, server, task, TaskEventType.ABANDONED, now);
            } else if (dice < 98) {
                Heartbeat beat = heartbeat(server, now, queue.size() + running.size());
                beat.setLeaving(random.nextInt(30) == 0);
                for (Side side : sides) {
                    side.harness.processHeartbeat(beat, now);
                }
            } else {
                now += 6_000; // long enough for silent servers to be marked down
            }
            if (op % 1_000 == 999) {
                for (Side side : sides) {
                    side.checkpointAndRestore(op, now, settings);
                }
            }
            maxCached = Math.max(maxCached, cache(cached.harness).size());
            evictions = Math.max(evictions, cache(cached.harness).evictions());
        }
        for (Side side : sides) {
            side.collect();
            side.harness.close();
        }

        assertThat(maxCached).isEqualTo(CACHED_SERVERS);
        assertThat(evictions).as("servers that left the cache").isPositive();
        assertThat(heap.written).hasSizeGreaterThan(OPERATIONS / 2);
        assertThat(cached.written).hasSameSizeAs(heap.written);
        for (int i = 0; i < heap.written.size(); i++) {
            assertThat(cached.written.get(i)).as("record %d", i).isEqualTo(heap.written.get(i));
        }
    }

    @Test
    void theHeapBackendHasNoCache() throws Exception {
        ServerStateHarness harness =
                Harnesses.serverState(
                        TestSettings.serverState(), null, new HashMapStateBackend(), 16);
        harness.processHeartbeat(heartbeat("a", 1_000, 0), 1_000);
        assertThat(cache(harness)).isNull();
        harness.close();
    }

    private static void feedEvent(
            List<Side> sides, String server, String task, TaskEventType type, long now)
            throws Exception {
        for (Side side : sides) {
            side.harness.processEvent(event(server, task, type, now), now);
        }
    }

    private static WriteBackCache cache(ServerStateHarness harness) {
        return ((ServerStateOperator) harness.getTwoInputOperator()).stateCache();
    }
}
