package io.qrouter.job.records;

import java.io.IOException;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.StringComparator;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

/**
 * Flink's {@link StringSerializer}, byte for byte, for string keys a checkpoint writes by the
 * thousand: server ids, keying the per-server state and its timers and the routers' stored updates.
 * Flink's writes a key a byte at a time, each through the checkpoint stream's wrappers; this one
 * writes it in one call ({@link Fields#writeString}). State written with Flink's restores as is.
 */
public final class StringKeySerializer extends TypeSerializerSingleton<String> {
    private static final long serialVersionUID = 1L;

    public static final StringKeySerializer INSTANCE = new StringKeySerializer();

    /** The key type to {@code keyBy} with: a string, serialized by this. */
    public static final TypeInformation<String> TYPE =
            new BasicTypeInfo<>(String.class, new Class<?>[0], INSTANCE, StringComparator.class) {
                private static final long serialVersionUID = 1L;
            };

    private StringKeySerializer() {}

    @Override
    public boolean isImmutableType() {
        return true;
    }

    @Override
    public String createInstance() {
        return "";
    }

    @Override
    public String copy(String from) {
        return from;
    }

    @Override
    public String copy(String from, String reuse) {
        return from;
    }

    @Override
    public int getLength() {
        return -1;
    }

    @Override
    public void serialize(String record, DataOutputView target) throws IOException {
        if (target instanceof DataOutputSerializer) {
            Fields.writeString(record, target);
            return;
        }
        DataOutputSerializer staging = Staging.begin();
        Fields.writeString(record, staging);
        Staging.end(staging, target);
    }

    @Override
    public String deserialize(DataInputView source) throws IOException {
        return StringValue.readString(source);
    }

    @Override
    public String deserialize(String reuse, DataInputView source) throws IOException {
        return deserialize(source);
    }

    @Override
    public void copy(DataInputView source, DataOutputView target) throws IOException {
        StringValue.copyString(source, target);
    }

    @Override
    public TypeSerializerSnapshot<String> snapshotConfiguration() {
        return new Snapshot();
    }

    /**
     * Also takes state whose keys Flink's {@link StringSerializer} wrote: the bytes are the same.
     */
    public static final class Snapshot extends SimpleTypeSerializerSnapshot<String> {
        public Snapshot() {
            super(() -> INSTANCE);
        }

        @Override
        public TypeSerializerSchemaCompatibility<String> resolveSchemaCompatibility(
                TypeSerializerSnapshot<String> oldSerializerSnapshot) {
            if (oldSerializerSnapshot instanceof StringSerializer.StringSerializerSnapshot) {
                return TypeSerializerSchemaCompatibility.compatibleAsIs();
            }
            return super.resolveSchemaCompatibility(oldSerializerSnapshot);
        }
    }
}
