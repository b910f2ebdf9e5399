package io.qrouter.tools.kafka;

import io.qrouter.job.serde.AvroCodec;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Kafka serializer for a generated Avro record class; a null record stays a null value (a
 * tombstone).
 */
public final class AvroSerializer<T extends SpecificRecord> implements Serializer<T> {
    private final AvroCodec<T> codec;

    public AvroSerializer(Class<T> type) {
        this.codec = AvroCodec.of(type);
    }

    @Override
    public byte[] serialize(String topic, T record) {
        return record == null ? null : codec.encode(record);
    }
}
