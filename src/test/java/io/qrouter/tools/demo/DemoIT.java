package io.qrouter.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.qrouter.tools.cli.Main;
import io.qrouter.tools.fleet.FleetReport;
import io.qrouter.tools.report.BrowserReportChecks;
import io.qrouter.tools.report.HeadlessChromium;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.ReportPageChecks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code qrouter demo --compare heartbeat-k-live,ga-batch} end to end, run once for all tests:
 * broker, the real job on a MiniCluster, the fleet; every task accounted for under both policies,
 * the GA batches and DSRS slots in the reports, and the reports as a browser shows them.
 */
class DemoIT {
    private static final List<String> POLICIES = List.of("heartbeat-k-live", "ga-batch");

    @TempDir static Path out;
    private static int exit;
    private static List<String> tempBefore;
    private static List<String> tempAfter;

    @BeforeAll
    static void runTheDemoUnderTwoPolicies() throws IOException {
        tempBefore = demoTempDirs();
        exit =
                Main.execute(
                        "demo",
                        "--compare",
                        String.join(",", POLICIES),
                        "--servers",
                        "4",
                        "--rate",
                        "40",
                        "--duration",
                        "10s",
                        "--warmup",
                        "2s",
                        "--seed",
                        "7",
                        "--out",
                        out.toString(),
                        "--quiet");
        tempAfter = demoTempDirs();
    }

    @Test
    void everyTaskIsAccountedForUnderEachPolicy() throws Exception {
        assertThat(exit).isZero();
        for (String policy : POLICIES) {
            JsonNode report = report(policy);
            long sent = report.get("sent").asLong();
            long decided = report.get("decided").asLong();
            long completed = report.get("completed").asLong();
            long undecided = report.get("undecided").asLong();
            // 40 tasks/s for the 8 s after the 2 s warm-up: Poisson, so well above 200 with
            // overwhelming probability
            assertThat(sent).as(policy).isGreaterThan(200);
            assertThat(report.get("warmup_tasks").asLong()).as(policy).isPositive();
            assertThat(undecided)
                    .as(policy + ": every task decided or dead-lettered after draining")
                    .isZero();
            assertThat(report.get("unknown_server").asLong()).as(policy).isZero();
            // What reached Kafka, read back from the topics, against the fleet's own count (warm-up
            // included).
            JsonNode audit = report.get("audit");
            long allSent = sent + report.get("warmup_tasks").asLong();
            assertThat(audit.get("lost_tasks").asLong())
                    .as(policy + ": tasks with neither decision nor dead letter")
                    .isZero();
            assertThat(audit.get("duplicate_decisions").asLong()).as(policy).isZero();
            assertThat(
                            audit.get("decided_tasks").asLong()
                                    + audit.get("dead_lettered_tasks").asLong())
                    .as(policy)
                    .isEqualTo(allSent);
            assertThat(audit.get("decided_tasks").asLong())
                    .as(policy + ": the fleet saw every decision on the topic")
                    .isGreaterThanOrEqualTo(decided);
            assertThat(report.get("duplicate_decisions").asLong()).as(policy).isZero();
            assertThat(completed).as(policy).isGreaterThan(decided / 2);
            JsonNode waits = report.get("wait_seconds");
            assertThat(waits.get("p99").isNumber()).as(policy).isTrue();
            assertThat(waits.get("mean").asDouble())
                    .as(policy + ": the mean wait lies in its 95 % interval")
                    .isBetween(
                            waits.get("mean_ci95_low").asDouble(),
                            waits.get("mean_ci95_high").asDouble());
            assertThat(waits.get("mean_ci95_low").asDouble()).as(policy).isNotNegative();
            assertThat(report.get("sojourn_seconds").get("p50").asDouble()).as(policy).isPositive();
            assertThat(report.get("policy").asText()).isEqualTo(policy);
            assertThat(report.get("dsrs").get("slots").asInt())
                    .as(policy + ": DSRS slots read back")
                    .isPositive();
            for (String file : FleetReport.FILES) {
                assertThat(out.resolve(policy).resolve(file)).isNotEmptyFile();
            }
        }
        JsonNode batched = report("ga-batch");
        assertThat(batched.get("decisions_by_rule").fieldNames())
                .toIterable()
                .containsExactly("GA_BATCH");
        assertThat(batched.get("ga_batches").get("batches").asLong()).isPositive();
        assertThat(batched.get("ga_batches").get("batch_size").get("count").asLong())
                .isEqualTo(batched.get("ga_batches").get("batches").asLong());
        assertThat(report("heartbeat-k-live").has("ga_batches")).isFalse();
        assertThat(batched.get("twin").isNull())
                .as("the simulator has no GA batch mode: no twin")
                .isTrue();
        assertThat(out.resolve("compare.csv")).content().contains("ga-batch");
    }

