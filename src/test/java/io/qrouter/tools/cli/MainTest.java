package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MainTest {
    @Test
    void unknownOptionIsAUsageError() {
        assertThat(Main.execute("analyze", "--no-such-option")).isEqualTo(2);
    }

    @Test
    void missingSubcommandIsAUsageError() {
        assertThat(Main.execute()).isEqualTo(2);
    }

    @Test
    void helpExitsZero() {
        assertThat(Main.execute("--help")).isZero();
    }
}
