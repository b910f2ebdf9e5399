package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LossAwareRoutingCommandTest {

    @Test
    void aValueTheSimulatorRefusesIsNamedByTheExperimentsOwnOption() {
        CommandRun load = CommandRun.of("experiment", "loss-aware-routing", "--load", "0");
        CommandRun patience = CommandRun.of("experiment", "paper-000", "--patience", "-1");
        assertThat(load.exitCode()).isEqualTo(2);
        assertThat(load.err()).contains("--load must be > 0 (got 0.0)");
        assertThat(patience.exitCode()).isEqualTo(2);
        assertThat(patience.err()).contains("--patience must be >= 0 (got -1.0)");
    }
}
