package io.qrouter.core.control;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HMAC-SHA256 of a {@link Command} with a shared secret: the signature covers the command's id,
 * issuer, issue time, action, target and arguments, so none can be changed without the secret. The
 * signed text is the canonical form {@link #canonical}: a version tag, then each field as {@code
 * <length>:<value>\n} (arguments sorted by name), so no two different commands have the same text.
 * docs/protocol.md ("Signing a control command") specifies it for clients in other languages, with
 * the test vectors of docs/signing-vectors.json; change neither without the other. The secret never
 * leaves this object ({@link #toString} hides it).
 */
public final class CommandSignature {
    private static final String ALGORITHM = "HmacSHA256";
    private static final String VERSION = "qrouter-control-v1\n";

    private final SecretKeySpec key;

    /**
     * @param secret the shared secret, at least 16 bytes of UTF-8
     */
    public CommandSignature(String secret) {
        byte[] bytes = secret == null ? new byte[0] : secret.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < 16) {
            throw new IllegalArgumentException(
                    "the control HMAC secret must be at least 16 bytes long");
        }
        this.key = new SecretKeySpec(bytes, ALGORITHM);
    }

    /** The signature of {@code command}: lower-case hex. */
    public String sign(Command command) {
        return HexFormat.of().formatHex(mac(canonical(command)));
    }

    /** True when {@code signature} is the command's (compared in constant time). */
    public boolean verifies(Command command, String signature) {
        if (signature == null) {
            return false;
        }
        byte[] given;
        try {
            given = HexFormat.of().parseHex(signature.trim().toLowerCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(mac(canonical(command)), given);
    }

    /** The text that is signed. */
    static byte[] canonical(Command command) {
        StringBuilder text = new StringBuilder(VERSION);
        field(text, command.commandId());
        field(text, command.issuer());
        field(text, Long.toString(command.issuedAtMillis()));
        field(text, command.action());
        field(text, command.target() == null ? "" : "=" + command.target());
        field(text, Integer.toString(command.arguments().size()));
        for (Map.Entry<String, String> argument : command.arguments().entrySet()) {
            field(text, argument.getKey());
            field(text, argument.getValue());
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void field(StringBuilder text, String value) {
        String v = value == null ? "" : value;
        text.append(v.length()).append(':').append(v).append('\n');
    }

    private byte[] mac(byte[] text) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(text);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HMAC-SHA256 unavailable", e);
        }
    }

    @Override
    public String toString() {
        return "CommandSignature[HmacSHA256, secret hidden]";
    }
}
