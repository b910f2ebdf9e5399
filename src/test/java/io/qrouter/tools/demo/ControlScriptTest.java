package io.qrouter.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ControlScriptTest {
    @TempDir Path dir;

    @Test
    void readsTimedCommandsInTimeOrderSkippingCommentsAndBlankLines() throws Exception {
        Path file =
                Files.writeString(
                        dir.resolve("script"),
                        """
                # drain one server, then switch the policy
                20s policy jsq d=2

                1500ms drain server-3
                25.5s k-weights 1,1,0.5
                """);
        ControlScript script = ControlScript.read(file);
        assertThat(script.steps())
                .extracting(ControlScript.Step::at)
                .containsExactly(
                        Duration.ofMillis(1500), Duration.ofSeconds(20), Duration.ofMillis(25_500));
        assertThat(script.steps().get(0).words()).isEqualTo(List.of("drain", "server-3"));
        assertThat(script.steps().get(1).words()).isEqualTo(List.of("policy", "jsq", "d=2"));
    }

    @Test
    void aBadLineIsNamedWithItsNumber() throws Exception {
        Path badTime =
                Files.writeString(
                        dir.resolve("bad-time"), "10s drain server-1\nsoon drain server-2\n");
        assertThatThrownBy(() -> ControlScript.read(badTime))
                .hasMessageContaining("line 2")
                .hasMessageContaining("10s or 1500ms");
        Path badCommand = Files.writeString(dir.resolve("bad-command"), "10s reboot server-1\n");
        assertThatThrownBy(() -> ControlScript.read(badCommand))
                .hasMessageContaining("line 1")
                .hasMessageContaining("unknown command 'reboot'");
        Path missingServer = Files.writeString(dir.resolve("missing"), "10s drain\n");
        assertThatThrownBy(() -> ControlScript.read(missingServer))
                .hasMessageContaining("usage: drain SERVER");
        assertThatThrownBy(() -> ControlScript.read(dir.resolve("absent")))
                .hasMessageContaining("cannot read");
    }
}
