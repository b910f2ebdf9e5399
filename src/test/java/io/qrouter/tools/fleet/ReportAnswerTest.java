package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.ReportPageChecks;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A demo's report opens with the answer: measured against the twin, and the audit's verdict. */
class ReportAnswerTest {
    private static final double[] MU = {30, 10, 50, 20};

    @TempDir Path dir;

    @Test
    void thePageOpensWithTheAnswerTablesAndTheSettingsFollow() throws Exception {
        FleetResult run = SyntheticFleetRun.of(MU, 64);
        long sentAll = run.sent() + run.warmupTasks();
        Map<String, Object> twin =
                Map.of(
                        "decided",
                        run.decided(),
                        "abandoned",
                        3L,
                        "abandoned_share",
                        3.0 / run.decided(),
                        "wait_seconds",
                        Map.of("mean", 0.042, "p99", 0.4));
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("policy", "heartbeat-k-live");
        extra.put("twin", twin);
        extra.put("audit", audit(sentAll, 0, 0));
        Document page = Jsoup.parse(FleetReport.write(run, dir, extra).toFile());
        JsonNode json = Json.MAPPER.readTree(dir.resolve("report.json").toFile());

        assertThat(page.select("h2").first().text()).isEqualTo("The answer");
        Element answer = page.select("table.answer").first();
        Element settings = page.selectFirst("table.settings");
        assertThat(answer.elementSiblingIndex()).isLessThan(settings.elementSiblingIndex());
        assertThat(page.select("table.settings th").eachText()).doesNotContain("twin", "audit");
        assertThat(answer.select("[data-key]").eachAttr("data-key"))
                .containsExactly(
                        "wait_seconds.mean",
                        "twin.wait_seconds.mean",
                        "wait_seconds.mean_ci95_low",
                        "twin.wait_seconds.mean_ci95_low",
                        "wait_seconds.mean_ci95_high",
                        "twin.wait_seconds.mean_ci95_high",
                        "wait_seconds.p99",
                        "twin.wait_seconds.p99",
                        "abandoned_share",
                        "twin.abandoned_share",
                        "rejected",
                        "audit.lost_tasks");
        assertThat(ReportPageChecks.assertNumbersMatch(page, json)).isGreaterThan(40);
        // the measured share against the counts it comes from
        assertThat(json.get("abandoned_share").asDouble())
                .isCloseTo(
                        (double) run.abandoned() / (run.decided() - run.rejected()), within(1e-12));
        assertThat(page.select("table.answer").get(1).select("td").first().text())
                .isEqualTo(
                        "every task accounted for: each of the "
                                + sentAll
                                + " sent decided or dead-lettered, once");
    }

    @Test
    void theVerdictNamesLostTasksDuplicatesAndAGapInTheCount() {
        Map<String, Object> json = new LinkedHashMap<>(Map.of("sent", 90L, "warmup_tasks", 10L));
        json.put("audit", audit(100, 2, 1));
        assertThat(ReportAnswer.verdict(json))
                .isEqualTo("2 tasks lost; 1 decision beyond a task's first");
        json.put("audit", audit(99, 0, 0));
        assertThat(ReportAnswer.verdict(json))
                .isEqualTo("the topics and the lost count give 99 of the 100 tasks sent");
    }

    @Test
    void aFleetRunWithoutTwinOrAuditHasNoAnswerSection() throws Exception {
        Document page =
                Jsoup.parse(
                        FleetReport.write(SyntheticFleetRun.of(MU, 64), dir, Map.of()).toFile());
        assertThat(page.select("h2").eachText()).doesNotContain("The answer");
        assertThat(page.select("h2").first().text()).isEqualTo("Settings");
    }

    /**
     * An audit of {@code accounted} tasks on the topics, {@code lost} of them decided only to
     * servers outside the fleet.
     */
    private static Map<String, Object> audit(long accounted, long lost, long duplicates) {
        Map<String, Object> audit = new LinkedHashMap<>();
        audit.put("decided_tasks", accounted - 5);
        audit.put("dead_lettered_tasks", 5L);
        audit.put("lost_tasks", lost);
        audit.put("tasks_to_unknown_servers", lost);
        audit.put("duplicate_decisions", duplicates);
        return audit;
    }
}
