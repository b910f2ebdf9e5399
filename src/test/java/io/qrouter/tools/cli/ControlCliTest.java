package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.core.control.Command;
import io.qrouter.core.control.CommandWords;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.LiveSettings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code qrouter control set}: its words, and its help naming every live key. */
class ControlCliTest {
    @Test
    void setTakesKeyValuePairsAsItsArguments() {
        Command set =
                CommandWords.parse(
                        "c-1",
                        "alice",
                        1L,
                        List.of(
                                "set",
                                "server.down-timeout.ms=5000",
                                "heartbeat.max-interval.ms=900"));
        assertThat(set.action()).isEqualTo("set");
        assertThat(set.target()).isNull();
        assertThat(set.arguments())
                .isEqualTo(
                        Map.of(
                                "server.down-timeout.ms",
                                "5000",
                                "heartbeat.max-interval.ms",
                                "900"));
        assertThatThrownBy(() -> CommandWords.parse("c-2", "alice", 1L, List.of("set")))
                .hasMessageContaining("usage: set KEY=VALUE");
        assertThatThrownBy(
                        () ->
                                CommandWords.parse(
                                        "c-3",
                                        "alice",
                                        1L,
                                        List.of("set", "server.down-timeout.ms")))
                .hasMessageContaining("key=value");
    }

    @Test
    void theHelpListsEveryLiveKeyAndTheSetCommand() {
        StringWriter out = new StringWriter();
        int code =
                new CommandLine(new Main())
                        .setOut(new PrintWriter(out))
                        .execute("control", "--help");
        assertThat(code).isZero();
        assertThat(out.toString()).contains("set KEY=VALUE");
        for (ConfigKey key : LiveSettings.KEYS) {
            assertThat(out.toString()).contains(key.key());
        }
    }
}
