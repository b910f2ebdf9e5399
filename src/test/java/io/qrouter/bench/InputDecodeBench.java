package io.qrouter.bench;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.Records;
import io.qrouter.job.serde.AvroCodec;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * One input record decoded from its Kafka bytes, as every source of the job does for every record
 * (a task, its lifecycle events, heartbeats): the bounded decoder's cost per record. Run: {@code
 * java -cp target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main InputDecodeBench}.
 */
public class InputDecodeBench extends PerOperationBench {
    private static final long NOW = 1_700_000_000_000L;

    private final AvroCodec<TaskRequest> tasks = AvroCodec.of(TaskRequest.class);
    private final AvroCodec<TaskEvent> events = AvroCodec.of(TaskEvent.class);
    private final AvroCodec<Heartbeat> heartbeats = AvroCodec.of(Heartbeat.class);

    private final byte[] task = tasks.encode(Records.task("bench-task-123456", NOW));
    private final byte[] event =
            events.encode(
                    Records.event("server-17", "bench-task-123456", TaskEventType.STARTED, NOW));
    private final byte[] heartbeat = heartbeats.encode(Records.heartbeat("server-17", NOW, 3));

    @Benchmark
    public TaskRequest task() {
        return tasks.decode(task);
    }

    @Benchmark
    public TaskEvent lifecycleEvent() {
        return events.decode(event);
    }

    @Benchmark
    public Heartbeat heartbeat() {
        return heartbeats.decode(heartbeat);
    }
}
