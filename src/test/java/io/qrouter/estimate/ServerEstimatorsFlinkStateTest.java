package io.qrouter.estimate;

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

/** The job keeps ServerEstimators in keyed state: it must be a Flink POJO all the way down, with no Kryo. */
class ServerEstimatorsFlinkStateTest {

    private static TypeSerializer<ServerEstimators> serializerWithoutGenericTypes() {
        TypeInformation<ServerEstimators> typeInfo = TypeExtractor.createTypeInfo(ServerEstimators.class);
        assertThat(typeInfo).isInstanceOf(PojoTypeInfo.class);
        SerializerConfigImpl config = new SerializerConfigImpl();
        config.setGenericTypes(false); // any field that would fall back to Kryo makes createSerializer throw
        return typeInfo.createSerializer(config);
    }

    @Test
    void everyStateClassIsAPojo() {
        for (Class<?> stateClass : List.of(ServerEstimators.class, EstimatorConfig.class, BucketedSums.class,
                ArrivalTimesRing.class, OpenTasks.class, OpenTask.class)) {
            assertThat(TypeExtractor.createTypeInfo(stateClass)).as(stateClass.getSimpleName()).isInstanceOf(PojoTypeInfo.class);
        }
    }

    @Test
    void aSerializerRoundTripKeepsTheEstimatesAndTheOpenTasks() throws IOException {
        TypeSerializer<ServerEstimators> serializer = serializerWithoutGenericTypes();
        ServerEstimators original = new ServerEstimators();
        List<LifecycleEvent> events = SyntheticStreams.reneging(21, 5, 6, 2, 120, 0, "t");
        LifecycleEvent.feedAll(events.subList(0, events.size() / 2), original);

        DataOutputSerializer out = new DataOutputSerializer(4096);
        serializer.serialize(original, out);
        ServerEstimators restored = serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));

        // both go on with the second half: a restored state must behave exactly like the one that was saved
        LifecycleEvent.feedAll(events.subList(events.size() / 2, events.size()), original);
        LifecycleEvent.feedAll(events.subList(events.size() / 2, events.size()), restored);
        EstimatorSnapshot expected = original.snapshot(120_000);
        EstimatorSnapshot actual = restored.snapshot(120_000);
        assertThat(actual.muPerSecond().isKnown()).isTrue();
        assertThat(actual).usingRecursiveComparison().withEqualsForType(Estimate::equals, Estimate.class).isEqualTo(expected);
        assertThat(serializer.copy(restored).snapshot(120_000))
                .usingRecursiveComparison().withEqualsForType(Estimate::equals, Estimate.class).isEqualTo(expected);
    }

    @Test
    void theSerializedStateStopsGrowingAtTheOpenTaskCapacity() throws IOException {
        TypeSerializer<ServerEstimators> serializer = serializerWithoutGenericTypes();
        int capacity = new EstimatorConfig().getMaxOpenTasks();
        // eviction frees a sixteenth at once, so past the capacity the table holds between 15/16 and all of it
        assertThat(serializedSize(serializer, 100_000)).isLessThanOrEqualTo(serializedSize(serializer, capacity));
    }

    /** Bytes of the state after {@code tasks} tasks were enqueued and never ended (ids of equal length). */
    private static int serializedSize(TypeSerializer<ServerEstimators> serializer, int tasks) throws IOException {
        ServerEstimators estimators = new ServerEstimators();
        for (int i = 0; i < tasks; i++) {
            estimators.onEnqueued("task-" + (1_000_000 + i), i);
        }
        DataOutputSerializer out = new DataOutputSerializer(4096);
        serializer.serialize(estimators, out);
        return out.length();
    }
}
