package io.qrouter.tools.kafka;

import io.qrouter.job.serde.AvroCodec;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Kafka deserializer for a generated Avro record class. Bad bytes throw {@link
 * AvroDecodeException}; the Kafka consumer wraps it in a RecordDeserializationException that
 * carries the partition and offset, so a consumer can seek past it.
 */
public final class AvroDeserializer<T extends SpecificRecord> implements Deserializer<T> {
    private final AvroCodec<T> codec;

    public AvroDeserializer(Class<T> type) {
        this.codec = AvroCodec.of(type);
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        return data == null ? null : codec.decode(data);
    }
}
