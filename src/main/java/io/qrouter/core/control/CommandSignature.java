package io.qrouter.core.control;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;

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
    private static final String VERSION = "qrouter-control-v1";

    private final byte[] key;

    /**
     * @param secret the shared secret, at least 16 bytes of UTF-8
     */
    public CommandSignature(String secret) {
        byte[] bytes = secret == null ? new byte[0] : secret.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < 16) {
            throw new IllegalArgumentException(
                    "the control HMAC secret must be at least 16 bytes long");
        }
        this.key = bytes;
    }

    /** The signature of {@code command}: lower-case hex. */
    public String sign(Command command) {
        return HexFormat.of().formatHex(CanonicalText.hmac(key, canonical(command)));
    }

    /** True when {@code signature} is the command's (compared in constant time). */
    public boolean verifies(Command command, String signature) {
        return CanonicalText.matches(CanonicalText.hmac(key, canonical(command)), signature);
    }

    /** The text that is signed. */
    static byte[] canonical(Command command) {
        CanonicalText text =
                CanonicalText.of(VERSION)
                        .field(command.commandId())
                        .field(command.issuer())
                        .field(command.issuedAtMillis())
                        .field(command.action())
                        .field(command.target() == null ? "" : "=" + command.target())
                        .field(command.arguments().size());
        for (Map.Entry<String, String> argument : command.arguments().entrySet()) {
            text.field(argument.getKey()).field(argument.getValue());
        }
        return text.bytes();
    }

    @Override
    public String toString() {
        return "CommandSignature[HmacSHA256, secret hidden]";
    }
}
