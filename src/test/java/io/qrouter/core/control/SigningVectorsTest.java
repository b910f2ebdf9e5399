package io.qrouter.core.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The signing protocol as written down: docs/signing-vectors.json holds the test vectors that
 * docs/protocol.md shows, and the job's code, the Python example docs/sign_command.py and the doc
 * all agree on their canonical texts and HMACs, so none can drift from the others. The Python
 * checks run where python3 is installed (CI runs them when its machine has it).
 */
class SigningVectorsTest {
    private static final Path VECTORS = Path.of("docs/signing-vectors.json");
    private static final Path PROTOCOL = Path.of("docs/protocol.md");
    private static final Path EXAMPLE = Path.of("docs/sign_command.py");
    private static final ObjectMapper JSON = new ObjectMapper();

    private record Vector(String name, Command command, String canonical, String hmac) {}

    @Test
    void theJobsCodeSignsEachVectorToItsCanonicalTextAndHmac() throws IOException {
        CommandSignature signature = new CommandSignature(key());
        List<Vector> vectors = vectors();
        assertThat(vectors).hasSizeGreaterThanOrEqualTo(3);
        for (Vector v : vectors) {
            assertThat(new String(CommandSignature.canonical(v.command()), StandardCharsets.UTF_8))
                    .as(v.name())
                    .isEqualTo(v.canonical());
            assertThat(signature.sign(v.command())).as(v.name()).isEqualTo(v.hmac());
            assertThat(signature.verifies(v.command(), v.hmac())).isTrue();
        }
    }

    @Test
    void theProtocolDocShowsTheKeyAndEachVectorsCanonicalTextAndHmac() throws IOException {
        String doc = Files.readString(PROTOCOL);
        assertThat(doc).contains("## Signing a control command", VECTORS.getFileName().toString());
        assertThat(doc).contains(key());
        for (Vector v : vectors()) {
            assertThat(doc).as(v.name()).contains(v.canonical(), v.hmac());
        }
    }

    @Test
    void thePythonExampleSignsEachVectorToTheSameHmac() throws Exception {
        Run run = python(VECTORS);
        assertThat(run.exitCode()).as(run.output()).isZero();
        for (Vector v : vectors()) {
            assertThat(run.output()).contains(v.name() + ": " + v.hmac() + " ok");
        }
    }

    @Test
    void thePythonExampleFailsWhenAnHmacDiffers(@TempDir Path dir) throws Exception {
        ObjectNode wrong = (ObjectNode) JSON.readTree(VECTORS.toFile());
        ObjectNode first = (ObjectNode) wrong.get("vectors").get(0);
        first.put("hmac", "0".repeat(64));
        Path file = dir.resolve("wrong.json");
        JSON.writeValue(file.toFile(), wrong);

        Run run = python(file);
        assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
        assertThat(run.output()).contains("MISMATCH");
    }

    private record Run(int exitCode, String output) {}

    /** Runs the example on {@code vectors}; skips the test where there is no python3. */
    private static Run python(Path vectors) throws Exception {
        Process process;
        try {
            process =
                    new ProcessBuilder("python3", EXAMPLE.toString(), vectors.toString())
                            .redirectErrorStream(true)
                            .start();
        } catch (IOException noPython) {
            assumeTrue(false, "python3 is not installed: " + noPython.getMessage());
            throw noPython;
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), output);
    }

    private static String key() throws IOException {
        return JSON.readTree(VECTORS.toFile()).get("key").asText();
    }

    private static List<Vector> vectors() throws IOException {
        List<Vector> vectors = new ArrayList<>();
        for (JsonNode v : JSON.readTree(VECTORS.toFile()).get("vectors")) {
            JsonNode c = v.get("command");
            Map<String, String> arguments = new TreeMap<>();
            c.get("arguments")
                    .properties()
                    .forEach(a -> arguments.put(a.getKey(), a.getValue().asText()));
            vectors.add(
                    new Vector(
                            v.get("name").asText(),
                            new Command(
                                    c.get("commandId").asText(),
                                    c.get("issuer").asText(),
                                    c.get("issuedAt").asLong(),
                                    c.get("action").asText(),
                                    c.get("target").isNull() ? null : c.get("target").asText(),
                                    arguments),
                            v.get("canonical").asText(),
                            v.get("hmac").asText()));
        }
        return vectors;
    }
}
