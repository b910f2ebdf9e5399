package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.control.RouterControl;
import io.qrouter.core.estimate.OpenTask;
import io.qrouter.core.estimate.ServerEstimators;
import io.qrouter.core.estimate.WindowBucket;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshotSerializationUtil;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * The hand-written serializers read back every field they are given. The records are filled by
 * reflection, every field set to a value other than its default, so a field added to a record and
 * not to its serializer fails here.
 */
class HandWrittenSerializersTest {
    private final SplittableRandom random = new SplittableRandom();

    @RepeatedTest(20)
    void serverUpdateRoundTripsEveryField() throws Exception {
        roundTrips(filled(ServerUpdate.class), new ServerUpdateSerializer());
        roundTrips(new ServerUpdate(), new ServerUpdateSerializer());
    }

    @RepeatedTest(20)
    void serverStateRoundTripsEveryField() throws Exception {
        roundTrips(filled(ServerState.class), new ServerStateSerializer());
        roundTrips(new ServerState(), new ServerStateSerializer());
    }

    @RepeatedTest(20)
    void estimatorEntriesRoundTripEveryField() throws Exception {
        roundTrips(filled(ServerEstimators.class), new EstimatorSerializers.Header());
        roundTrips(new ServerEstimators(), new EstimatorSerializers.Header());
        roundTrips(filled(WindowBucket.class), new EstimatorSerializers.Bucket());
        roundTrips(filled(OpenTask.class), new EstimatorSerializers.Task());
    }

    @Test
    void flinkPicksTheHandWrittenSerializers() {
        assertThat(serializerOf(ServerUpdate.class)).isInstanceOf(ServerUpdateSerializer.class);
        assertThat(serializerOf(ServerState.class)).isInstanceOf(ServerStateSerializer.class);
    }

    @Test
    void snapshotsRestoreToACompatibleSerializer() throws Exception {
        for (TypeSerializer<?> serializer :
                List.of(
                        new ServerUpdateSerializer(),
                        new ServerStateSerializer(),
                        new EstimatorSerializers.Header(),
                        new EstimatorSerializers.Bucket(),
                        new EstimatorSerializers.Task())) {
            restoresCompatible(serializer);
        }
    }

    private static <T> TypeSerializer<T> serializerOf(Class<T> type) {
        return TypeInformation.of(type).createSerializer(new SerializerConfigImpl());
    }

    private static <T> void restoresCompatible(TypeSerializer<T> serializer) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshotSerializationUtil.writeSerializerSnapshot(
                out, serializer.snapshotConfiguration());
        TypeSerializerSnapshot<T> restored =
                TypeSerializerSnapshotSerializationUtil.readSerializerSnapshot(
                        new DataInputDeserializer(out.getCopyOfBuffer()),
                        HandWrittenSerializersTest.class.getClassLoader());
        assertThat(
                        serializer
                                .snapshotConfiguration()
                                .resolveSchemaCompatibility(restored)
                                .isCompatibleAsIs())
                .isTrue();
        assertThat(restored.restoreSerializer()).isEqualTo(serializer);
    }

    private static <T> void roundTrips(T record, TypeSerializer<T> serializer) throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(record, out);
        T read = serializer.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));
        String[] notState = transientFields(record.getClass(), "").toArray(String[]::new);
        assertThat(read).usingRecursiveComparison().ignoringFields(notState).isEqualTo(record);
        assertThat(serializer.copy(record))
                .usingRecursiveComparison()
                .ignoringFields(notState)
                .isEqualTo(record);
        DataOutputSerializer copied = new DataOutputSerializer(64);
        serializer.copy(new DataInputDeserializer(out.getCopyOfBuffer()), copied);
        assertThat(copied.getCopyOfBuffer()).isEqualTo(out.getCopyOfBuffer());
    }

    /**
     * Paths of the transient fields (where an entry is attached, caches): not part of the state.
     */
    private static List<String> transientFields(Class<?> type, String prefix) {
        List<String> paths = new ArrayList<>();
        for (Field field : type.getDeclaredFields()) {
            if (Modifier.isTransient(field.getModifiers())) {
                paths.add(prefix + field.getName());
            } else if (field.getType().getPackageName().startsWith("io.qrouter")
                    && !field.getType().isEnum()) {
                paths.addAll(transientFields(field.getType(), prefix + field.getName() + "."));
            }
        }
        return paths;
    }

    /** An instance whose every instance field differs from a new instance's. */
    private <T> T filled(Class<T> type) throws Exception {
        T defaults = type.getConstructor().newInstance();
        T record = type.getConstructor().newInstance();
        for (Field field : type.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers())
                    || Modifier.isTransient(field.getModifiers())) {
                continue;
            }
            field.setAccessible(true);
            Object value = field.get(defaults);
            Object other = valueOtherThan(field, value);
            field.set(record, other);
            assertThat(field.get(record)).as(field.getName()).isNotEqualTo(value);
            // (arrays and nested records compare by identity here; their contents are random)
        }
        return record;
    }

    private Object valueOtherThan(Field field, Object current) throws Exception {
        Class<?> type = field.getType();
        if (type == boolean.class) {
            return !(Boolean) current;
        }
        if (type == int.class) {
            return (Integer) current + 1 + random.nextInt(1000);
        }
        if (type == long.class) {
            return (Long) current + 1 + random.nextInt(1_000_000);
        }
        if (type == double.class) {
            return (Double) current + 0.5 + random.nextDouble();
        }
        if (type == Double.class) {
            return current == null ? random.nextDouble() : null;
        }
        if (type == String.class) {
            return "v" + random.nextInt(1000) + "-" + current;
        }
        if (type.isEnum()) {
            Object[] constants = type.getEnumConstants();
            for (Object constant : constants) {
                if (constant != current) {
                    return constant;
                }
            }
        }
        if (type == List.class
                && ((ParameterizedType) field.getGenericType()).getActualTypeArguments()[0]
                        == String.class) {
            List<String> values = new ArrayList<>();
            for (int i = 0, n = 1 + random.nextInt(5); i < n; i++) {
                values.add("task-" + random.nextInt(1_000_000));
            }
            return values;
        }
        if (type == double[].class) {
            return random.doubles(1 + random.nextInt(6)).toArray();
        }
        if (type == RouterControl.class
                || type.getPackageName().equals(ServerEstimators.class.getPackageName())) {
            return filled(type);
        }
        throw new AssertionError(
                "a field of a type the test does not know: "
                        + field
                        + "; teach valueOtherThan and the serializer");
    }
}
