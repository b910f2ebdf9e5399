package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.tools.report.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.execute("simulate", "--load", "-1")).isEqualTo(2);
            assertThat(Main.execute("simulate", "--policy", "fastest")).isEqualTo(2);
            assertThat(Main.execute("simulate", "--arrivals", "weibull")).isEqualTo(2);
            assertThat(Main.execute("simulate", "--arrivals", "trace:/no/such/file.csv"))
                    .isEqualTo(2);
            assertThat(Main.execute("simulate", "--d", "0")).isEqualTo(2);
            assertThat(Main.execute("simulate", "--service", "erlang:0")).isEqualTo(2);
            assertThat(Main.execute("simulate", "--update-delay", "exp:-1")).isEqualTo(2);
        } finally {
            System.setErr(err);
        }
        String text = captured.toString(StandardCharsets.UTF_8);
        assertThat(text)
                .contains("--load must be > 0 (got -1.0)")
                .contains("--policy")
                .contains("heartbeat-k-live")
                .contains("--arrivals must be poisson")
                .contains("--arrivals trace: cannot read /no/such/file.csv")
                .contains("--d must be >= 1 (got 0)")
                .contains("--service erlang:K must be in [1, 1000] (got 0)")
                .contains("--update-delay exp:MEAN must be in [0.0, 1.0E9] (got -1)");
    }

    private static String run(String... args) {
        PrintStream out = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.execute(args)).isZero();
        } finally {
            System.setOut(out);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
