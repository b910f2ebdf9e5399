package io.qrouter.job.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.text.UnsafeCharacters;
import io.qrouter.job.Records;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.convert.DeadLetters;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.types.Either;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * Any bytes on any input topic come out as a record within the {@link RecordLimits} or as a
 * bounded, printable dead letter, never as an exception: random bytes, mutations of valid encodings
 * (flipped, cut, spliced, length prefixes that claim gigabytes) and well-formed records with any
 * values at all (huge ids, NaN, 1e308, Long.MAX_VALUE, 1970).
 */
public class AnyInputBytesTest {
    private static final Instant NOW = Instant.parse("2026-11-30T09:00:00Z");
    private static final JobConfig CONFIG = JobConfig.defaults();
    private static final RecordLimits LIMITS = RecordLimits.from(CONFIG);
    private static final List<DeadLetteringDeserializer<? extends SpecificRecordBase>>
            DESERIALIZERS =
                    List.of(
                            new DeadLetteringDeserializer<>(
                                    TaskRequest.class, InputChecks.taskRequest(LIMITS), LIMITS),
                            new DeadLetteringDeserializer<>(
                                    TaskEvent.class, InputChecks.taskEvent(LIMITS), LIMITS),
                            new DeadLetteringDeserializer<>(
                                    Heartbeat.class, InputChecks.heartbeat(LIMITS), LIMITS));
    private static final AvroRecordSerializer<DeadLetter> DEAD_LETTER_SINK =
            new AvroRecordSerializer<>(
                    "dead-letter",
                    DeadLetter.class,
                    DeadLetter::getSourceTopic,
                    "dead-letter",
                    LIMITS);

    @Property(tries = 600)
    void anyBytesBecomeARecordWithinTheLimitsOrABoundedDeadLetter(@ForAll("inputs") byte[] bytes) {
        for (DeadLetteringDeserializer<? extends SpecificRecordBase> deserializer : DESERIALIZERS) {
            Either<DeadLetter, ? extends SpecificRecordBase> out =
                    deserializer.decode(
                            new ConsumerRecord<>("topic", 1, 99L, null, bytes), NOW.toEpochMilli());
            if (out.isRight()) {
                assertWithinLimits(out.right());
            } else {
                assertBounded(out.left(), bytes);
            }
        }
    }

    /**
     * The codec reuses one decoder per thread: whatever bytes it was given before, a valid encoding
     * decodes to the record it encodes (re-encoding it gives the same bytes back).
     */
    @Property(tries = 400)
    void validEncodingsDecodeExactlyWhateverWasDecodedBefore(
            @ForAll("inputs") byte[] before, @ForAll("validRecords") SpecificRecordBase valid) {
        AvroCodec<SpecificRecordBase> codec = codecOf(valid);
        byte[] bytes = encode(valid);
        try {
            codec.decode(before);
        } catch (AvroDecodeException expected) {
            // most random bytes are not a record; the next decode must not care
        }
        // compared as bytes: a record holding NaN is not equal to itself
        assertThat(codec.encode(codec.decode(bytes))).isEqualTo(bytes);
    }

    /**
     * No prefix of a record is a record: the decoder must see the end of the bytes wherever the cut
     * falls (a decoder that read on past the end, say into padding, would accept some).
     */
    @Property(tries = 200)
    void everyCutOfAValidEncodingIsRejected(@ForAll("validRecords") SpecificRecordBase valid) {
        AvroCodec<SpecificRecordBase> codec = codecOf(valid);
        byte[] bytes = encode(valid);
        // cuts at 0, 1, 2, 4, 8, … bytes and in the last 16 (a 600 KB id has too many to try all)
        SortedSet<Integer> lengths = new TreeSet<>();
        for (int length = 0; length < bytes.length; length = Math.max(length + 1, length * 2)) {
            lengths.add(length);
        }
        for (int length = Math.max(0, bytes.length - 16); length < bytes.length; length++) {
            lengths.add(length);
        }
        for (int length : lengths) {
            byte[] cut = Arrays.copyOf(bytes, length);
            assertThatThrownBy(() -> codec.decode(cut))
                    .as("the first %d of %d bytes", length, bytes.length)
                    .isInstanceOf(AvroDecodeException.class);
        }
    }

