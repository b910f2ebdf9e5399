package io.qrouter.core.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class CommandSignatureTest {
    private static final String SECRET = "a-test-secret-of-32-bytes-length";
    private final CommandSignature signature = new CommandSignature(SECRET);
    private final Command command =
            new Command(
                    "c-1",
                    "alice",
                    1_700_000_000_000L,
                    "weight",
                    "server-7",
                    Map.of("weight", "0.5"));

    @Test
    void signatureIsHmacSha256OfTheDocumentedCanonicalText() throws Exception {
        String text =
                "qrouter-control-v1\n3:c-1\n5:alice\n13:1700000000000\n6:weight\n9:=server-7\n1:1\n"
                        + "6:weight\n3:0.5\n";
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        String expected =
                HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        assertThat(signature.sign(command)).isEqualTo(expected);
        assertThat(signature.verifies(command, expected)).isTrue();
        assertThat(signature.verifies(command, expected.toUpperCase())).isTrue();
    }

    @Test
    void anyChangedFieldOrAnotherSecretFailsVerification() {
        String signed = signature.sign(command);
        assertThat(
                        signature.verifies(
                                new Command(
                                        "c-2",
                                        "alice",
                                        1_700_000_000_000L,
                                        "weight",
                                        "server-7",
                                        Map.of("weight", "0.5")),
                                signed))
                .isFalse();
        assertThat(
                        signature.verifies(
                                new Command(
                                        "c-1",
                                        "mallory",
                                        1_700_000_000_000L,
                                        "weight",
                                        "server-7",
                                        Map.of("weight", "0.5")),
                                signed))
                .isFalse();
        assertThat(
                        signature.verifies(
                                new Command(
                                        "c-1",
                                        "alice",
                                        1_700_000_000_001L,
                                        "weight",
                                        "server-7",
                                        Map.of("weight", "0.5")),
                                signed))
                .isFalse();
        assertThat(
                        signature.verifies(
                                new Command(
                                        "c-1",
                                        "alice",
                                        1_700_000_000_000L,
                                        "weight",
                                        "server-7",
                                        Map.of("weight", "5")),
                                signed))
                .isFalse();
        assertThat(
                        signature.verifies(
                                new Command(
                                        "c-1",
                                        "alice",
                                        1_700_000_000_000L,
                                        "weight",
                                        null,
                                        Map.of("weight", "0.5")),
                                signed))
                .isFalse();
        assertThat(new CommandSignature("another-secret-of-enough-bytes").verifies(command, signed))
                .isFalse();
        assertThat(signature.verifies(command, null)).isFalse();
        assertThat(signature.verifies(command, "not hex")).isFalse();
    }

    @Test
    void shortSecretsAreRejectedAndTheSecretIsNeverPrinted() {
        assertThatThrownBy(() -> new CommandSignature("short"))
                .hasMessageContaining("at least 16 bytes")
                .hasMessageNotContaining("short\"");
        assertThat(signature.toString()).doesNotContain(SECRET);
    }
}
