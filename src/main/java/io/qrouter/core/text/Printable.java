package io.qrouter.core.text;

import java.util.HexFormat;

/**
 * Any string as one bounded line of printable characters, for log lines and log records
 * (control-log, dead letters): text from outside (ids, issuers, arguments, reasons quoting them)
 * can then neither start a forged line, nor move the cursor, recolour or erase a terminal, nor
 * reorder what a reader sees.
 *
 * <p>Escaped, with JSON's escapes: {@code \} as {@code \\}; {@code \n}, {@code \r}, {@code \t} as
 * themselves; every other control (C0, DEL, C1, ESC as {@code \}{@code u001b}), format character
 * (the bidi embeddings, overrides, isolates and marks, zero-width characters, tags), line and
 * paragraph separator (U+2028, U+2029), lone surrogate and unassigned code point as {@code \}{@code
 * uXXXX} per UTF-16 unit. Everything else, printable ASCII and printable non-ASCII alike, is kept.
 * The escaping is injective, so a shown value stands for one input; a text longer than the bound
 * ends in {@link #TRUNCATED}, never inside an escape or a surrogate pair.
 */
public final class Printable {
    /** The bound of {@link #of(String)}, in UTF-16 units (characters of a Java string). */
    public static final int MAX_LENGTH = 1000;

    /** What a null becomes. */
    public static final String NULL = "(null)";

    /** Ends a text cut to its bound. */
    public static final String TRUNCATED = "…";

    private static final HexFormat HEX = HexFormat.of();

    private Printable() {}

    /** {@code text} printable, in at most {@link #MAX_LENGTH} characters. */
    public static String of(String text) {
        return of(text, MAX_LENGTH);
    }

    /**
     * {@code text} printable, in at most {@code maxLength} characters ({@link #NULL} for null).
     *
     * @throws IllegalArgumentException when {@code maxLength} < 1
     */
    public static String of(String text, int maxLength) {
        if (maxLength < 1) {
            throw new IllegalArgumentException("maxLength must be >= 1 (got " + maxLength + ")");
        }
        if (text == null) {
            return NULL;
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), maxLength));
        if (escape(text, maxLength, out) == text.length()) {
            return out.toString();
        }
        out.setLength(0);
        escape(text, maxLength - TRUNCATED.length(), out);
        return out.append(TRUNCATED).toString();
    }

    /**
     * Appends the escaped code points of {@code text} while they fit in {@code budget} characters;
     * returns the index of the first one left out ({@code text.length()} when all fit). Stops at
     * the budget, so a long text costs no more than a short one.
     */
    private static int escape(String text, int budget, StringBuilder out) {
        int i = 0;
        while (i < text.length()) {
            int codePoint = text.codePointAt(i);
            int mark = out.length();
            append(codePoint, out);
            if (out.length() > budget) {
                out.setLength(mark);
                return i;
            }
            i += Character.charCount(codePoint);
        }
        return i;
    }

    private static void append(int codePoint, StringBuilder out) {
        switch (codePoint) {
            case '\\' -> out.append("\\\\");
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            default -> {
                if (!shown(codePoint)) {
                    for (char unit : Character.toChars(codePoint)) {
                        out.append("\\u").append(HEX.toHexDigits(unit));
                    }
                } else {
                    out.appendCodePoint(codePoint);
                }
            }
        }
    }

    /**
     * Whether a code point is shown as itself. A lone surrogate reaches here as itself (its
     * category is SURROGATE); unassigned code points are escaped because a newer Unicode may make
     * them format characters.
     */
    private static boolean shown(int codePoint) {
        return switch (Character.getType(codePoint)) {
            case Character.CONTROL,
                    Character.FORMAT,
                    Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE,
                    Character.UNASSIGNED ->
                    false;
            default -> true;
        };
    }
}
