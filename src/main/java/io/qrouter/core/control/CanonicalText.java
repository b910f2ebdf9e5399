package io.qrouter.core.control;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The text qrouter signs, and its HMAC-SHA256: a version tag line, then each field as {@code
 * <length>:<value>\n} (length in UTF-16 units), so no two different records have the same text.
 * Control commands and the servers' records are signed this way; docs/protocol.md specifies it for
 * clients in other languages.
 */
public final class CanonicalText {
    private static final String ALGORITHM = "HmacSHA256";

    private final StringBuilder text;

    private CanonicalText(String versionTag) {
        text = new StringBuilder(versionTag).append('\n');
    }

    /** A text starting with {@code versionTag} (without its line break). */
    public static CanonicalText of(String versionTag) {
        return new CanonicalText(versionTag);
    }

    /** Appends one field; null as the empty field. */
    public CanonicalText field(String value) {
        String v = value == null ? "" : value;
        text.append(v.length()).append(':').append(v).append('\n');
        return this;
    }

    public CanonicalText field(long value) {
        return field(Long.toString(value));
    }

    /** A double as the 16 lower-case hex digits of its IEEE 754 bits: exact in every language. */
    public CanonicalText field(double value) {
        return field(String.format(Locale.ROOT, "%016x", Double.doubleToRawLongBits(value)));
    }

    public CanonicalText field(boolean value) {
        return field(Boolean.toString(value));
    }

    /** A field that may be absent: empty when null, else {@code =} and the value. */
    public CanonicalText optional(Object value) {
        return field(value == null ? "" : "=" + value);
    }

    public byte[] bytes() {
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** HMAC-SHA256 of {@code text} under {@code key}. */
    public static byte[] hmac(byte[] key, byte[] text) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(key, ALGORITHM));
            return mac.doFinal(text);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }

    /**
     * True when {@code hex} (any case, surrounding spaces ignored) is {@code mac}, in constant
     * time.
     */
    public static boolean matches(byte[] mac, String hex) {
        if (hex == null) {
            return false;
        }
        try {
            return MessageDigest.isEqual(
                    mac, HexFormat.of().parseHex(hex.trim().toLowerCase(Locale.ROOT)));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
