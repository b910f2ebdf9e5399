package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

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

    /** Its antagonist cells run four times --tasks, which must still be a task count. */
    @Test
    void theRealisticSweepBoundsItsTasksByTheAntagonistCells() {
        assertThat(help("realistic").replaceAll("\\s+", " "))
                .contains("Cells with antagonists run 4 times --tasks");
        assertThat(errors("realistic", "--tasks", "600000000"))
                .contains(
                        "--tasks must be in [10, 536870911]: cells with antagonists run 4 times as"
                                + " many (got 600000000)");
    }

    private static String help(String experiment) {
        CommandRun r = CommandRun.of("experiment", experiment, "--help");
        assertThat(r.exitCode()).isZero();
        return r.out();
    }

    private static String errors(String experiment, String option, String value) {
        CommandRun r = CommandRun.of("experiment", experiment, option, value, "--no-progress");
        assertThat(r.exitCode()).isEqualTo(2);
        return r.err();
    }
}