    @Provide
    Arbitrary<SpecificRecordBase> validRecords() {
        return Arbitraries.oneOf(anyTaskRecord(), anyEventRecord(), anyHeartbeatRecord());
    }

    private static void assertWithinLimits(Object record) {
        if (record instanceof TaskRequest task) {
            assertId(task.getTaskId());
            assertId(task.getServiceType());
            assertThat(task.getTaskKey() == null ? 0 : task.getTaskKey().length())
                    .isLessThanOrEqualTo(LIMITS.maxTaskKeyLength());
            assertTime(task.getCreatedAt());
            assertInRange(task.getLoad(), LIMITS.maxTaskLoad());
        } else if (record instanceof TaskEvent event) {
            assertId(event.getServerId());
            assertId(event.getTaskId());
            assertThat(event.getType()).isNotEqualTo(TaskEventType.UNKNOWN);
            assertTime(event.getEventTime());
        } else {
            Heartbeat beat = (Heartbeat) record;
            assertId(beat.getServerId());
            assertTime(beat.getSentAt());
            assertThat(beat.getQueueLength()).isBetween(0, LIMITS.maxQueueLength());
            assertInRange(beat.getServiceRatePerSecond(), LIMITS.maxServiceRate());
            assertThat(
                            beat.getServiceRatePerSecond() == 0
                                    || beat.getServiceRatePerSecond() >= LIMITS.minServiceRate())
                    .as("service rate 0 or at least the minimum")
                    .isTrue();
            for (double fraction :
                    new double[] {beat.getCpu(), beat.getMemory(), beat.getBandwidth()}) {
                assertInRange(fraction, 1.0);
            }
            assertThat(beat.getHealth()).isNotEqualTo(Health.UNKNOWN);
            assertThat(beat.getIntervalMillis()).isBetween(1L, LIMITS.maxHeartbeatIntervalMillis());
        }
    }

    /** Finite and in [0, max] numerically (-0.0 is a zero). */
    private static void assertInRange(double value, double max) {
        assertThat(value >= 0 && value <= max).as("%s in [0, %s]", value, max).isTrue();
    }

    private static void assertId(String id) {
        assertThat(id).isNotBlank();
        assertThat(id.length()).isLessThanOrEqualTo(LIMITS.maxIdLength());
    }

    private static void assertTime(Instant time) {
        assertThat(time)
                .isAfterOrEqualTo(InputChecks.EARLIEST_EVENT_TIME)
                .isBeforeOrEqualTo(NOW.plusMillis(LIMITS.maxFutureMillis()));
    }

    private static void assertBounded(DeadLetter letter, byte[] bytes) {
        assertThat(letter.getSourceTopic()).isEqualTo("topic");
        assertThat(letter.getOffset()).isEqualTo(99L);
        assertThat(letter.getReason())
                .isNotBlank()
                .hasSizeLessThanOrEqualTo(DeadLetters.MAX_REASON_LENGTH);
        if (bytes == null) {
            assertThat(letter.getRawBytes()).isNull();
            assertThat(letter.getRawLength()).isNull();
        } else {
            assertThat(letter.getRawLength()).isEqualTo(bytes.length);
            assertThat(letter.getRawBytes())
                    .isEqualTo(
                            ByteBuffer.wrap(
                                    Arrays.copyOf(
                                            bytes,
                                            Math.min(bytes.length, LIMITS.deadLetterRawBytes()))));
            assertThat(letter.getRawSha256()).isEqualTo(sha256(bytes));
        }
        if (letter.getTaskId() != null) {
            assertThat(letter.getTaskId().length()).isLessThanOrEqualTo(LIMITS.maxIdLength());
        }
        // read as a log: whatever the input held, one line with no control or bidi character
        UnsafeCharacters.assertNone(letter.getReason());
        UnsafeCharacters.assertNone(letter.getTaskId());
        byte[] encoded = AvroCodec.of(DeadLetter.class).encode(letter);
        assertThat(encoded.length).isLessThanOrEqualTo(LIMITS.maxDeadLetterBytes());
        // and the dead-letter sink writes it as it is
        assertThat(DEAD_LETTER_SINK.serialize(letter, null, null).topic()).isEqualTo("dead-letter");
    }

