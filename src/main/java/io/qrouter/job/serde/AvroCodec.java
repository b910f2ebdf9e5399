package io.qrouter.job.serde;

import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.RoutingDecision;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.Encoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/**
 * Avro binary codec for one generated record class (plain binary encoding, no schema registry
 * header: every producer and consumer of a topic is built from the same {@code schemas/*.avsc}).
 *
 * <p>Thread-safe: readers and writers are stateless after construction, and each thread decodes
 * with its own reused decoder and encodes with its own reused encoder and buffer, so encoding
 * allocates nothing but the bytes it returns (the router encodes one decision per task).
 */
public final class AvroCodec<T extends SpecificRecord> {
    /**
     * One encoder writing into one growable buffer per thread, shared by every codec the thread
     * uses.
     */
    private static final ThreadLocal<Encoding> ENCODING = ThreadLocal.withInitial(Encoding::new);

    /** One bounded decoder per thread, reset for each record. */
    private static final ThreadLocal<BoundedBinaryDecoder> DECODER =
            ThreadLocal.withInitial(BoundedBinaryDecoder::new);

    private final Class<T> type;
    private final Schema schema;
    private final RecordWriter<T> writer;
    private final SpecificDatumReader<T> reader;

    private AvroCodec(Class<T> type) {
        this.type = type;
        // the class's own model carries its logical-type conversions (timestamp-millis <-> Instant)
        SpecificData model = SpecificData.getForClass(type);
        this.schema = model.getSchema(type);
        this.writer = writerOf(type, new SpecificDatumWriter<>(schema, model));
        this.reader = new SpecificDatumReader<>(schema, schema, model);
    }

    /** Writes one record's binary encoding. */
    @FunctionalInterface
    private interface RecordWriter<T> {
        void write(T record, Encoder out) throws IOException;
    }

    /** Avro's writer, or a hand-written one for a record written once per heartbeat or task. */
    @SuppressWarnings("unchecked")
    private static <T extends SpecificRecord> RecordWriter<T> writerOf(
            Class<T> type, SpecificDatumWriter<T> avro) {
        if (type == HeartbeatLog.class) {
            return (record, out) -> HeartbeatLogEncoder.write((HeartbeatLog) record, out);
        }
        if (type == RoutingDecision.class) {
            return (record, out) -> RoutingDecisionEncoder.write((RoutingDecision) record, out);
        }
        return avro::write;
    }

    public static <T extends SpecificRecord> AvroCodec<T> of(Class<T> type) {
        return new AvroCodec<>(type);
    }

    public Class<T> type() {
        return type;
    }

    public byte[] encode(T record) {
        Encoding encoding = ENCODING.get();
        encoding.out.reset();
        try {
            writer.write(record, encoding.encoder);
            encoding.encoder.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            // e.g. a required field left null: name the record so the caller knows which producer
            // is wrong; what a
            // failed write left in the encoder's buffer must not prefix the next record
            encoding.reset();
            throw new IllegalArgumentException(
                    "cannot encode " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
        return encoding.out.toByteArray();
    }

    /**
     * Decodes one record that must use all of {@code bytes}, allocating no more than {@code bytes}
     * holds ({@link BoundedBinaryDecoder}), so no input can exhaust the heap.
     *
     * @throws AvroDecodeException with a readable reason when the bytes are null, truncated,
     *     malformed or longer than one record
     */
    public T decode(byte[] bytes) {
        if (bytes == null) {
            throw new AvroDecodeException(
                    "null value where a " + type.getSimpleName() + " was expected", null);
        }
        BoundedBinaryDecoder decoder = DECODER.get().reset(bytes);
        T record;
        boolean end;
        try {
            record = reader.read(null, decoder);
            end = decoder.isEnd();
        } catch (IOException | RuntimeException e) {
            // Avro signals bad input with EOFException, AvroRuntimeException, negative-length and
            // index-out-of-bounds errors alike; one type with the cause's text is what the dead
            // letter needs.
            throw new AvroDecodeException(
                    "not a valid "
                            + type.getSimpleName()
                            + " ("
                            + bytes.length
                            + " bytes): "
                            + describe(e),
                    e);
        }
        if (!end) {
            throw new AvroDecodeException(
                    "not a valid "
                            + type.getSimpleName()
                            + " ("
                            + bytes.length
                            + " bytes): trailing bytes after the record",
                    null);
        }
        return record;
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /** A thread's encoder and the buffer it writes into. */
    private static final class Encoding {
        final ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);

        void reset() {
            out.reset();
            encoder = EncoderFactory.get().binaryEncoder(out, null);
        }
    }
}
