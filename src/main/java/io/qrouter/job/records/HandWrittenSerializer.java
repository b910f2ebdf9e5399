package io.qrouter.job.records;

import java.io.IOException;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * A serializer written field by field for a record that crosses the network or keyed state on every
 * lifecycle event. Flink's POJO serializer reads and writes each field by reflection and creates
 * each instance (and each nested one) through a reflective constructor call: under RocksDB that was
 * about 40 % of the per-server state operator's time (JFR, {@code bench pipeline}).
 *
 * <p>The format is fixed: a field added to the record must be added to its subclass, which {@code
 * HandWrittenSerializersTest} enforces by setting every field and reading it back. A changed format
 * needs a new snapshot version; state written by an older qrouter with Flink's POJO serializer does
 * not restore into this one (see README, "Upgrading").
 */
abstract class HandWrittenSerializer<T> extends TypeSerializerSingleton<T> {
    private static final long serialVersionUID = 1L;

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

    /**
     * A {@link SimpleTypeSerializerSnapshot} ("same serializer, same format"); each subclass has
     * one with a public no-argument constructor, which restoring instantiates by name.
     */
    @Override
    public abstract TypeSerializerSnapshot<T> snapshotConfiguration();
}
