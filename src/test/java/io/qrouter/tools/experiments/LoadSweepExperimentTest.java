package io.qrouter.tools.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.report.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadSweepExperimentTest {

    @Test
    void loadSweepCoversEveryScenarioPolicyAndLoadAndDoesNotDependOnTheThreads(@TempDir Path out)
            throws IOException {
        LoadSweepExperiment.Options two =
                new LoadSweepExperiment.Options(
                        6, 150, List.of(0.5, 0.95), new AdaptiveHeartbeat(1000, 5000), 5, 2, false);
        List<LoadSweepExperiment.Point> a = new LoadSweepExperiment(two).run(out);
        assertThat(a).hasSize(4 * PolicyName.values().length * 2);
        assertThat(Files.readAllLines(out.resolve("load_sweep.csv")))
                .hasSize(1 + 4 * PolicyName.values().length * 2);
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