    @Provide
    Arbitrary<byte[]> inputs() {
        Arbitrary<byte[]> encodings = validRecords().map(AnyInputBytesTest::encode);
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.bytes().array(byte[].class).ofMaxSize(600)),
                Tuple.of(4, encodings),
                Tuple.of(4, encodings.flatMap(AnyInputBytesTest::mutated)),
                Tuple.of(1, Arbitraries.<byte[]>just(null)));
    }

    /**
     * One byte flipped, the record cut, random bytes spliced in, or a run of 0xFF (a huge varint)
     * written over.
     */
    private static Arbitrary<byte[]> mutated(byte[] valid) {
        if (valid.length == 0) {
            return Arbitraries.just(valid);
        }
        Arbitrary<Integer> at = Arbitraries.integers().between(0, valid.length - 1);
        Arbitrary<byte[]> flipped =
                Combinators.combine(at, Arbitraries.bytes())
                        .as(
                                (i, b) -> {
                                    byte[] copy = valid.clone();
                                    copy[i] ^= b == 0 ? 1 : b;
                                    return copy;
                                });
        Arbitrary<byte[]> cut = at.map(i -> Arrays.copyOf(valid, i));
        Arbitrary<byte[]> spliced =
                Combinators.combine(at, Arbitraries.bytes().array(byte[].class).ofMaxSize(12))
                        .as(
                                (i, insert) -> {
                                    byte[] copy = new byte[valid.length + insert.length];
                                    System.arraycopy(valid, 0, copy, 0, i);
                                    System.arraycopy(insert, 0, copy, i, insert.length);
                                    System.arraycopy(
                                            valid, i, copy, i + insert.length, valid.length - i);
                                    return copy;
                                });
        Arbitrary<byte[]> hugeLength =
                Combinators.combine(at, Arbitraries.integers().between(1, 9))
                        .as(
                                (i, n) -> {
                                    byte[] copy = valid.clone();
                                    for (int k = i; k < Math.min(copy.length, i + n); k++) {
                                        copy[k] = (byte) (k == i + n - 1 ? 0x07 : 0xFF);
                                    }
                                    return copy;
                                });
        return Arbitraries.oneOf(flipped, cut, spliced, hugeLength);
    }

    private static Arbitrary<SpecificRecordBase> anyTaskRecord() {
        return Combinators.combine(
                        anyText(),
                        anyText(),
                        anyText().injectNull(0.3),
                        anyTime(),
                        Arbitraries.oneOf(
                                anyDouble(),
                                Arbitraries.doubles().between(0, LIMITS.maxTaskLoad())))
                .as(Records::task);
    }

    private static Arbitrary<SpecificRecordBase> anyEventRecord() {
        return Combinators.combine(
                        anyText(), anyText(), Arbitraries.of(TaskEventType.class), anyTime())
                .as(
                        (server, task, type, at) ->
                                TaskEvent.newBuilder()
                                        .setServerId(server)
                                        .setTaskId(task)
                                        .setType(type)
                                        .setEventTime(at)
                                        .build());
    }

    private static Arbitrary<SpecificRecordBase> anyHeartbeatRecord() {
        Arbitrary<Integer> queue =
                Arbitraries.frequencyOf(
                        Tuple.of(4, Arbitraries.integers().between(0, LIMITS.maxQueueLength())),
                        Tuple.of(1, Arbitraries.integers()));
        Arbitrary<Long> interval =
                Arbitraries.frequencyOf(
                        Tuple.of(
                                4,
                                Arbitraries.longs()
                                        .between(1, LIMITS.maxHeartbeatIntervalMillis())),
                        Tuple.of(1, Arbitraries.longs()));
        Arbitrary<Double> rate =
                Arbitraries.oneOf(
                        anyDouble(), Arbitraries.doubles().between(0, LIMITS.maxServiceRate()));
        Arbitrary<Heartbeat.Builder> base =
                Combinators.combine(
                                anyText(),
                                anyTime(),
                                queue,
                                rate,
                                anyDouble(),
                                Arbitraries.of(Health.class),
                                interval,
                                Arbitraries.of(true, false))
                        .as(
                                (server, sent, length, mu, cpu, health, every, leaving) ->
                                        Heartbeat.newBuilder()
                                                .setServerId(server)
                                                .setSentAt(sent)
                                                .setQueueLength(length)
                                                .setBusy(length > 0)
                                                .setServiceRatePerSecond(mu)
                                                .setCpu(cpu)
                                                .setHealth(health)
                                                .setIntervalMillis(every)
                                                .setLeaving(leaving));
        return Combinators.combine(base, anyDouble(), anyDouble())
                .as(
                        (beat, memory, bandwidth) ->
                                beat.setMemory(memory).setBandwidth(bandwidth).build());
    }

    /**
     * Ids within the limit mostly; any characters, lengths at the limit, and now and then 600 KB.
     */
    private static Arbitrary<String> anyText() {
        return Arbitraries.frequencyOf(
                Tuple.of(
                        8,
                        Arbitraries.strings()
                                .alpha()
                                .numeric()
                                .withChars("-_./:")
                                .ofMinLength(1)
                                .ofMaxLength(LIMITS.maxIdLength())),
                Tuple.of(2, Arbitraries.strings().ofMaxLength(12)),
                Tuple.of(
                        2,
                        Arbitraries.strings()
                                .withCharRange('a', 'z')
                                .ofMinLength(LIMITS.maxIdLength() - 1)
                                .ofMaxLength(LIMITS.maxIdLength() + 1)),
                Tuple.of(1, Arbitraries.just("x".repeat(600 * 1024))));
    }

    /**
     * Times in the accepted range mostly (with both ends and one millisecond beyond each), else
     * any.
     */
    private static Arbitrary<Instant> anyTime() {
        return Arbitraries.frequencyOf(
                Tuple.of(
                        5,
                        Arbitraries.longs()
                                .between(
                                        InputChecks.EARLIEST_EVENT_TIME.toEpochMilli() - 1,
                                        NOW.toEpochMilli() + LIMITS.maxFutureMillis() + 1)
                                .map(Instant::ofEpochMilli)),
                Tuple.of(1, Arbitraries.longs().map(Instant::ofEpochMilli)));
    }

    /** Fractions mostly; any double, and the special ones. */
    private static Arbitrary<Double> anyDouble() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.doubles().between(0, 1)),
                Tuple.of(1, Arbitraries.doubles()),
                Tuple.of(
                        1,
                        Arbitraries.of(
                                Double.NaN,
                                Double.POSITIVE_INFINITY,
                                Double.NEGATIVE_INFINITY,
                                1e308,
                                -0.0,
                                -Double.MIN_VALUE,
                                Double.MIN_VALUE,
                                LIMITS.minServiceRate(),
                                LIMITS.maxServiceRate(),
                                Math.nextUp(LIMITS.maxServiceRate()))));
    }

    private static byte[] encode(SpecificRecordBase record) {
        return codecOf(record).encode(record);
    }

    @SuppressWarnings("unchecked")
    private static AvroCodec<SpecificRecordBase> codecOf(SpecificRecordBase record) {
        return AvroCodec.of((Class<SpecificRecordBase>) record.getClass());
    }

    /** SHA-256 in lower-case hex, computed here independently of the job's DeadLetters. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
