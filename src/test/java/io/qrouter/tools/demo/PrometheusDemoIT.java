package io.qrouter.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.qrouter.docker.GrafanaDashboard;
import io.qrouter.tools.cli.Main;
import io.qrouter.tools.kafka.FreePorts;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The demo's Prometheus endpoint while it runs: every metric the Grafana dashboard queries is
 * there, and, where a Prometheus server is installed, every panel's query returns a series once
 * that server has scraped the demo ({@code -Dqrouter.prometheus.required=true}, as in CI: it must
 * be).
 */
class PrometheusDemoIT {
    private static final int SERVERS = 4;
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir Path out;

    @Test
    void theDashboardsQueriesResolveAgainstTheDemosEndpoint() throws Exception {
        int port = FreePorts.any();
        CompletableFuture<Integer> demo =
                CompletableFuture.supplyAsync(
                        () ->
                                Main.execute(
                                        "demo",
                                        "--servers",
                                        Integer.toString(SERVERS),
                                        "--rate",
                                        "40",
                                        "--duration",
                                        "45s",
                                        "--prometheus-port",
                                        Integer.toString(port),
                                        "--out",
                                        out.toString(),
                                        "--quiet"));
        String endpoint = "http://localhost:" + port + "/metrics";
        String scrape = awaitScrape(endpoint, demo);

        for (String metric : GrafanaDashboard.metricNames()) {
            assertThat(Pattern.compile("(?m)^" + metric + "[{ ]").matcher(scrape).find())
                    .as("%s in the scrape of %s", metric, endpoint)
                    .isTrue();
        }
        double medianK =
                maxOf(scrape, "flink_taskmanager_job_task_operator_loadIndexK", "quantile=\"0.5\"");
        assertThat(medianK).as("the fleet's median K").isPositive();
        assertThat(scrape)
                .as("nothing is labelled by server: bounded cardinality")
                .doesNotContain("\"server-1\"");

        if (onPath("prometheus")) {
            askPrometheusForEveryPanel(port);
        } else {
            assertThat(Boolean.getBoolean("qrouter.prometheus.required"))
                    .as("prometheus is not installed (qrouter.prometheus.required is set)")
                    .isFalse();
        }
        assertThat(demo.get(3, TimeUnit.MINUTES)).isZero();
    }

    /**
     * The endpoint's text once the router reports the whole fleet with a K for each server (its
     * gauges tick each second; K needs a first estimate of λ and μ).
     */
    private static String awaitScrape(String endpoint, CompletableFuture<Integer> demo)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            assertThat(demo).as("the demo ended before its metrics were seen").isNotDone();
            String text = get(endpoint);
            if (text != null
                    && maxOf(text, "flink_taskmanager_job_task_operator_serversAlive") == SERVERS
                    && maxOf(text, "flink_taskmanager_job_task_operator_loadIndexK_count")
                            == SERVERS
                    && text.contains("flink_taskmanager_job_task_operator_rule_decisions{")) {
                return text;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("no router metrics at " + endpoint + " within 120 s");
    }

    private void askPrometheusForEveryPanel(int demoPort) throws Exception {
        int port = FreePorts.any();
        Path config = out.resolve("prometheus.yml");
        Files.writeString(
                config,
                "global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: demo\n"
                        + "    static_configs:\n      - targets: [\"localhost:"
                        + demoPort
                        + "\"]\n");
        Process prometheus =
                new ProcessBuilder(
                                "prometheus",
                                "--config.file=" + config,
                                "--storage.tsdb.path=" + out.resolve("tsdb"),
                                "--web.listen-address=127.0.0.1:" + port)
                        .redirectErrorStream(true)
                        .redirectOutput(out.resolve("prometheus.log").toFile())
                        .start();
        try {
            String api = "http://127.0.0.1:" + port + "/api/v1/query?query=";
            for (String query : GrafanaDashboard.queries()) {
                String url = api + URLEncoder.encode(query, StandardCharsets.UTF_8);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                JsonNode result = null;
                while (System.nanoTime() < deadline) {
                    String body = get(url);
                    result = body == null ? null : new ObjectMapper().readTree(body).path("data");
                    if (result != null && result.path("result").size() > 0) {
                        break;
                    }
                    Thread.sleep(500);
                }
                assertThat(result).as("Prometheus answers %s", query).isNotNull();
                assertThat(result.path("result").size())
                        .as("series for %s (log: %s)", query, out.resolve("prometheus.log"))
                        .isPositive();
            }
        } finally {
            prometheus.destroy();
            prometheus.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** The largest value of a metric across its series, -1 without any. */
    private static double maxOf(String scrape, String metric) {
        return maxOf(scrape, metric, "");
    }

    /** The largest value of a metric across its series whose labels hold {@code label}. */
    private static double maxOf(String scrape, String metric, String label) {
        Pattern sample = Pattern.compile("^" + Pattern.quote(metric) + "(\\{.*\\})? (\\S+)$");
        double max = -1;
        for (String line : scrape.split("\n")) {
            Matcher m = sample.matcher(line);
            if (m.matches() && (m.group(1) == null ? "" : m.group(1)).contains(label)) {
                max = Math.max(max, Double.parseDouble(m.group(2)));
            }
        }
        return max;
    }

    private static String get(String url) throws InterruptedException {
        try {
            HttpResponse<String> response =
                    HTTP.send(
                            HttpRequest.newBuilder(URI.create(url))
                                    .timeout(Duration.ofSeconds(5))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? response.body() : null;
        } catch (IOException notYet) {
            return null;
        }
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        List<String> dirs =
                path == null ? new ArrayList<>() : Arrays.asList(path.split(File.pathSeparator));
        return dirs.stream().anyMatch(dir -> Files.isExecutable(Path.of(dir, tool)));
    }
}
