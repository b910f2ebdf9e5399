package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/**
 * The state keys' serializer writes Flink's {@link StringSerializer} bytes, into memory and into a
 * stream alike, so that keys either wrote read back with the other (RocksDB compares the bytes),
 * and it takes over state Flink's wrote as it is.
 */
class StringKeySerializerTest {
    private static final StringKeySerializer KEYS = StringKeySerializer.INSTANCE;

    @Property(tries = 1_000)
    void writesFlinksBytesToMemoryAndToAStream(@ForAll("keys") List<String> keys)
            throws IOException {
        byte[] flinks = StagedSerializationTest.toStream(StringSerializer.INSTANCE, keys);
        assertThat(StagedSerializationTest.toStream(KEYS, keys)).isEqualTo(flinks);
        DataOutputSerializer memory = new DataOutputSerializer(64);
        for (String key : keys) {
            KEYS.serialize(key, memory);
        }
        assertThat(memory.getCopyOfBuffer()).isEqualTo(flinks);
        DataInputDeserializer in = new DataInputDeserializer(flinks);
        for (String key : keys) {
            assertThat(KEYS.deserialize(in)).isEqualTo(key);
        }
    }

    /** Server ids, any short or long string, and the encoding's one-byte bound. */
    @Provide
    Arbitrary<List<String>> keys() {
        Arbitrary<String> ids = Arbitraries.integers().between(0, 99_999).map(i -> "server-" + i);
        Arbitrary<String> any =
                Arbitraries.strings()
                        .withCharRange('\u0000', '\u00ff')
                        .withChars('\u0100', '\u07ff', '\uffff')
                        .ofMaxLength(200);
        Arbitrary<String> nearTheBound =
                Arbitraries.strings().alpha().ofMinLength(124).ofMaxLength(130);
        return Arbitraries.oneOf(ids, any, nearTheBound).list().ofMaxSize(20);
    }

    @Test
    void takesOverStateFlinksSerializerWroteAndItsOwnButNoOther() throws IOException {
        assertThat(resolve(StringSerializer.INSTANCE.snapshotConfiguration()).isCompatibleAsIs())
                .isTrue();
        assertThat(
                        resolve(FormatEvolutionTest.roundTrip(KEYS.snapshotConfiguration()))
                                .isCompatibleAsIs())
                .isTrue();
        assertThat(FormatEvolutionTest.roundTrip(KEYS.snapshotConfiguration()).restoreSerializer())
                .isSameAs(KEYS);
        assertThat(resolve(cast(LongSerializer.INSTANCE.snapshotConfiguration())).isIncompatible())
                .isTrue();
    }

    private static org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility<String>
            resolve(TypeSerializerSnapshot<String> old) {
        return KEYS.snapshotConfiguration().resolveSchemaCompatibility(old);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TypeSerializerSnapshot<String> cast(TypeSerializerSnapshot<?> snapshot) {
        return (TypeSerializerSnapshot) snapshot;
    }
}
