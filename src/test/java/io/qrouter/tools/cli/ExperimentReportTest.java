package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.tools.report.ReportPageChecks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An experiment's --out gets a report.html with its options, its summary.md as HTML, and every PNG
 * it wrote.
 */
class ExperimentReportTest {
    @TempDir Path out;

    @Test
    void loadSweepReportHoldsItsOptionsSummaryTablesAndEveryChart() throws Exception {
        assertThat(
                        Main.execute(
                                "experiment",
                                "load-sweep",
                                "--out",
                                out.toString(),
                                "--servers",
                                "6",
                                "--tasks",
                                "150",
                                "--loads",
                                "0.5,0.95",
                                "--no-progress"))
                .isZero();

        Document page = Jsoup.parse(out.resolve("report.html").toFile());
        ReportPageChecks.assertSelfContained(page);
        List<String> settings = page.select("table.settings tr").eachText();
        assertThat(settings).contains("--servers 6", "--loads [0.5, 0.95]", "--out " + out);
        // summary.md's first table, rendered: same header cells as the Markdown
        String markdownHeader =
                Files.readAllLines(out.resolve("summary.md")).stream()
                        .filter(l -> l.startsWith("|"))
                        .findFirst()
                        .orElseThrow();
        List<String> expectedHeader =
                Stream.of(markdownHeader.split("\\|"))
                        .map(String::trim)
                        .filter(c -> !c.isEmpty())
                        .toList();
        assertThat(page.select("table:not(.settings)").first().select("th").eachText())
                .startsWith(expectedHeader.toArray(String[]::new));
        List<String> pngs;
        try (Stream<Path> files = Files.list(out)) {
            pngs =
                    files.map(p -> p.getFileName().toString())
                            .filter(n -> n.endsWith(".png"))
                            .sorted()
                            .toList();
        }
        assertThat(pngs).hasSizeGreaterThan(5);
        for (String png : pngs) {
            Element img = page.selectFirst("figure#figure-" + png.replace(".png", "") + " img");
            assertThat(img).as(png).isNotNull();
            String src = img.attr("src");
            assertThat(Base64.getDecoder().decode(src.substring(src.indexOf(',') + 1)))
                    .isEqualTo(Files.readAllBytes(out.resolve(png)));
        }
        assertThat(page.select("nav a").eachAttr("href"))
                .contains("summary.json", "summary.md", "load_sweep.csv");
    }
}
