package io.qrouter.core.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * {@link Printable}: no input puts a line break, a control, a terminal escape or a bidi control
 * into its output, the output keeps its bound, ordinary text is unchanged, and what is shown reads
 * back (as a JSON string) to exactly the input, or to a prefix of it when cut.
 */
class PrintableTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The forged line of issue 30: a newline, a fake INFO line, and "erase the line". */
    private static final String FORGED_ISSUER = "x\n12:00:00 INFO ControlFunction APPLIED\u001b[2K";

    @Property(tries = 3_000)
    void noInputMakesALineBreakAControlOrABidiCharacter(
            @ForAll("hostile") String text, @ForAll @IntRange(min = 1, max = 400) int maxLength) {
        String shown = Printable.of(text, maxLength);

        assertThat(shown.length()).isLessThanOrEqualTo(maxLength);
        UnsafeCharacters.assertNone(shown);
        assertThat(shown.lines().count()).isLessThanOrEqualTo(1);
    }

    @Property(tries = 1_000)
    void whatIsShownReadsBackToTheInputOrAPrefixOfIt(@ForAll("hostile") String text)
            throws JsonProcessingException {
        String whole = Printable.of(text, Integer.MAX_VALUE);
        assertThat(unescape(whole)).isEqualTo(text);

        String cut = Printable.of(text, 50);
        if (!cut.equals(whole)) {
            assertThat(cut).endsWith(Printable.TRUNCATED);
            String kept = cut.substring(0, cut.length() - Printable.TRUNCATED.length());
            // and uses its bound: what did not fit is at most one code point's escape (12 units)
            assertThat(kept.length()).isGreaterThan(50 - Printable.TRUNCATED.length() - 12);
            // a prefix of the whole escaping that reads back: never cut inside an escape or a pair
            assertThat(whole).startsWith(kept);
            assertThat(text).startsWith(unescape(kept));
        }
    }

    @Property(tries = 1_000)
    void printableAsciiWithoutBackslashesIsUnchanged(@ForAll("plainAscii") String text) {
        assertThat(Printable.of(text)).isEqualTo(text);
    }

    @Test
    void theForgedLogLineOfIssue30StaysOnOneVisibleLine() {
        assertThat(Printable.of(FORGED_ISSUER))
                .isEqualTo("x\\n12:00:00 INFO ControlFunction APPLIED\\u001b[2K");
    }

    @Test
    void dangerousCharactersGetVisibleEscapesAndTheRestIsKept() {
        assertThat(Printable.of("a\r\tb\u007f\u0085\u2028\u2029"))
                .isEqualTo("a\\r\\tb\\u007f\\u0085\\u2028\\u2029");
        assertThat(Printable.of("\u202eevil\u2066\u200e")).isEqualTo("\\u202eevil\\u2066\\u200e");
        assertThat(Printable.of("lone \ud800 and \udc00")).isEqualTo("lone \\ud800 and \\udc00");
        // tag characters (invisible "ASCII smuggling") are format characters beyond the BMP
        assertThat(Printable.of("\udb40\udc41")).isEqualTo("\\udb40\\udc41");
        assertThat(Printable.of("José → server-7 🚀 東京")).isEqualTo("José → server-7 🚀 東京");
        // a literal backslash-n is not a newline: the backslash doubles
        assertThat(Printable.of("a\\nb")).isEqualTo("a\\\\nb");
        assertThat(Printable.of(null)).isEqualTo(Printable.NULL);
    }

    @Test
    void aLongTextIsCutVisiblyAtItsBoundNeverInsideAnEscapeOrAPair() {
        String cut = Printable.of("a".repeat(5_000));
        assertThat(cut).hasSize(Printable.MAX_LENGTH).endsWith(Printable.TRUNCATED);

        assertThat(Printable.of("ab\u001bcd", 8)).isEqualTo("ab…");
        assertThat(Printable.of("ab\u001bcd", 10)).isEqualTo("ab\\u001bcd");
        assertThat(Printable.of("abc🚀d", 5)).isEqualTo("abc…");
        assertThat(Printable.of("abcdef", 1)).isEqualTo("…");
        assertThatThrownBy(() -> Printable.of("a", 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The escapes are JSON's: a JSON parser reads the shown text back. */
    private static String unescape(String shown) throws JsonProcessingException {
        return JSON.readValue("\"" + shown.replace("\"", "\\\"") + "\"", String.class);
    }

    /**
     * Strings of up to 300 pieces, each a dangerous character, printable ASCII, a backslash, any
     * UTF-16 unit (lone surrogates too) or any code point beyond the BMP.
     */
    @Provide
    Arbitrary<String> hostile() {
        Arbitrary<String> dangerous =
                Arbitraries.of(
                                '\n', '\r', '\t', '\u000b', '\f', '\u0000', '\u001b', '\u007f',
                                '\u0085', '\u009b', '\u2028', '\u2029', '\u202a', '\u202e',
                                '\u2066', '\u2069', '\u200e', '\u061c', '\ufeff', '\ud800',
                                '\udfff')
                        .map(String::valueOf);
        Arbitrary<String> ascii = Arbitraries.chars().range(' ', '~').map(String::valueOf);
        Arbitrary<String> anyUnit = Arbitraries.chars().all().map(String::valueOf);
        Arbitrary<String> beyondTheBmp =
                Arbitraries.integers().between(0x10000, 0x10ffff).map(Character::toString);
        return Arbitraries.oneOf(dangerous, ascii, Arbitraries.just("\\"), anyUnit, beyondTheBmp)
                .list()
                .ofMaxSize(300)
                .map(pieces -> pieces.stream().collect(Collectors.joining()));
    }

    @Provide
    Arbitrary<String> plainAscii() {
        return Arbitraries.strings()
                .withCharRange(' ', '~')
                .excludeChars('\\')
                .ofMaxLength(Printable.MAX_LENGTH);
    }
}
