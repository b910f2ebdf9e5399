package io.qrouter.job.serde;

import io.qrouter.avro.DeadLetter;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.convert.DeadLetters;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.EitherTypeInfo;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.types.Either;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Decodes one topic's Avro values and checks them; never throws. A usable record comes out as
 * {@code Right}, anything else (bad bytes, null value, a failed {@link RecordCheck}) as {@code
 * Left} dead letter with topic, partition, offset, reason and the raw bytes (bounded: {@link
 * DeadLetters}), so the job goes on.
 */
public final class DeadLetteringDeserializer<T extends SpecificRecordBase>
        implements KafkaRecordDeserializationSchema<Either<DeadLetter, T>> {
    private static final long serialVersionUID = 1L;

    private final Class<T> type;
    private final RecordCheck<T> check;
    private final RecordLimits limits;
    private transient AvroCodec<T> codec;

    public DeadLetteringDeserializer(Class<T> type, RecordCheck<T> check, RecordLimits limits) {
        this.type = type;
        this.check = check;
        this.limits = limits;
    }

    @Override
    public void open(DeserializationSchema.InitializationContext context) {
        codec = AvroCodec.of(type);
    }

    @Override
    public void deserialize(
            ConsumerRecord<byte[], byte[]> record, Collector<Either<DeadLetter, T>> out) {
        out.collect(decode(record, System.currentTimeMillis()));
    }

    public Either<DeadLetter, T> decode(ConsumerRecord<byte[], byte[]> record, long nowMillis) {
        if (codec == null) {
            codec = AvroCodec.of(type);
        }
        T value = null;
        String reason;
        try {
            value = codec.decode(record.value());
            reason = check.problem(value, nowMillis);
        } catch (AvroDecodeException e) {
            reason = e.getMessage();
        }
        if (reason == null) {
            return Either.Right(value);
        }
        return Either.Left(
                DeadLetters.fromKafka(
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        reason,
                        record.value(),
                        value,
                        nowMillis,
                        limits));
    }

    @Override
    public TypeInformation<Either<DeadLetter, T>> getProducedType() {
        return new EitherTypeInfo<>(new AvroTypeInfo<>(DeadLetter.class), new AvroTypeInfo<>(type));
    }
}
