package io.qrouter.core.text;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The characters no log line or log record may hold, written out rather than taken from {@link
 * Printable}, for the tests of it and of the places that use it: line breaks, C0 controls (ESC
 * included), DEL, C1 controls, U+2028/2029, the bidi embeddings, overrides, isolates and marks, and
 * lone surrogates.
 */
public final class UnsafeCharacters {
    private UnsafeCharacters() {}

    public static boolean unsafe(int codePoint) {
        int c = codePoint;
        return c < 0x20
                || (c >= 0x7f && c <= 0x9f)
                || c == 0x2028
                || c == 0x2029
                || (c >= 0x202a && c <= 0x202e)
                || (c >= 0x2066 && c <= 0x2069)
                || c == 0x200e
                || c == 0x200f
                || c == 0x061c
                || (c >= 0xd800 && c <= 0xdfff);
    }

    /** Fails unless {@code text} is null or free of every unsafe character. */
    public static void assertNone(String text) {
        if (text != null) {
            text.codePoints()
                    .forEach(c -> assertThat(unsafe(c)).as("U+%04X in %s", c, text).isFalse());
        }
    }
}
