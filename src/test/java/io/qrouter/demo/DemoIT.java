package io.qrouter.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.cli.Main;
import io.qrouter.fleet.FleetReport;
import io.qrouter.report.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code qrouter demo} end to end: broker, the real job on a MiniCluster, the fleet; every task accounted for. */
class DemoIT {

    @Test
    void shortDemoAccountsForEveryTaskAndLeavesNothingBehind(@TempDir Path out) throws Exception {
        List<String> tempBefore = demoTempDirs();
        int exit = Main.execute("demo", "--servers", "4", "--rate", "40", "--duration", "10s", "--seed", "7",
                "--out", out.toString(), "--quiet");
        assertThat(exit).isZero();

        JsonNode report = Json.MAPPER.readTree(out.resolve("report.json").toFile());
        long sent = report.get("sent").asLong();
        long decided = report.get("decided").asLong();
        long completed = report.get("completed").asLong();
        long abandoned = report.get("abandoned").asLong();
        long queuedAtEnd = report.get("queued_at_end").asLong();
        long deadLetter = report.get("dead_letter").asLong();
        long undecided = report.get("undecided").asLong();
        // 40 tasks/s for 10 s: Poisson, so well above half of 400 with overwhelming probability
        assertThat(sent).isGreaterThan(200);
        assertThat(undecided).as("every task decided or dead-lettered after draining").isZero();
        assertThat(sent).isEqualTo(decided + deadLetter + undecided);
        assertThat(decided).isEqualTo(completed + abandoned + queuedAtEnd);
        assertThat(report.get("unknown_server").asLong()).isZero();
        assertThat(report.get("duplicate_decisions").asLong()).isZero();
        assertThat(completed).isGreaterThan(decided / 2);
        assertThat(report.get("wait_seconds").get("p99").isNumber()).isTrue();
        assertThat(report.get("sojourn_seconds").get("p50").asDouble()).isPositive();
        assertThat(report.get("policy").asText()).isEqualTo("heartbeat-k-live");
        for (String file : FleetReport.FILES) {
            assertThat(out.resolve(file)).isNotEmptyFile();
        }
        assertThat(demoTempDirs()).as("broker logs, checkpoints and Flink temp dirs are deleted")
                .containsExactlyInAnyOrderElementsOf(tempBefore);
    }

    private static List<String> demoTempDirs() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("qrouter-demo-") || n.startsWith("qrouter-kafka-"))
                    .toList();
        }
    }
}
