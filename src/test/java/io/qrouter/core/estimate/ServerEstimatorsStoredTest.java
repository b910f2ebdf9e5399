package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.job.records.EstimatorSerializers;
import java.io.IOException;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/**
 * The job keeps a server's estimators whole in its state, written by the job's serializer: read
 * back half-way through a stream, they go on as if never stored.
 */
class ServerEstimatorsStoredTest {

    @Test
    void estimatorsReadBackHalfWayGoOnAsIfNeverStored() throws IOException {
        TypeSerializer<ServerEstimators> serializer = new EstimatorSerializers.Header();
        List<LifecycleEvent> events = SyntheticStreams.reneging(21, 5, 6, 2, 120, 0, "t");
        ServerEstimators stored = new ServerEstimators(new EstimatorConfig());
        LifecycleEvent.feedAll(events.subList(0, events.size() / 2), stored);
        assertThat(stored.getOpenTasks().getByTaskId()).isNotEmpty();

        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(stored, out);
        ServerEstimators restored =
                serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        ServerEstimators copied = serializer.copy(stored);
        LifecycleEvent.feedAll(events.subList(events.size() / 2, events.size()), restored);
        LifecycleEvent.feedAll(events.subList(events.size() / 2, events.size()), copied);

        // independently: one set of estimators that saw every event without ever being stored
        ServerEstimators never = new ServerEstimators();
        LifecycleEvent.feedAll(events, never);
        EstimatorSnapshot expected = never.snapshot(120_000);
        assertThat(expected.muPerSecond().isKnown()).isTrue();
        assertThat(expected.alphaCPerSecond().isKnown()).isTrue();
        for (ServerEstimators readBack : List.of(restored, copied)) {
            assertThat(readBack.snapshot(120_000))
                    .usingRecursiveComparison()
                    .withEqualsForType(Estimate::equals, Estimate.class)
                    .isEqualTo(expected);
        }
        // the copy shares nothing with its original: feeding it left the original as it was
        assertThat(stored.snapshot(120_000)).isNotEqualTo(expected);
    }
}
