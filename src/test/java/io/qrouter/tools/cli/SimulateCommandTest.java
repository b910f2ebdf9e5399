package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.tools.report.Json;
import org.junit.jupiter.api.Test;

class SimulateCommandTest {

    @Test
    void jsonHasTheKeysOfTheIssueAndNoNaN() throws Exception {
        String out =
                run(
                        "simulate",
                        "--policy",
                        "heartbeat-k-live",
                        "--servers",
                        "20",
                        "--tasks",
                        "3000",
                        "--load",
                        "0.8",
                        "--patience",
                        "0.2",
                        "--routers",
                        "2",
                        "--json");
        JsonNode j = Json.MAPPER.readTree(out);
        for (String key :
                new String[] {
                    "policy",
                    "servers",
                    "tasks",
                    "completed",
                    "abandoned",
                    "abandon_rate",
                    "mean_wait",
                    "mean_sojourn",
                    "p99_wait",
                    "p99_sojourn",
                    "throughput",
                    "mean_occupancy",
                    "load_variance",
                    "idle_queue_fraction",
                    "heartbeat_triggers"
                }) {
            assertThat(j.has(key)).as(key).isTrue();
        }
        assertThat(j.get("policy").asText()).isEqualTo("heartbeat-k-live");
        assertThat(j.get("tasks").asLong()).isEqualTo(3000);
        assertThat(out).doesNotContain("NaN").doesNotContain("Infinity");
    }

    @Test
    void badArgumentsExitWithTwoAndNameTheOption() {
        assertThat(rejected("--load", "-1")).contains("--load must be > 0 (got -1.0)");
        assertThat(rejected("--policy", "fastest"))
                .contains("--policy")
                .contains("heartbeat-k-live");
        assertThat(rejected("--arrivals", "weibull")).contains("--arrivals must be poisson");
        assertThat(rejected("--arrivals", "trace:/no/such/file.csv"))
                .contains("--arrivals trace: cannot read /no/such/file.csv");
        assertThat(rejected("--d", "0")).contains("--d must be >= 1 (got 0)");
        assertThat(rejected("--service", "erlang:0"))
                .contains("--service erlang:K must be in [1, 1000] (got 0)");
        assertThat(rejected("--service", "pareto:0.5"))
                .contains("--service pareto:ALPHA must be in (1.0, 1000.0] (got 0.5)");
        assertThat(rejected("--slots", "1:0.5,4:0.4")).contains("--slots shares must sum to 1");
        assertThat(rejected("--antagonists", "4:3:10s/20s"))
                .contains("--antagonists ON is in mean service times, a plain number");
        assertThat(rejected("--update-delay", "exp:-1"))
                .contains("--update-delay exp:MEAN must be in [0.0, 1.0E9] (got -1)");
    }

    /** The error of {@code simulate} with one bad option, which must exit with 2. */
    private static String rejected(String option, String value) {
        CommandRun r = CommandRun.of("simulate", option, value);
        assertThat(r.exitCode()).isEqualTo(2);
        return r.err();
    }

    private static String run(String... args) {
        CommandRun r = CommandRun.of(args);
        assertThat(r.exitCode()).isZero();
        return r.out();
    }
}
