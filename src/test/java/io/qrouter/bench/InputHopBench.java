package io.qrouter.bench;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.job.Records;
import io.qrouter.job.records.InputSerializers;
import java.io.IOException;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * One heartbeat or lifecycle event across the hop from its source to the per-server state: written
 * into a network buffer and read back, by {@code InputSerializers} ({@code hand-written}, the
 * job's) or by Flink's Avro serializer ({@code avro}, what it used before). Run: {@code java -cp
 * target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main InputHopBench}.
 */
public class InputHopBench extends PerOperationBench {
    private static final long NOW = 1_700_000_000_000L;

    @Param({"hand-written", "avro"})
    String serializer;

    private final Heartbeat heartbeat = Records.heartbeat("server-17", NOW, 3);
    private final TaskEvent event =
            Records.event("server-17", "bench-task-123456", TaskEventType.STARTED, NOW);
    private final DataOutputSerializer out = new DataOutputSerializer(256);
    private final DataInputDeserializer in = new DataInputDeserializer();
    private TypeSerializer<Heartbeat> heartbeats;
    private TypeSerializer<TaskEvent> events;

    @Setup
    public void setUp() {
        boolean avro = serializer.equals("avro");
        SerializerConfigImpl config = new SerializerConfigImpl();
        heartbeats =
                (avro ? new AvroTypeInfo<>(Heartbeat.class) : InputSerializers.heartbeatType())
                        .createSerializer(config);
        events =
                (avro ? new AvroTypeInfo<>(TaskEvent.class) : InputSerializers.taskEventType())
                        .createSerializer(config);
    }

    @Benchmark
    public Heartbeat heartbeat() throws IOException {
        return across(heartbeats, heartbeat);
    }

    @Benchmark
    public TaskEvent lifecycleEvent() throws IOException {
        return across(events, event);
    }

    private <T> T across(TypeSerializer<T> serializer, T record) throws IOException {
        out.clear();
        serializer.serialize(record, out);
        in.setBuffer(out.getSharedBuffer(), 0, out.length());
        return serializer.deserialize(in);
    }
}
