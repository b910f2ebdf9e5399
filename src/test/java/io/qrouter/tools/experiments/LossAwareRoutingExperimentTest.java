package io.qrouter.tools.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.sim.SimResult;
import io.qrouter.tools.sim.StepMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LossAwareRoutingExperimentTest {

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
}
