package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LossAwareRoutingCommandTest {

    @Test
    void aValueTheSimulatorRefusesIsNamedByTheExperimentsOwnOption() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.execute("experiment", "loss-aware-routing", "--load", "0"))
                    .isEqualTo(2);
            assertThat(Main.execute("experiment", "paper-000", "--patience", "-1")).isEqualTo(2);
        } finally {
            System.setErr(err);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8))
                .contains("--load must be > 0 (got 0.0)")
                .contains("--patience must be >= 0 (got -1.0)");
    }
}
