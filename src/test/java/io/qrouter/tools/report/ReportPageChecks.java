package io.qrouter.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Checks of a report.html read back, shared by the unit tests, the demo test and the browser test.
 */
public final class ReportPageChecks {
    private ReportPageChecks() {}

    /**
     * Every number on the page that names its JSON path ({@code data-key}) shows the value at that
     * path of {@code json}, to the precision shown (a percentage to 0.05 points, "n/a" for null).
     * Returns how many.
     */
    public static int assertNumbersMatch(Document page, JsonNode json) {
        int checked = 0;
        for (Element cell : page.select("[data-key]")) {
            String key = cell.attr("data-key");
            assertNumberShown(key, cell.text(), valueAt(json, key));
            checked++;
        }
        return checked;
    }

    /** The node at a dotted path ({@code wait_seconds.p50}), or null. */
    public static JsonNode valueAt(JsonNode json, String path) {
        JsonNode node = json;
        for (String part : path.split("\\.")) {
            node = node == null ? null : node.get(part);
        }
        return node;
    }

    /**
     * {@code shown} is {@code value} as a page shows it: rounded to its decimals, or a percentage,
     * or n/a.
     */
    public static void assertNumberShown(String key, String shown, JsonNode value) {
        if (value == null || value.isNull()) {
            assertThat(shown).as(key).isEqualTo("n/a");
            return;
        }
        assertThat(value.isNumber()).as(key + " is a number in the JSON").isTrue();
        boolean percent = shown.endsWith("%");
        String digits = percent ? shown.substring(0, shown.length() - 1) : shown;
        int decimals = digits.contains(".") ? digits.length() - digits.indexOf('.') - 1 : 0;
        double scale = percent ? 100 : 1;
        double tolerance = 0.5 * Math.pow(10, -decimals) + 1e-9;
        assertThat(Double.parseDouble(digits))
                .as(key + " shown as " + shown)
                .isCloseTo(
                        value.asDouble() * scale, org.assertj.core.data.Offset.offset(tolerance));
    }

    /**
     * Nothing on the page is fetched from elsewhere: images and icons are data URIs, links are
     * relative.
     */
    public static void assertSelfContained(Document page) {
        assertThat(page.select("[src]").eachAttr("src")).allMatch(s -> s.startsWith("data:"));
        assertThat(page.select("link[href]").eachAttr("href")).allMatch(s -> s.startsWith("data:"));
        assertThat(page.select("a[href]").eachAttr("href"))
                .noneMatch(s -> s.contains("://") || s.startsWith("/"));
        assertThat(page.select("script")).isEmpty();
    }
}
