package io.qrouter.bench;

import io.qrouter.job.Records;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.StoredServerUpdateSerializer;
import io.qrouter.job.records.StringKeySerializer;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;
import org.apache.flink.runtime.state.CompressibleFSDataOutputStream;
import org.apache.flink.runtime.state.UncompressedStreamCompressionDecorator;
import org.apache.flink.runtime.state.memory.MemCheckpointStreamFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * What the asynchronous part of a checkpoint spends writing a router's stored updates: each server
 * id and update, as {@code HeapBroadcastState.write} does, into a stream wrapped as an operator
 * state checkpoint's is (Flink's {@code CompressibleFSDataOutputStream}, in memory), with Flink's
 * string serializer for the keys or {@link StringKeySerializer}. Run: {@code java -cp
 * target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main BroadcastWriteBench}.
 */
public class BroadcastWriteBench extends PerOperationBench {
    @Param({"20000"})
    int servers;

    @Param({"flink", "qrouter"})
    String keys;

    private final Map<String, ServerUpdate> updates = new HashMap<>();
    private final StoredServerUpdateSerializer values = new StoredServerUpdateSerializer();
    private TypeSerializer<String> keySerializer;

    @Setup(Level.Trial)
    public void setUp() {
        for (int i = 0; i < servers; i++) {
            updates.put("server-" + i, Records.snapshot("server-" + i, 1_000 + i, i % 5));
        }
        keySerializer =
                keys.equals("flink") ? StringSerializer.INSTANCE : StringKeySerializer.INSTANCE;
    }

    @Benchmark
    public int checkpointWrite() throws IOException {
        var stream = new MemCheckpointStreamFactory.MemoryCheckpointOutputStream(Integer.MAX_VALUE);
        var out =
                new DataOutputViewStreamWrapper(
                        new CompressibleFSDataOutputStream(
                                stream, UncompressedStreamCompressionDecorator.INSTANCE));
        for (Map.Entry<String, ServerUpdate> entry : updates.entrySet()) {
            keySerializer.serialize(entry.getKey(), out);
            values.serialize(entry.getValue(), out);
        }
        return stream.closeAndGetBytes().length;
    }
}
