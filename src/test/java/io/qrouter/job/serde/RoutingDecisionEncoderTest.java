package io.qrouter.job.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.avro.RoutingDecision;
import java.time.Instant;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.avro.Schema;

/** The hand-written decision encoding is Avro's own, byte for byte, for any decision. */
class RoutingDecisionEncoderTest {
    private static final AvroCodec<RoutingDecision> CODEC = AvroCodec.of(RoutingDecision.class);

    @Property(tries = 500)
    void writesTheBytesAvrosWriterWrites(@ForAll("decisions") RoutingDecision decision) {
        byte[] hand = CODEC.encode(decision);
        assertThat(hand).isEqualTo(AvrosOwnWriter.encode(decision));
        assertThat(CODEC.decode(hand)).isEqualTo(decision);
    }

    /**
     * The fields it writes, in order: a field added to the schema must be added to the encoder too,
     * and this list with it.
     */
    @Example
    void knowsEveryFieldOfTheSchema() {
        Schema schema = RoutingDecision.getClassSchema();
        String string = "{\"type\":\"string\",\"avro.java.string\":\"String\"}";
        String optionalString = "[\"null\"," + string + "]";
        String timestamp = "{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}";
        assertThat(schema.getFields().stream().map(f -> f.name() + ":" + f.schema().toString()))
                .containsExactly(
                        "taskId:" + string,
                        "serverId:" + string,
                        "rule:" + string,
                        "policy:" + string,
                        "chosenK:[\"null\",\"double\"]",
                        "runnerUpServerId:" + optionalString,
                        "runnerUpK:[\"null\",\"double\"]",
                        "snapshotAgeMillis:\"long\"",
                        "decidedAt:" + timestamp,
                        "taskCreatedAt:" + timestamp,
                        "serviceType:" + string,
                        "routerSubtask:\"int\"",
                        "updateDelayMillis:[\"null\",\"long\"]",
                        "lossProbability:[\"null\",\"double\"]",
                        "redecidedFrom:" + optionalString,
                        "sampledUpdateDelayMillis:[\"null\",\"long\"]");
    }

    @Example
    void aRequiredFieldLeftNullIsRefusedByName() {
        RoutingDecision decision = decisions().sample();
        decision.setServerId(null);
        assertThatThrownBy(() -> CODEC.encode(decision))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot encode RoutingDecision");
        RoutingDecision next = decisions().sample();
        assertThat(CODEC.encode(next)).isEqualTo(AvrosOwnWriter.encode(next));
    }

    @Provide
    Arbitrary<RoutingDecision> decisions() {
        return Arbitraries.randomValue(RoutingDecisionEncoderTest::decision);
    }

    private static RoutingDecision decision(Random random) {
        return new RoutingDecision(
                text(random),
                text(random),
                text(random),
                text(random),
                optionalDouble(random),
                random.nextBoolean() ? null : text(random),
                optionalDouble(random),
                random.nextLong(),
                instant(random),
                instant(random),
                text(random),
                random.nextInt(),
                random.nextBoolean() ? null : random.nextLong(),
                optionalDouble(random),
                random.nextBoolean() ? null : text(random),
                random.nextBoolean() ? null : random.nextLong());
    }

    /** Up to 40 characters, some outside ASCII and some outside the basic plane. */
    private static String text(Random random) {
        StringBuilder s = new StringBuilder();
        for (int i = random.nextInt(41); i > 0; i--) {
            switch (random.nextInt(4)) {
                case 0 -> s.append((char) (' ' + random.nextInt(95)));
                case 1 -> s.append((char) (0xA0 + random.nextInt(0x700)));
                case 2 -> s.appendCodePoint(0x1F300 + random.nextInt(0x300));
                default -> s.append((char) ('a' + random.nextInt(26)));
            }
        }
        return s.toString();
    }

    private static Double optionalDouble(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> null;
            case 1 -> Double.NaN;
            case 2 -> -0.0;
            case 3 -> Double.POSITIVE_INFINITY;
            default -> random.nextGaussian() * 1e6;
        };
    }

    private static Instant instant(Random random) {
        return Instant.ofEpochMilli(
                -62_135_596_800_000L + Math.floorMod(random.nextLong(), 315_537_897_599_000L));
    }
}
