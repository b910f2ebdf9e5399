package io.qrouter.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HtmlPageTest {
    @TempDir Path dir;

    @Test
    void textIsEscapedEverywhereSoNoInputCanInjectMarkup() {
        String evil = "<script>alert('x')</script> & \"quotes\"";
        HtmlPage page =
                new HtmlPage(evil)
                        .section(evil)
                        .note(evil)
                        .settings(Map.of(evil, evil))
                        .table(
                                new HtmlTable("h", "v").row(evil, HtmlTable.number(evil, 1.5)),
                                "summary");

        Document html = Jsoup.parse(page.render());

        assertThat(html.select("script")).isEmpty();
        assertThat(html.title()).isEqualTo(evil);
        assertThat(html.select("h2").text()).isEqualTo(evil);
        assertThat(html.select("td[data-key]").attr("data-key")).isEqualTo(evil);
    }

    @Test
    void chartsAreInlineSvgAndImagesAreDataUrisSoThePageNeedsNoOtherFile() throws Exception {
        LineChart line = new LineChart("A line", "x", "y").point("s", 0, 1).point("s", 1, 2);
        Path png = line.figure("given").writePng(dir);
        HtmlPage page =
                new HtmlPage("t")
                        .chart(line.figure("drawn"), List.of("data.csv"))
                        .image("given", "Given", png);

        Document html = Jsoup.parse(page.write(dir.resolve("report.html")).toFile());

        Element svg = html.selectFirst("figure#figure-drawn > svg");
        assertThat(svg).isNotNull();
        assertThat(svg.id()).isEqualTo("chart-drawn");
        assertThat(svg.attr("viewBox").split(" "))
                .extracting(Double::parseDouble)
                .containsExactly(0.0, 0.0, 900.0, 540.0);
        assertThat(svg.select("text").text()).contains("A line");
        assertThat(html.select("figure#figure-drawn a").eachAttr("href"))
                .containsExactly("drawn.png", "data.csv");
        String src = html.selectFirst("figure#figure-given img").attr("src");
        assertThat(src).startsWith("data:image/png;base64,");
        assertThat(Base64.getDecoder().decode(src.substring(src.indexOf(',') + 1)))
                .isEqualTo(Files.readAllBytes(png));
        assertThat(html.select("[src]").eachAttr("src")).allMatch(s -> s.startsWith("data:"));
        assertThat(html.select("link[href]").eachAttr("href")).allMatch(s -> s.startsWith("data:"));
    }

    @Test
    void numbersAreShownAsIntegersOrWithThreeDecimalsAndUnknownAsNa() {
        assertThat(HtmlTable.format(42L)).isEqualTo("42");
        assertThat(HtmlTable.format(0.12345)).isEqualTo("0.123");
        assertThat(HtmlTable.format(null)).isEqualTo("n/a");
        assertThat(HtmlTable.format(Double.NaN)).isEqualTo("n/a");
        assertThat(HtmlTable.percent("k", 0.0312).text()).isEqualTo("3.1%");
    }
}
