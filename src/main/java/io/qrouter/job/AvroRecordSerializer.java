package io.qrouter.job;

import io.qrouter.io.AvroCodec;
import java.nio.charset.StandardCharsets;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.util.function.SerializableFunction;
import org.apache.kafka.clients.producer.ProducerRecord;

/** Writes one output record type to one topic: Avro value, UTF-8 key (so Kafka partitions by it). */
final class AvroRecordSerializer<T extends SpecificRecord> implements KafkaRecordSerializationSchema<T> {
    private static final long serialVersionUID = 1L;

    private final String topic;
    private final Class<T> type;
    private final SerializableFunction<T, String> key;
    private transient AvroCodec<T> codec;

    AvroRecordSerializer(String topic, Class<T> type, SerializableFunction<T, String> key) {
        this.topic = topic;
        this.type = type;
        this.key = key;
    }

    @Override
    public void open(SerializationSchema.InitializationContext context, KafkaSinkContext sinkContext) {
        codec = AvroCodec.of(type);
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(T element, KafkaSinkContext context, Long timestamp) {
        if (codec == null) {
            codec = AvroCodec.of(type);
        }
        // Dead letters carry no event time (Long.MIN_VALUE): let the producer stamp them instead.
        Long kafkaTimestamp = timestamp == null || timestamp < 0 ? null : timestamp;
        return new ProducerRecord<>(topic, null, kafkaTimestamp, key.apply(element).getBytes(StandardCharsets.UTF_8),
                codec.encode(element));
    }
}
