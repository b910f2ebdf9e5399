package io.qrouter.bench;

import io.qrouter.job.Records;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.ServerUpdateSerializer;
import io.qrouter.job.records.StoredServerUpdateSerializer;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.typeutils.base.MapSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What a checkpoint costs the router's (and DSRS's, and the placer's) task thread before it goes on
 * routing: Flink copies each broadcast state there ({@code HeapBroadcastState.deepCopy}, a {@link
 * MapSerializer} copy of the map) with the state's value serializer, the plain one that copies
 * every update or the stored updates' one that shares them. Run: {@code java -cp
 * target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main BroadcastCopyBench}.
 */
public class BroadcastCopyBench extends PerOperationBench {
    @Param({"2000", "20000"})
    int servers;

    @Param({"plain", "stored"})
    String serializer;

    private final Map<String, ServerUpdate> updates = new HashMap<>();
    private MapSerializer<String, ServerUpdate> copier;

    @Setup(Level.Trial)
    public void setUp() {
        for (int i = 0; i < servers; i++) {
            updates.put("server-" + i, Records.snapshot("server-" + i, 1_000 + i, i % 5));
        }
        copier =
                new MapSerializer<>(
                        StringSerializer.INSTANCE,
                        serializer.equals("stored")
                                ? new StoredServerUpdateSerializer()
                                : new ServerUpdateSerializer());
    }

    @Benchmark
    public Map<String, ServerUpdate> checkpointCopy() {
        return copier.copy(updates);
    }
}
