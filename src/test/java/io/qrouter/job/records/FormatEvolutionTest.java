package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshotSerializationUtil;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.junit.jupiter.api.Test;

/**
 * The procedure of {@link HandWrittenSerializer} carried out once, on a record of this test: {@link
 * Reading} gained {@code weight} in format 4. State written in format 3 (by the qrouter before)
 * restores after migration, its records read with the field's default, and Flink's migration (read
 * with the restored serializer, write with the new one) gives format-4 bytes.
 */
class FormatEvolutionTest {
    private final ReadingSerializer current = new ReadingSerializer();
    private final ReadingSerializer beforeTheField = current.withFormat(3);

    @Test
    void stateOfTheFormatBeforeMigratesWithTheNewFieldAtItsDefault() throws Exception {
        byte[] oldState = write(beforeTheField, reading("probe-1", 1_000L, 7.5));
        TypeSerializerSnapshot<Reading> restored =
                roundTrip(beforeTheField.snapshotConfiguration());

        TypeSerializerSchemaCompatibility<Reading> compatibility =
                current.snapshotConfiguration().resolveSchemaCompatibility(restored);
        assertThat(compatibility.isCompatibleAfterMigration()).isTrue();
        TypeSerializer<Reading> reader = restored.restoreSerializer();
        assertThat(reader).isEqualTo(beforeTheField).isNotEqualTo(current);

        Reading migrated = reader.deserialize(new DataInputDeserializer(oldState));
        assertThat(migrated.sensor).isEqualTo("probe-1");
        assertThat(migrated.at).isEqualTo(1_000L);
        assertThat(migrated.weight).as("format 3 has no weight: the default").isEqualTo(1.0);
        // format 4: the sensor (1 + 7 bytes), the time, the weight
        byte[] newState = write(current, migrated);
        assertThat(newState).hasSize(8 + 8 + 8);
        Reading read = current.deserialize(new DataInputDeserializer(newState));
        assertThat(read.weight).isEqualTo(1.0);
        assertThat(read.sensor).isEqualTo("probe-1");
    }

    @Test
    void theFormatBeforeWritesItselfSoStateNobodyRegisteredAgainStaysReadable() throws Exception {
        // a restored state the job never asks for again is snapshotted with its restored
        // serializer and snapshot: both must still be format 3
        assertThat(roundTrip(beforeTheField.snapshotConfiguration()).getCurrentVersion())
                .isEqualTo(3);
        byte[] bytes = write(beforeTheField, reading("probe-2", 2_000L, 3.0));
        assertThat(bytes).hasSize(8 + 8);
        Reading read = beforeTheField.deserialize(new DataInputDeserializer(bytes));
        assertThat(read.at).isEqualTo(2_000L);
        assertThat(read.weight).isEqualTo(1.0);
    }

    @Test
    void theCurrentFormatIsCompatibleAsIsAndANewerOneIsNotTakenForIt() throws Exception {
        TypeSerializerSnapshot<Reading> restored = roundTrip(current.snapshotConfiguration());
        assertThat(restored.getCurrentVersion()).isEqualTo(4);
        assertThat(
                        current.snapshotConfiguration()
                                .resolveSchemaCompatibility(restored)
                                .isCompatibleAsIs())
                .isTrue();
        assertThat(restored.restoreSerializer()).isEqualTo(current);
        // the other way round (state newer than the serializer) is no migration
        assertThat(
                        beforeTheField
                                .snapshotConfiguration()
                                .resolveSchemaCompatibility(restored)
                                .isIncompatible())
                .isTrue();
    }

    private static Reading reading(String sensor, long at, double weight) {
        Reading r = new Reading();
        r.sensor = sensor;
        r.at = at;
        r.weight = weight;
        return r;
    }

    private static byte[] write(ReadingSerializer serializer, Reading r) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(r, out);
        return out.getCopyOfBuffer();
    }

    /** Through the bytes of a savepoint's serializer snapshot. */
    static <T> TypeSerializerSnapshot<T> roundTrip(TypeSerializerSnapshot<T> s) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        TypeSerializerSnapshotSerializationUtil.writeSerializerSnapshot(out, s);
        return TypeSerializerSnapshotSerializationUtil.readSerializerSnapshot(
                new DataInputDeserializer(out.getCopyOfBuffer()),
                FormatEvolutionTest.class.getClassLoader());
    }

    /** A record that gained a field. */
    public static final class Reading {
        String sensor;
        long at;
        double weight = 1.0;
    }

    /** Format 3: sensor and time; format 4 adds the weight. */
    public static final class ReadingSerializer extends HandWrittenSerializer<Reading> {
        private static final long serialVersionUID = 1L;
        static final int FORMAT = 4;

        public ReadingSerializer() {
            this(FORMAT);
        }

        private ReadingSerializer(int format) {
            super(format);
        }

        @Override
        int currentFormat() {
            return FORMAT;
        }

        @Override
        ReadingSerializer withFormat(int format) {
            return new ReadingSerializer(format);
        }

        @Override
        Snapshot newSnapshot() {
            return new Snapshot();
        }

        @Override
        public Reading createInstance() {
            return new Reading();
        }

        @Override
        public Reading copy(Reading from) {
            return reading(from.sensor, from.at, from.weight);
        }

        @Override
        void write(Reading r, DataOutputView out) throws IOException {
            Fields.writeString(r.sensor, out);
            out.writeLong(r.at);
            if (format >= 4) {
                out.writeDouble(r.weight);
            }
        }

        @Override
        public Reading deserialize(DataInputView in) throws IOException {
            Reading r = new Reading();
            r.sensor = Fields.readString(in);
            r.at = in.readLong();
            if (format >= 4) {
                r.weight = in.readDouble();
            }
            return r;
        }

        /** Restored by name: a public no-argument constructor. */
        public static final class Snapshot extends FormatSnapshot<Reading> {
            public Snapshot() {
                super(new ReadingSerializer());
            }
        }
    }
}
