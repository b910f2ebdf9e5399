package io.qrouter.bench;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.serde.AvroCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Instant;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * One routing decision encoded for the decisions topic, as the router does per task: by the job's
 * codec ({@code codec}, written field by field) and by Avro's generic writer ({@code avro}, what it
 * used before). Run: {@code java -cp target/test-classes:target/classes:$(cat cp.txt)
 * org.openjdk.jmh.Main DecisionEncodeBench}.
 */
public class DecisionEncodeBench extends PerOperationBench {
    private static final Instant AT = Instant.ofEpochMilli(1_700_000_000_000L);

    private final RoutingDecision decision =
            new RoutingDecision(
                    "bench-task-123456",
                    "server-17",
                    "idle-queue",
                    "heartbeat-k-live",
                    0.0,
                    "server-4",
                    0.37,
                    12L,
                    AT,
                    AT.minusMillis(3),
                    "default",
                    0,
                    4L,
                    null,
                    null,
                    3L);
    private final AvroCodec<RoutingDecision> codec = AvroCodec.of(RoutingDecision.class);
    private final SpecificDatumWriter<RoutingDecision> avro =
            new SpecificDatumWriter<>(
                    RoutingDecision.getClassSchema(),
                    SpecificData.getForClass(RoutingDecision.class));
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    private BinaryEncoder encoder;

    @Benchmark
    public byte[] codec() {
        return codec.encode(decision);
    }

    @Benchmark
    public byte[] avro() throws IOException {
        bytes.reset();
        encoder = EncoderFactory.get().binaryEncoder(bytes, encoder);
        avro.write(decision, encoder);
        encoder.flush();
        return bytes.toByteArray();
    }
}
