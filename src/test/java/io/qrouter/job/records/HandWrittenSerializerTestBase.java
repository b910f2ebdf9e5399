package io.qrouter.job.records;

import static io.qrouter.job.records.RecordComparison.differences;
import static io.qrouter.job.records.RecordComparison.isRecord;
import static io.qrouter.job.records.RecordComparison.stateFields;
import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.flink.api.common.typeutils.SerializerTestBase;
import org.apache.flink.testutils.DeeplyEqualsChecker;
import org.junit.jupiter.api.Test;

/**
 * Flink's {@link SerializerTestBase} (copies, round trips one by one and in sequence, with and
 * without reuse, serialized copies, snapshot and restore, Java serialization, concurrent
 * duplicates) over a serializer's {@link SerializerSamples}, records compared field by field
 * ({@link RecordComparison}). {@link #samplesSetEveryField} makes the round trips cover every
 * field: a field added to a record but not to its samples fails it, one added to the samples but
 * not to the serializer fails the round trips.
 */
abstract class HandWrittenSerializerTestBase<T> extends SerializerTestBase<T> {
    HandWrittenSerializerTestBase() {
        super(
                new DeeplyEqualsChecker()
                        .withCustomCheck(
                                (a, b) -> a != null && b != null && isRecord(a.getClass()),
                                (a, b, checker) -> differences(a, b) == null));
    }

    /** The records under test, from {@link SerializerSamples}. */
    abstract List<T> samples();

    @Override
    @SuppressWarnings("unchecked")
    protected T[] getTestData() {
        return samples().toArray(n -> (T[]) Array.newInstance(getTypeClass(), n));
    }

    @Override
    protected int getLength() {
        return -1;
    }

    @Override
    protected void deepEquals(String message, T should, T is) {
        assertThat(differences(should, is)).as(message).isNull();
    }

    @Test
    void samplesSetEveryField() throws Exception {
        assertThat(fieldsAtTheirDefault(getTypeClass(), samples(), ""))
                .as("fields no sample sets: set them in SerializerSamples")
                .isEmpty();
    }

    /**
     * The paths of the fields that every one of {@code records} leaves at the value a new instance
     * has; nested records are walked over the samples that have one.
     */
    private static List<String> fieldsAtTheirDefault(Class<?> type, List<?> records, String prefix)
            throws Exception {
        Object defaults = type.getConstructor().newInstance();
        List<String> paths = new ArrayList<>();
        for (Field field : stateFields(type)) {
            String path = prefix + field.getName();
            if (isRecord(field.getType())) {
                List<Object> nested = new ArrayList<>();
                for (Object record : records) {
                    if (field.get(record) != null) {
                        nested.add(field.get(record));
                    }
                }
                if (nested.isEmpty()) {
                    paths.add(path);
                } else {
                    paths.addAll(fieldsAtTheirDefault(field.getType(), nested, path + "."));
                }
                continue;
            }
            boolean set = false;
            for (Object record : records) {
                set |= !Objects.deepEquals(field.get(record), field.get(defaults));
            }
            if (!set) {
                paths.add(path);
            }
        }
        return paths;
    }
}
