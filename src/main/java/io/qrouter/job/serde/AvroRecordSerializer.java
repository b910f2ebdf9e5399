package io.qrouter.job.serde;

import io.qrouter.avro.DeadLetter;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.convert.DeadLetters;
import java.nio.charset.StandardCharsets;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.flink.metrics.Counter;
import org.apache.flink.util.function.SerializableFunction;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes one output record type to one topic: Avro value, UTF-8 key (so Kafka partitions by it).
 *
 * <p>No record larger than {@link RecordLimits#maxRecordBytes()} (key plus value) reaches the
 * producer: Flink's KafkaSink has no per-record error handler, so one record the producer refuses
 * ({@code RecordTooLargeException}) fails the job, and the restart replays the same record forever.
 * Such a record is replaced here by a bounded dead letter ({@link DeadLetters#outputTooLarge})
 * written to the dead-letter topic in the same transaction; it is logged and counted ({@code
 * outputRecordsTooLarge}), and the job goes on.
 */
public final class AvroRecordSerializer<T extends SpecificRecord>
        implements KafkaRecordSerializationSchema<T> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(AvroRecordSerializer.class);

    private final String topic;
    private final Class<T> type;
    private final SerializableFunction<T, String> key;
    private final String deadLetterTopic;
    private final RecordLimits limits;
    private transient AvroCodec<T> codec;
    private transient AvroCodec<DeadLetter> deadLetterCodec;
    private transient Counter tooLarge;

    public AvroRecordSerializer(
            String topic,
            Class<T> type,
            SerializableFunction<T, String> key,
            String deadLetterTopic,
            RecordLimits limits) {
        this.topic = topic;
        this.type = type;
        this.key = key;
        this.deadLetterTopic = deadLetterTopic;
        this.limits = limits;
    }

    @Override
    public void open(
            SerializationSchema.InitializationContext context, KafkaSinkContext sinkContext) {
        codec = AvroCodec.of(type);
        deadLetterCodec = AvroCodec.of(DeadLetter.class);
        tooLarge = context.getMetricGroup().counter("outputRecordsTooLarge");
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(
            T element, KafkaSinkContext context, Long timestamp) {
        if (codec == null) {
            codec = AvroCodec.of(type);
            deadLetterCodec = AvroCodec.of(DeadLetter.class);
        }
        byte[] keyBytes = key.apply(element).getBytes(StandardCharsets.UTF_8);
        byte[] value = codec.encode(element);
        if ((long) keyBytes.length + value.length > limits.maxRecordBytes()) {
            return deadLetterInstead(element, keyBytes.length, value);
        }
        // Dead letters carry no event time (Long.MIN_VALUE): let the producer stamp them instead.
        Long kafkaTimestamp = timestamp == null || timestamp < 0 ? null : timestamp;
        return new ProducerRecord<>(topic, null, kafkaTimestamp, keyBytes, value);
    }

    private ProducerRecord<byte[], byte[]> deadLetterInstead(
            T element, int keyBytes, byte[] value) {
        DeadLetter letter =
                DeadLetters.outputTooLarge(
                        topic, keyBytes, value, element, System.currentTimeMillis(), limits);
        LOG.warn("{}", letter.getReason());
        if (tooLarge != null) {
            tooLarge.inc();
        }
        // keyed like every dead letter: by the topic the record came from (here: was meant for)
        return new ProducerRecord<>(
                deadLetterTopic,
                null,
                null,
                topic.getBytes(StandardCharsets.UTF_8),
                deadLetterCodec.encode(letter));
    }
}
