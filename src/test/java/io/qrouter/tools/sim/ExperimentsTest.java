package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.report.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExperimentsTest {

    @Test
    void paper000WritesEveryFigureTableAndSummary(@TempDir Path out) throws IOException {
        Map<PolicyName, SimResult> results =
                new LossAwareRoutingExperiment(
                                new LossAwareRoutingExperiment.Options(
                                        20, 120, 0.8, 0.2, 1, 1, 3, false))
                        .run(out);
        assertThat(results.keySet()).containsExactlyElementsOf(LossAwareRoutingExperiment.POLICIES);
        for (String f :
                List.of(
                        "fig6_heartbeat_triggers",
                        "fig7_occupancy",
                        "fig8_load_variance",
                        "fig9_mean_completion_time",
                        "fig10_mean_wait",
                        "fig11_completed",
                        "fig12_throughput")) {
            assertThat(out.resolve(f + ".csv")).isNotEmptyFile();
            assertThat(out.resolve(f + ".png")).isNotEmptyFile();
        }
        int steps = results.values().stream().mapToInt(r -> r.steps().size()).max().orElseThrow();
        List<String> table2 = Files.readAllLines(out.resolve("table2_occupancy.csv"));
        assertThat(table2).hasSize(1 + (steps + 4) / 5);
        assertThat(table2.get(0)).startsWith("time_step,random,round-robin");
        // each table cell is the mean of its five steps
        SimResult random = results.get(PolicyName.RANDOM);
        double firstBlock =
                random.steps().subList(0, 5).stream()
                        .mapToDouble(StepMetrics::occupancy)
                        .average()
                        .orElseThrow();
        assertThat(Double.parseDouble(table2.get(1).split(",")[1])).isEqualTo(firstBlock);
        JsonNode json = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(json.get("policies").size()).isEqualTo(9);
        assertThat(json.get("policies").get("heartbeat-k").get("tasks").asLong()).isEqualTo(120);
        assertThat(Files.readString(out.resolve("summary.md")))
                .contains("Table 2")
                .contains("Table 3")
                .doesNotContain("NaN");
    }

    @Test
    void loadSweepCoversEveryScenarioPolicyAndLoadAndDoesNotDependOnTheThreads(@TempDir Path out)
            throws IOException {
        LoadSweepExperiment.Options two =
                new LoadSweepExperiment.Options(
                        6, 150, List.of(0.5, 0.95), new AdaptiveHeartbeat(1000, 5000), 5, 2, false);
        List<LoadSweepExperiment.Point> a = new LoadSweepExperiment(two).run(out);
        assertThat(a).hasSize(4 * 9 * 2);
        assertThat(Files.readAllLines(out.resolve("load_sweep.csv"))).hasSize(1 + 4 * 9 * 2);
        assertThat(out.resolve("impatience-4-routers_abandon_rate.png")).isNotEmptyFile();
        assertThat(out.resolve("no-impatience-1-router_p99_sojourn.png")).isNotEmptyFile();
        JsonNode json = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        assertThat(json.get("scenarios").size()).isEqualTo(4);

        LoadSweepExperiment.Options one =
                new LoadSweepExperiment.Options(
                        6, 150, List.of(0.5, 0.95), new AdaptiveHeartbeat(1000, 5000), 5, 1, false);
        List<LoadSweepExperiment.Point> b = new LoadSweepExperiment(one).compute();
        for (int i = 0; i < a.size(); i++) {
            assertThat(b.get(i).result().summary()).isEqualTo(a.get(i).result().summary());
        }
    }
}
