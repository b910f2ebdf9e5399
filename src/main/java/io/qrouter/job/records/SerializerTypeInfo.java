package io.qrouter.job.records;

import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * The type information of a record with a {@link HandWrittenSerializer}: an atomic type (no fields
 * Flink could key or project on) that always uses that serializer.
 */
final class SerializerTypeInfo<T> extends TypeInformation<T> {
    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    private final HandWrittenSerializer<T> serializer;

    SerializerTypeInfo(Class<T> type, HandWrittenSerializer<T> serializer) {
        this.type = type;
        this.serializer = serializer;
    }

    @Override
    public boolean isBasicType() {
        return false;
    }

    @Override
    public boolean isTupleType() {
        return false;
    }

    @Override
    public int getArity() {
        return 1;
    }

    @Override
    public int getTotalFields() {
        return 1;
    }

    @Override
    public Class<T> getTypeClass() {
        return type;
    }

    @Override
    public boolean isKeyType() {
        return false;
    }

    @Override
    public TypeSerializer<T> createSerializer(SerializerConfig config) {
        return serializer;
    }

    @Override
    public String toString() {
        return type.getSimpleName() + "(" + serializer.getClass().getSimpleName() + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SerializerTypeInfo<?> other
                && other.type == type
                && other.serializer.getClass() == serializer.getClass();
    }

    @Override
    public int hashCode() {
        return type.hashCode();
    }

    @Override
    public boolean canEqual(Object o) {
        return o instanceof SerializerTypeInfo;
    }
}
