package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.types.StringValue;

/**
 * {@link Fields#writeString}'s one-write path for short ASCII strings must write exactly Flink's
 * own encoding, byte for byte: state and network records written by either read back with the
 * other.
 */
class FieldsStringTest {
    @Property(tries = 2_000)
    void writesFlinksStringEncodingByteForByte(@ForAll("strings") String value) throws IOException {
        DataOutputSerializer ours = new DataOutputSerializer(64);
        Fields.writeString(value, ours);
        DataOutputSerializer flinks = new DataOutputSerializer(64);
        StringValue.writeString(value, flinks);
        assertThat(ours.getCopyOfBuffer()).isEqualTo(flinks.getCopyOfBuffer());
        assertThat(Fields.readString(new DataInputDeserializer(ours.getCopyOfBuffer())))
                .isEqualTo(value);
    }

    /** Around the one-byte bounds: lengths 0 to 300, ASCII (DEL included) and beyond. */
    @Provide
    Arbitrary<String> strings() {
        Arbitrary<String> ascii = Arbitraries.strings().ascii().ofMaxLength(300);
        Arbitrary<String> any =
                Arbitraries.strings()
                        .withCharRange('\u0000', '\u00ff')
                        .withChars('\u0100', '\u07ff', '\uffff', '\u007f', '\u0080')
                        .ofMaxLength(300);
        Arbitrary<String> nearTheBound =
                Arbitraries.strings().alpha().ofMinLength(120).ofMaxLength(130);
        return Arbitraries.oneOf(ascii, any, nearTheBound, Arbitraries.just(null));
    }
}
