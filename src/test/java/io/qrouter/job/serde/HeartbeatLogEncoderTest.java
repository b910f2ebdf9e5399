package io.qrouter.job.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.avro.EventCounts;
import io.qrouter.avro.Health;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.ServerStatus;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.avro.Schema;

/** The hand-written heartbeat-log encoding is Avro's own, byte for byte, for any record. */
class HeartbeatLogEncoderTest {
    private static final AvroCodec<HeartbeatLog> CODEC = AvroCodec.of(HeartbeatLog.class);

    @Property(tries = 500)
    void writesTheBytesAvrosWriterWrites(@ForAll("logs") HeartbeatLog log) throws IOException {
        byte[] hand = CODEC.encode(log);
        assertThat(hand).isEqualTo(AvrosOwnWriter.encode(log));
        assertThat(CODEC.decode(hand)).isEqualTo(log);
    }

    /**
     * The fields it writes, in order: a field added to the schema must be added to the encoder too,
     * and this list with it.
     */
    @Example
    void knowsEveryFieldOfTheSchema() {
        Schema schema = HeartbeatLog.getClassSchema();
        assertThat(schema.getFields().stream().map(f -> f.name() + ":" + f.schema().toString()))
                .containsExactly(
                        "timestamp:{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}",
                        "serverId:{\"type\":\"string\",\"avro.java.string\":\"String\"}",
                        "status:" + ServerStatus.getClassSchema(),
                        "heartbeatIntervalMillis:\"long\"",
                        "events:" + EventCounts.getClassSchema(),
                        "lWq:[\"null\",\"double\"]",
                        "wQt:[\"null\",\"double\"]",
                        "wV:[\"null\",\"double\"]");
        assertThat(
                        List.of(ServerStatus.getClassSchema(), EventCounts.getClassSchema())
                                .stream()
                                .flatMap(s -> s.getFields().stream())
                                .map(f -> f.schema().getLogicalType()))
                .containsOnlyNulls();
    }

    @Example
    void aRequiredFieldLeftNullIsRefusedByName() {
        HeartbeatLog log = logs().sample();
        log.setStatus(null);
        assertThatThrownBy(() -> CODEC.encode(log))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot encode HeartbeatLog");
        // nothing of the failed record is left in the thread's buffer
        HeartbeatLog next = logs().sample();
        assertThat(CODEC.encode(next)).isEqualTo(AvrosOwnWriter.encode(next));
    }

    @Provide
    Arbitrary<HeartbeatLog> logs() {
        Arbitrary<Double> optional =
                Arbitraries.oneOf(
                        Arbitraries.just(null),
                        Arbitraries.doubles(),
                        Arbitraries.of(
                                Double.NaN, Double.POSITIVE_INFINITY, -0.0, Double.MIN_VALUE));
        Arbitrary<ServerStatus> status =
                Combinators.combine(
                                Arbitraries.doubles().between(0, 1),
                                Arbitraries.doubles().between(0, 1),
                                Arbitraries.integers(),
                                optional,
                                Arbitraries.of(Health.class))
                        .as(ServerStatus::new);
        Arbitrary<EventCounts> events =
                Combinators.combine(
                                Arbitraries.integers(),
                                Arbitraries.integers().greaterOrEqual(0),
                                Arbitraries.integers().greaterOrEqual(0),
                                Arbitraries.integers().greaterOrEqual(0),
                                Arbitraries.integers().greaterOrEqual(0),
                                Arbitraries.integers().greaterOrEqual(0))
                        .as(EventCounts::new);
        return Combinators.combine(
                        Arbitraries.longs()
                                .between(-62_135_596_800_000L, 253_402_300_799_000L)
                                .map(Instant::ofEpochMilli),
                        Arbitraries.strings().ofMaxLength(40),
                        status,
                        Arbitraries.longs(),
                        events,
                        optional,
                        optional,
                        optional)
                .as(HeartbeatLog::new);
    }
}
