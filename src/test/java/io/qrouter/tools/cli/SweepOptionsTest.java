package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The options the simulator sweeps share keep each experiment's defaults and one validation. */
class SweepOptionsTest {

    @Test
    void eachSweepShowsItsOwnDefaults() {
        assertThat(help("admission"))
                .contains("Servers N, ≥ 1 (default: 20)")
                .contains("Tasks per point, ≥ 10 (default: 200000)")
                .contains("Runs in parallel, ≥ 1 (default: 1)")
                .contains("Output directory (default: out/admission)");
        assertThat(help("staleness"))
                .contains("Servers N, ≥ 1 (default: 100)")
                .contains("Tasks per point, ≥ 10 (default: 20000)")
                .contains("Runs in parallel, ≥ 1 (default: 2)")
                .contains("Output directory (default: out/staleness)");
    }

    @Test
    void everySweepRejectsTheSameValuesNamingTheOption() {
        for (String sweep : new String[] {"admission", "staleness", "load-sweep"}) {
            assertThat(errors(sweep, "--servers", "0")).contains("--servers must be >= 1 (got 0)");
            assertThat(errors(sweep, "--tasks", "9")).contains("--tasks must be >= 10 (got 9)");
            assertThat(errors(sweep, "--threads", "0")).contains("--threads must be >= 1 (got 0)");
        }
    }

    private static String help(String experiment) {
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.execute("experiment", experiment, "--help")).isZero();
        } finally {
            System.setOut(out);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }

    private static String errors(String experiment, String option, String value) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.execute("experiment", experiment, option, value, "--no-progress"))
                    .isEqualTo(2);
        } finally {
            System.setErr(err);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
