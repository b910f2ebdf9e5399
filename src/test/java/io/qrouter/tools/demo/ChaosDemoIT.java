package io.qrouter.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.tools.cli.Main;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.ReportPageChecks;
import java.nio.file.Path;
import java.time.Instant;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code qrouter demo --chaos-schedule …} end to end, exactly-once: poison records on the inputs, a
 * TaskManager terminated, the broker restarted. Nothing lost, nothing decided twice, every poison
 * record dead-lettered (all read back from the topics), the job restarted, routing resumed after
 * every fault; the chaos section in report.json and on report.html.
 */
class ChaosDemoIT {
    @TempDir Path out;

    @Test
    void faultsLoseAndDuplicateNothingAndEveryPoisonRecordIsDeadLettered() throws Exception {
        int exit =
                Main.execute(
                        "demo",
                        "--chaos-schedule",
                        "poison@5s,kill-taskmanager@10s,restart-broker@18s",
                        "--broker-downtime",
                        "3s",
                        "--duration",
                        "28s",
                        "--delivery",
                        "exactly-once",
                        "--servers",
                        "4",
                        "--rate",
                        "40",
                        "--warmup",
                        "2s",
                        "--seed",
                        "11",
                        "--out",
                        out.toString(),
                        "--quiet");
        assertThat(exit).isZero();

        JsonNode report = Json.MAPPER.readTree(out.resolve("report.json").toFile());
        JsonNode chaos = report.get("chaos");
        assertThat(chaos.get("faults"))
                .extracting(f -> f.get("fault").asText())
                .containsExactly("poison", "kill-taskmanager", "restart-broker");
        assertThat(chaos.get("lost").asLong()).as("tasks lost").isZero();
        assertThat(chaos.get("duplicated").asLong()).as("tasks decided twice").isZero();
        int poisonSet = PoisonRecords.all("any", Instant.now()).size();
        assertThat(chaos.get("poison_sent").asLong()).isEqualTo(poisonSet);
        assertThat(chaos.get("poison_dead_lettered").asLong())
                .as("poison records on dead-letter")
                .isEqualTo(poisonSet);
        assertThat(chaos.get("job_restarts").asLong())
                .as("the TaskManager's loss restarted the job")
                .isPositive();
        assertThat(report.get("undecided").asLong()).isZero();
        double bound = chaos.get("stall_bound_seconds").asDouble();
        assertThat(bound).as("restart delay 1 s + 2 checkpoints of 2 s").isEqualTo(5.0);
        StringBuilder figures = new StringBuilder("chaos demo (exactly-once):");
        for (JsonNode fault : chaos.get("faults")) {
            figures.append(
                    String.format(
                            " %s at %.1f s stalled %.1f s;",
                            fault.get("fault").asText(),
                            fault.get("at_seconds").asDouble(),
                            fault.get("stall_seconds").asDouble()));
            assertThat(fault.get("detail").asText())
                    .as(fault.toString())
                    .doesNotStartWith("failed");
            // routing resumed after every fault; the bound itself is the report's within_bound,
            // quoted in the README
            assertThat(fault.get("stall_seconds").asDouble())
                    .as(fault.toString())
                    .isLessThan(2 * bound);
        }
        System.out.println(figures.append(" bound ").append(bound).append(" s"));

        Document page = Jsoup.parse(out.resolve("report.html").toFile());
        assertThat(page.select("h2").eachText()).contains("Chaos: faults injected during the run");
        assertThat(page.select("[data-key^=chaos.]")).hasSize(7);
        ReportPageChecks.assertNumbersMatch(page, report);
    }
}
