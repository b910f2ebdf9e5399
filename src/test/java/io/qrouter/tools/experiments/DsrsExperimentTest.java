package io.qrouter.tools.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.tools.cli.Main;
import io.qrouter.tools.report.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DsrsExperimentTest {
    @TempDir Path out;

    @Test
    void writesEveryFigureAndTheVSweepSummary() throws Exception {
        int code =
                Main.execute(
                        "experiment",
                        "dsrs",
                        "--out",
                        out.toString(),
                        "--slots",
                        "1500",
                        "--warmup",
                        "300",
                        "--time-slots",
                        "100",
                        "--v-values",
                        "1,10,100",
                        "--no-progress");
        assertThat(code).isZero();
        for (String f :
                List.of(
                        "fig1_cost_vs_v.png",
                        "fig2_backlog_vs_v.png",
                        "fig3_cost_vs_time_arrival_scale.png",
                        "fig4_backlog_vs_time_arrival_scale.png",
                        "fig5_cost_vs_time_cost_scale.png",
                        "fig6_backlog_vs_time_cost_scale.png",
                        "fig7_cost_dsrs_vs_random.png",
                        "fig8_backlog_dsrs_vs_random.png",
                        "fig9_gap_vs_v.png",
                        "fig1_2_v_sweep.csv",
                        "fig3_4_arrival_scale.csv",
                        "fig5_6_cost_scale.csv",
                        "fig7_8_dsrs_vs_random.csv",
                        "summary.md",
                        "summary.json")) {
            assertThat(out.resolve(f)).isNotEmptyFile();
        }
        JsonNode sweep = Json.MAPPER.readTree(out.resolve("summary.json").toFile()).get("v_sweep");
        assertThat(sweep).hasSize(3);
        List<String> keys = new ArrayList<>();
        sweep.get(0).fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("V", "cost", "backlog", "gap");
        assertThat(sweep.get(2).get("V").asDouble()).isEqualTo(100.0);
        assertThat(sweep.get(2).get("gap").asDouble())
                .isLessThan(sweep.get(0).get("gap").asDouble());
        assertThat(sweep.get(2).get("backlog").asDouble())
                .isGreaterThan(sweep.get(0).get("backlog").asDouble());
        assertThat(Files.readString(out.resolve("fig1_2_v_sweep.csv")).lines()).hasSize(4);
    }

    @Test
    void badOptionsAreUsageErrorsNamingTheOption() {
        assertThat(Main.execute("experiment", "paper-002", "--out", out.toString(), "--slots", "0"))
                .isEqualTo(2);
        assertThat(
                        Main.execute(
                                "experiment",
                                "paper-002",
                                "--out",
                                out.toString(),
                                "--v-values",
                                "1,-3"))
                .isEqualTo(2);
        assertThat(
                        Main.execute(
                                "experiment",
                                "paper-002",
                                "--out",
                                out.toString(),
                                "--slots",
                                "100",
                                "--warmup",
                                "100"))
                .isEqualTo(2);
    }
}
