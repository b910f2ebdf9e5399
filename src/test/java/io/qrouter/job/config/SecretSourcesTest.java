package io.qrouter.job.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets come from the configuration file, a file of their own or the environment, never --set.
 */
class SecretSourcesTest {
    private static final String SECRET = "control-secret-0123456789";

    @TempDir Path dir;

    @Test
    void aSecretOnTheCommandLineIsRefusedNamingTheOtherWays() {
        assertThatThrownBy(() -> JobConfig.fromArguments("--set", "control.hmac-secret=" + SECRET))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'control.hmac-secret' must not be given on the command line")
                .hasMessageContaining("control.hmac-secret.file=PATH")
                .hasMessageContaining("QROUTER_CONTROL_HMAC_SECRET")
                .hasMessageNotContaining(SECRET);
        assertThatThrownBy(
                        () ->
                                JobConfig.fromArguments(
                                        "--set", "kafka.sasl.jaas.config=org.Login required;"))
                .hasMessageContaining("kafka.sasl.jaas.config.file=PATH");
    }

    @Test
    void fromAFileOfItsOwn() throws Exception {
        Path file = Files.writeString(dir.resolve("key"), "  " + SECRET + "\n");
        JobConfig config =
                JobConfig.load(null, List.of("control.hmac-secret.file=" + file), Map.of());
        assertThat(config.get(ConfigKey.CONTROL_HMAC_SECRET)).isEqualTo(SECRET);
        assertThatThrownBy(
                        () ->
                                JobConfig.load(
                                        null,
                                        List.of("server.hmac-secret.file=" + dir.resolve("none")),
                                        Map.of()))
                .hasMessageStartingWith("config key 'server.hmac-secret.file': cannot read");
    }

    @Test
    void fromTheEnvironmentUnlessTheFileSaysOtherwise() throws Exception {
        Map<String, String> env = Map.of("QROUTER_SERVER_HMAC_SECRET", SECRET);
        assertThat(JobConfig.load(null, List.of(), env).get(ConfigKey.SERVER_HMAC_SECRET))
                .isEqualTo(SECRET);
        Path properties =
                Files.writeString(
                        dir.resolve("q.properties"), "server.hmac-secret=from-the-file-0123\n");
        assertThat(JobConfig.load(properties, List.of(), env).get(ConfigKey.SERVER_HMAC_SECRET))
                .isEqualTo("from-the-file-0123");
        assertThat(JobConfig.load(null, List.of(), Map.of()).get(ConfigKey.SERVER_HMAC_SECRET))
                .isEmpty();
    }
}