    @Test
    void theDigitalTwinAndTheLatencyHopsAreReported() throws Exception {
        JsonNode report = report("heartbeat-k-live");
        JsonNode twin = report.get("twin");
        assertThat(twin.get("decided").asLong())
                .as("the twin replays every measured decided task")
                .isEqualTo(report.get("decided").asLong());
        assertThat(twin.get("wait_seconds").get("mean").asDouble()).isPositive();
        assertThat(twin.get("sojourn_seconds").get("mean").asDouble())
                .isGreaterThan(twin.get("wait_seconds").get("mean").asDouble());
        assertThat(twin.get("abandoned").asLong())
                .isLessThanOrEqualTo(twin.get("decided").asLong());
        JsonNode hops = report.get("latency_anatomy_seconds");
        assertThat(hops.fieldNames())
                .toIterable()
                .containsExactly(
                        "source_lag",
                        "producer_to_broker",
                        "broker_to_router",
                        "router_to_broker",
                        "broker_to_server",
                        "server_update_to_router");
        // The hops of one task add up to its delivery latency, so their means do too (server update
        // is beside).
        double sum = 0;
        for (String hop :
                List.of(
                        "source_lag",
                        "producer_to_broker",
                        "broker_to_router",
                        "router_to_broker",
                        "broker_to_server")) {
            assertThat(hops.get(hop).get("count").asLong())
                    .as(hop)
                    .isEqualTo(report.get("decided").asLong());
            sum += hops.get(hop).get("mean").asDouble();
        }
        assertThat(sum)
                .isCloseTo(
                        report.get("delivery_latency_seconds").get("mean").asDouble(),
                        org.assertj.core.api.Assertions.within(1e-6));
        assertThat(
                        java.nio.file.Files.readAllLines(
                                out.resolve("heartbeat-k-live").resolve("tasks.csv")))
                .hasSize(
                        1
                                + (int)
                                        (report.get("sent").asLong()
                                                + report.get("warmup_tasks").asLong()));
    }

    @Test
    void leavesNothingBehind() {
        assertThat(tempAfter)
                .as("broker logs, checkpoints and Flink temp dirs are deleted")
                .containsExactlyInAnyOrderElementsOf(tempBefore);
    }

    @Test
    void reportPagesShowTheirJsonsNumbers() throws Exception {
        for (String policy : POLICIES) {
            Document page = Jsoup.parse(out.resolve(policy).resolve("report.html").toFile());
            assertThat(ReportPageChecks.assertNumbersMatch(page, report(policy)))
                    .isGreaterThanOrEqualTo(40);
            ReportPageChecks.assertSelfContained(page);
        }
        Document compare = Jsoup.parse(out.resolve("report.html").toFile());
        // 19 columns per policy, the mean wait's interval among them (ga-batch has no twin: its
        // two twin cells show n/a for report.json's null)
        assertThat(ReportPageChecks.assertNumbersMatch(compare, reportsByPolicy()))
                .isEqualTo(19 * POLICIES.size());
        assertThat(compare.select("nav a").eachAttr("href"))
                .contains("heartbeat-k-live/report.html", "ga-batch/report.html");
    }

    @Test
    void reportsReadInHeadlessChromiumAsTheirJsonSays() throws Exception {
        Path screenshots = Path.of("target", "report-screenshots");
        try (HeadlessChromium browser = HeadlessChromium.startOrSkip()) {
            assertThat(
                            BrowserReportChecks.assertReadsAsReported(
                                    browser,
                                    out.resolve("report.html"),
                                    reportsByPolicy(),
                                    screenshots.resolve("demo-compare.png")))
                    .isPositive();
            for (String policy : POLICIES) {
                assertThat(
                                BrowserReportChecks.assertReadsAsReported(
                                        browser,
                                        out.resolve(policy).resolve("report.html"),
                                        report(policy),
                                        screenshots.resolve("demo-" + policy + ".png")))
                        .isGreaterThanOrEqualTo(40);
                BrowserReportChecks.assertOpensWithTheAnswer(
                        browser, out.resolve(policy).resolve("report.html"));
            }
        }
        assertThat(screenshots.resolve("demo-ga-batch.png")).isNotEmptyFile();
    }

    private static JsonNode report(String policy) throws IOException {
        return Json.MAPPER.readTree(out.resolve(policy).resolve("report.json").toFile());
    }

    /**
     * The compare page tags its numbers {@code <policy>.<path>}: each policy's report.json under
     * its name.
     */
    private static JsonNode reportsByPolicy() throws IOException {
        ObjectNode all = Json.MAPPER.createObjectNode();
        for (String policy : POLICIES) {
            all.set(policy, report(policy));
        }
        return all;
    }

    private static List<String> demoTempDirs() throws IOException {
        try (Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("qrouter-demo-") || n.startsWith("qrouter-kafka-"))
                    .toList();
        }
    }
}
