package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/**
 * The job keeps the ServerEstimators header in keyed ValueState and its entries (window buckets,
 * arrival pages, open tasks) in MapState: every class must be a Flink POJO all the way down, with
 * no Kryo, and the header must stay small.
 */
class ServerEstimatorsFlinkStateTest {

    private static TypeSerializer<ServerEstimators> serializerWithoutGenericTypes() {
        TypeInformation<ServerEstimators> typeInfo =
                TypeExtractor.createTypeInfo(ServerEstimators.class);
        assertThat(typeInfo).isInstanceOf(PojoTypeInfo.class);
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.setGenericTypes(
                false); // any field that would fall back to Kryo makes createSerializer throw
        return typeInfo.createSerializer(config);
    }

    @Test
    void everyStateClassIsAPojo() {
        for (Class<?> stateClass :
                List.of(
                        ServerEstimators.class,
                        EstimatorConfig.class,
                        BucketedSums.class,
                        OpenTasks.class,
                        OpenTask.class,
                        WindowBucket.class)) {
            assertThat(TypeExtractor.createTypeInfo(stateClass))
                    .as(stateClass.getSimpleName())
                    .isInstanceOf(PojoTypeInfo.class);
        }
    }

    @Test
    void aHeaderReadBackAndReattachedToItsEntriesGoesOnAsIfNeverStored() throws IOException {
        TypeSerializer<ServerEstimators> serializer = serializerWithoutGenericTypes();
        List<LifecycleEvent> events = SyntheticStreams.reneging(21, 5, 6, 2, 120, 0, "t");
        EstimatorStore store = EstimatorStore.inMemory();
        ServerEstimators stored = new ServerEstimators(new EstimatorConfig(), store);
        LifecycleEvent.feedAll(events.subList(0, events.size() / 2), stored);

        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(stored, out);
        ServerEstimators restored =
                serializer
                        .deserialize(new DataInputDeserializer(out.getCopyOfBuffer()))
                        .attach(store);
        LifecycleEvent.feedAll(events.subList(events.size() / 2, events.size()), restored);

        // independently: one set of estimators that saw every event without ever being stored
        ServerEstimators never = new ServerEstimators();
        LifecycleEvent.feedAll(events, never);
        EstimatorSnapshot expected = never.snapshot(120_000);
        assertThat(expected.muPerSecond().isKnown()).isTrue();
        assertThat(restored.snapshot(120_000))
                .usingRecursiveComparison()
                .withEqualsForType(Estimate::equals, Estimate.class)
                .isEqualTo(expected);
    }

    @Test
    void theHeaderIsTheSameFewBytesWhateverTheOpenTasksAndTheWindow() throws IOException {
        TypeSerializer<ServerEstimators> serializer = serializerWithoutGenericTypes();
        int small = serializedSize(serializer, 10);
        assertThat(serializedSize(serializer, 100_000)).isEqualTo(small);
        assertThat(small).isLessThan(400);
    }

    /** Bytes of the header after {@code tasks} tasks were enqueued and never ended. */
    private static int serializedSize(TypeSerializer<ServerEstimators> serializer, int tasks)
            throws IOException {
        ServerEstimators estimators = new ServerEstimators();
        for (int i = 0; i < tasks; i++) {
            estimators.onEnqueued("task-" + (1_000_000 + i), i);
        }
        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(estimators, out);
        return out.length();
    }
}
