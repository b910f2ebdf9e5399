package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalOut;
    private PrintStream originalErr;

    @BeforeEach
    void capture() {
        originalOut = System.out;
        originalErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(originalOut);
        System.setErr(originalErr);
    }

    @Test
    void invalidValueExitsTwoNamingTheKeyAndRange() {
        assertThat(Main.execute("run", "--set", "checkpoint.interval.ms=5")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains(
                        "config key 'checkpoint.interval.ms' must be an integer in [100, 3600000] (got '5')");
    }

    @Test
    void missingConfigFileExitsTwo(@TempDir Path dir) {
        assertThat(Main.execute("run", "--config", dir.resolve("nope.properties").toString()))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--config: file not found");
    }

    @Test
    void printConfigMergesFileAndOverridesAndMasksSecrets(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("q.properties");
        Files.writeString(file, "topic.tasks=orders\nkafka.ssl.key.password=hunter2\n");

        int exit =
                Main.execute(
                        "run",
                        "--config",
                        file.toString(),
                        "--set",
                        "state.backend=rocksdb",
                        "--print-config");

        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(exit).isZero();
        assertThat(printed)
                .contains(
                        "topic.tasks = orders",
                        "state.backend = rocksdb",
                        "kafka.ssl.key.password = ******",
                        "checkpoint.interval.ms = 2000");
        assertThat(printed).doesNotContain("hunter2");
    }

    @Test
    void helpListsEveryKeyWithItsDefault() {
        assertThat(Main.execute("run", "--help")).isZero();
        String help = out.toString(StandardCharsets.UTF_8);
        for (io.qrouter.job.config.ConfigKey key : io.qrouter.job.config.ConfigKey.values()) {
            assertThat(help).contains((key.key() + " = " + key.defaultValue()).trim());
        }
    }
}
