package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.ReportPageChecks;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A made-up fleet run written as a report and read back: the page, the JSON and the CSV agree with
 * the run.
 */
class FleetReportTest {
    private static final double[] MU = {30, 10, 50, 20, 60, 40};

    @TempDir Path dir;

    @Test
    void thePageShowsReportJsonsNumbersAndEveryChartWithItsPng() throws Exception {
        Path html =
                FleetReport.write(SyntheticFleetRun.of(MU, 64), dir, Map.of("policy", "ga-batch"));

        assertThat(html).isEqualTo(dir.resolve("report.html"));
        for (String file : FleetReport.FILES) {
            assertThat(dir.resolve(file)).isNotEmptyFile();
        }
        Document page = Jsoup.parse(html.toFile());
        JsonNode json = Json.MAPPER.readTree(dir.resolve("report.json").toFile());
        assertThat(ReportPageChecks.assertNumbersMatch(page, json)).isGreaterThan(40);
        ReportPageChecks.assertSelfContained(page);
        assertThat(page.select("figure.chart").eachAttr("id"))
                .map(id -> id.substring("figure-".length()))
                .containsExactlyInAnyOrderElementsOf(pngStems());
        for (Element figure : page.select("figure.chart")) {
            assertThat(figure.selectFirst("svg")).as(figure.id()).isNotNull();
            assertThat(figure.select("svg text").text()).as(figure.id()).isNotBlank();
        }
        assertThat(page.select("table.settings th").eachText())
                .contains("policy", "servers", "seed");
    }

    @Test
    void gaBatchesAndDsrsSlotsAreSummarisedFromTheRun() throws Exception {
        FleetReport.write(SyntheticFleetRun.of(MU, 64), dir, Map.of());
        JsonNode json = Json.MAPPER.readTree(dir.resolve("report.json").toFile());

        JsonNode batches = json.get("ga_batches");
        assertThat(batches.get("batches").asInt()).isEqualTo(2);
        assertThat(batches.get("batch_size").get("max").asDouble()).isEqualTo(32);
        // task k is created at 0.01·k; the newest of its window of 32 at 0.01·(32·⌊k/32⌋ + 31)
        assertThat(batches.get("batching_delay_seconds").get("max").asDouble())
                .isCloseTo(0.31, within(1e-9));
        // delays 0, 0.01, …, 0.31 in each of the two windows: the 32nd smallest of 64 is 0.15
        assertThat(batches.get("batching_delay_seconds").get("p50").asDouble())
                .isCloseTo(0.15, within(1e-9));

        JsonNode dsrs = json.get("dsrs");
        assertThat(dsrs.get("slots").asInt()).isEqualTo(3);
        assertThat(dsrs.get("total_cost").asDouble()).isEqualTo(20 + 40 + 60);
        // Σ_j Q_j after slot k = Σ_j (j + k) = 15 + 6k
        assertThat(dsrs.get("final_total_backlog").asDouble()).isEqualTo(27);
        assertThat(dsrs.get("mean_total_backlog").asDouble()).isEqualTo(21);
        assertThat(Files.readAllLines(dir.resolve("dsrs_backlog.csv"))).hasSize(1 + 3 * MU.length);
        assertThat(Files.readAllLines(dir.resolve("ga_batches.csv")).get(1)).startsWith("1.0,32,");
    }

    @Test
    void perServerSeriesAreOrderedByMuWithUtilisationAndTheLastReportedK() throws Exception {
        FleetReport.write(SyntheticFleetRun.of(MU, 10), dir, Map.of());
        List<String[]> rows =
                Files.readAllLines(dir.resolve("server_timeseries.csv")).stream()
                        .skip(1)
                        .map(l -> l.split(",", -1))
                        .toList();

        assertThat(rows.subList(0, MU.length))
                .extracting(r -> r[1])
                .containsExactly(
                        "server-2", "server-4", "server-1", "server-6", "server-3", "server-5");
        for (String[] r : rows) {
            int index = Integer.parseInt(r[1].substring("server-".length())) - 1;
            double second = Double.parseDouble(r[0]);
            assertThat(Integer.parseInt(r[2])).isEqualTo(index + (int) second % 3);
            assertThat(Double.parseDouble(r[4]))
                    .as("utilisation")
                    .isCloseTo((index + 1.0) / (MU.length + 1), within(1e-9));
            String expectedK = index == 0 && second >= 3 && second <= 6 ? "1.5" : "";
            assertThat(r[3]).as("K of %s at %s s", r[1], r[0]).isEqualTo(expectedK);
        }
    }

    @Test
    void aThousandServersStayOneReadableChartEachAndAPageOfModestSize() throws Exception {
        double[] mu = new double[1000];
        for (int i = 0; i < mu.length; i++) {
            mu[i] = 1 + (i * 7919 % 1000) / 100.0;
        }
        FleetReport.write(SyntheticFleetRun.of(mu, 64), dir, Map.of());

        int height = ImageIO.read(dir.resolve("server_occupancy.png").toFile()).getHeight();
        assertThat(height)
                .as("one pixel row per two servers, not 1,000 legend entries")
                .isBetween(600, 1000);
        assertThat(Files.size(dir.resolve("report.html"))).isLessThan(8_000_000);
        Document page = Jsoup.parse(dir.resolve("report.html").toFile());
        assertThat(page.select("#figure-server_occupancy svg image")).hasSize(1);
        assertThat(page.select("#figure-server_occupancy svg text").eachText())
                .noneMatch(t -> t.startsWith("server-"));
    }

    private List<String> pngStems() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".png"))
                    .map(n -> n.substring(0, n.length() - 4))
                    .toList();
        }
    }
}
