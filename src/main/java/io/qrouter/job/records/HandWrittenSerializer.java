package io.qrouter.job.records;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

/**
 * A serializer written field by field for a record that crosses the network or keyed state on every
 * lifecycle event. Flink's POJO serializer reads and writes each field by reflection and creates
 * each instance (and each nested one) through a reflective constructor call: under RocksDB that was
 * about 40 % of the per-server state operator's time (JFR, {@code bench pipeline}).
 *
 * <p>Each instance reads and writes one numbered format ({@link #format}): its class's {@link
 * #currentFormat()}, or an older one when Flink restores state an older qrouter wrote. A snapshot's
 * version is that number, so a savepoint says which format its state is in. To add a field to a
 * record: bump its serializer's {@code FORMAT} to N; write and read the field under {@code if
 * (format >= N)} (a format-(N-1) instance then reads the record's default, and writes what it
 * read); set it in {@code SerializerSamples}; run {@code SerializerSnapshotsGenerator} for format
 * N's bytes; in {@code SerializerSamples.asReadIn}, reset the field for the older formats. Flink
 * then migrates format-(N-1) state ({@link
 * TypeSerializerSchemaCompatibility#compatibleAfterMigration}) and refuses, by name, a format this
 * code does not read. State written by Flink's POJO serializer (qrouter before 2026-11-30) does not
 * restore into these (docs/upgrading.md); why these stay, and the figures: docs/design.md, "State
 * strategy".
 */
abstract class HandWrittenSerializer<T> extends TypeSerializer<T> {
    private static final long serialVersionUID = 1L;

    /**
     * The first format: {@code SimpleTypeSerializerSnapshot}'s version 3, which the snapshots
     * before versioning carried under the same class names (with no payload), so they restore
     * as-is.
     */
    static final int FIRST_FORMAT = 3;

    /** The format this instance reads and writes. */
    final int format;

    HandWrittenSerializer(int format) {
        this.format = format;
    }

    /** The format this class writes for new state. */
    abstract int currentFormat();

    /** Writes {@code record}'s fields in {@link #format}. */
    abstract void write(T record, DataOutputView out) throws IOException;

    /**
     * Writes into memory as is; into a stream (a heap checkpoint's, where each field would pass
     * through four wrapping streams: half of the checkpoint thread's samples at 20,000 servers) the
     * record is staged in memory and written in one call.
     */
    @Override
    public final void serialize(T record, DataOutputView out) throws IOException {
        if (out instanceof DataOutputSerializer) {
            write(record, out);
            return;
        }
        DataOutputSerializer staging = Staging.begin();
        write(record, staging);
        Staging.end(staging, out);
    }

    /** An instance of this class that reads and writes {@code format}. */
    abstract HandWrittenSerializer<T> withFormat(int format);

    /** A fresh snapshot of this class (at its current format). */
    abstract FormatSnapshot<T> newSnapshot();

    /** A fresh instance with the record's defaults. */
    @Override
    public abstract T createInstance();

    /** A deep copy. */
    @Override
    public abstract T copy(T from);

    @Override
    public T copy(T from, T reuse) {
        return copy(from);
    }

    @Override
    public boolean isImmutableType() {
        return false;
    }

    /** No mutable fields: one instance serves every thread. */
    @Override
    public HandWrittenSerializer<T> duplicate() {
        return this;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public T deserialize(T reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        serialize(deserialize(source), target);
    }

    @Override
    public TypeSerializerSnapshot<T> snapshotConfiguration() {
        FormatSnapshot<T> snapshot = newSnapshot();
        snapshot.format = format;
        return snapshot;
    }

    @Override
    public boolean equals(Object o) {
        return o != null
                && o.getClass() == getClass()
                && ((HandWrittenSerializer<?>) o).format == format;
    }

    @Override
    public int hashCode() {
        return 31 * getClass().hashCode() + format;
    }

    /** With its format: Flink's messages about state compatibility name the serializers. */
    @Override
    public String toString() {
        return name() + " (format " + format + ")";
    }

    /** The class's name in this package ({@code EstimatorSerializers$Header}). */
    private String name() {
        return getClass().getName().substring(getClass().getPackageName().length() + 1);
    }

    /**
     * A snapshot whose version is the format and which holds nothing else. Each serializer has a
     * subclass with a public no-argument constructor, which restoring instantiates by name.
     */
    abstract static class FormatSnapshot<T> implements TypeSerializerSnapshot<T> {
        private final HandWrittenSerializer<T> current;
        private int format;

        FormatSnapshot(HandWrittenSerializer<T> current) {
            this.current = current;
            this.format = current.currentFormat();
        }

        /** The format: a restored snapshot written again (state nobody re-registered) keeps it. */
        @Override
        public int getCurrentVersion() {
            return format;
        }

        /** Nothing: Flink writes the version before this, and it is the whole snapshot. */
        @Override
        public void writeSnapshot(DataOutputView out) {}

        @Override
        public void readSnapshot(int version, DataInputView in, ClassLoader classLoader)
                throws IOException {
            int newest = current.currentFormat();
            if (version < FIRST_FORMAT || version > newest) {
                throw new IOException(
                        String.format(
                                "%s: the state is in format %d, and this qrouter reads formats %d"
                                        + " to %d: restore it with a qrouter that reads it, or"
                                        + " start fresh (--restore none)",
                                current.name(), version, FIRST_FORMAT, newest));
            }
            format = version;
        }

        @Override
        public TypeSerializer<T> restoreSerializer() {
            return current.withFormat(format);
        }

        /**
         * Called on the new serializer's snapshot: the same format as is, an older one after
         * migration (read with the old format's serializer, written with this one).
         */
        @Override
        public TypeSerializerSchemaCompatibility<T> resolveSchemaCompatibility(
                TypeSerializerSnapshot<T> old) {
            if (old.getClass() != getClass()) {
                return TypeSerializerSchemaCompatibility.incompatible();
            }
            int oldFormat = ((FormatSnapshot<T>) old).format;
            if (oldFormat == format) {
                return TypeSerializerSchemaCompatibility.compatibleAsIs();
            }
            return oldFormat < format
                    ? TypeSerializerSchemaCompatibility.compatibleAfterMigration()
                    : TypeSerializerSchemaCompatibility.incompatible();
        }
    }
}
