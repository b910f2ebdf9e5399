package io.qrouter.tools.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.tools.cli.Main;
import io.qrouter.tools.report.Json;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeanVarianceGaExperimentTest {
    @TempDir Path out;

    @Test
    void writesEveryFigureAndTheSummary() throws Exception {
        int code =
                Main.execute(
                        "experiment",
                        "mean-variance-ga",
                        "--out",
                        out.toString(),
                        "--iterations",
                        "2,4",
                        "--tasks",
                        "50,100",
                        "--tasks-for-iterations",
                        "60",
                        "--generations",
                        "3",
                        "--repetitions",
                        "1",
                        "--no-progress");
        assertThat(code).isZero();
        for (String f :
                List.of(
                        "fig2_makespan_vs_iterations.png",
                        "fig2b_makespan_excess_vs_iterations.png",
                        "fig3_utilisation_vs_iterations.png",
                        "fig4_fitness_vs_iterations.png",
                        "fig5_makespan_vs_tasks.png",
                        "fig5b_makespan_excess_vs_tasks.png",
                        "fig6_utilisation_vs_tasks.png",
                        "fig6b_fitness_vs_tasks.png",
                        "fig2_4_iterations.csv",
                        "fig5_6_tasks.csv",
                        "summary.md",
                        "summary.json")) {
            assertThat(out.resolve(f)).isNotEmptyFile();
        }
        JsonNode json = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        // 2 iteration counts × (4 GAs + FCFS), 2 task counts × (4 GAs + FCFS)
        assertThat(json.get("iterations")).hasSize(10);
        assertThat(json.get("tasks")).hasSize(10);
        JsonNode p = json.get("tasks").get(0);
        for (String key :
                List.of("algorithm", "x", "makespan", "makespanExcess", "utilisation", "fitness")) {
            assertThat(p.has(key)).as(key).isTrue();
        }
        assertThat(json.get("mean_variance_weights")).hasSize(3);
        for (JsonNode point : json.get("tasks")) {
            assertThat(point.get("makespanExcess").asDouble()).isGreaterThanOrEqualTo(-1e-12);
            assertThat(point.get("utilisation").asDouble()).isBetween(0.0, 1.0);
        }
    }

    @Test
    void badOptionsAreUsageErrors() {
        assertThat(
                        Main.execute(
                                "experiment",
                                "paper-001",
                                "--out",
                                out.toString(),
                                "--repetitions",
                                "0"))
                .isEqualTo(2);
        assertThat(Main.execute("experiment", "paper-001", "--out", out.toString(), "--tasks", "0"))
                .isEqualTo(2);
    }
}
