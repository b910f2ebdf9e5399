package io.qrouter.tools.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A table of a report page. Numeric cells carry the report.json path of their value ({@code
 * data-key}, e.g. {@code wait_seconds.p50}), so a test can read the page and compare each number
 * with the JSON it came from.
 */
public final class HtmlTable {
    /** One cell: text, and the JSON path of the number it shows (null for plain text). */
    public record Cell(String text, String key) {}

    private final List<String> header;
    private final List<List<Cell>> rows = new ArrayList<>();

    public HtmlTable(String... header) {
        this.header = List.of(header);
    }

    /**
     * A number as it appears on every page: integers as such, other numbers with 3 decimals,
     * unknown as n/a.
     */
    public static Cell number(String key, Object value) {
        return new Cell(format(value), key);
    }

    /** A fraction shown as a percentage with one decimal, unknown as n/a. */
    public static Cell percent(String key, Object fraction) {
        return new Cell(
                fraction instanceof Number n
                        ? String.format(Locale.ROOT, "%.1f%%", 100 * n.doubleValue())
                        : "n/a",
                key);
    }

    public static String format(Object value) {
        if (value instanceof Long || value instanceof Integer) {
            return value.toString();
        }
        if (value instanceof Number n && Double.isFinite(n.doubleValue())) {
            return String.format(Locale.ROOT, "%.3f", n.doubleValue());
        }
        return value == null || value instanceof Number ? "n/a" : value.toString();
    }

    /** A row; cells are {@link Cell}s or anything else, shown as text. */
    public HtmlTable row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException(
                    "row has " + cells.length + " cells, header has " + header.size());
        }
        List<Cell> row = new ArrayList<>();
        for (Object c : cells) {
            row.add(c instanceof Cell cell ? cell : new Cell(format(c), null));
        }
        rows.add(row);
        return this;
    }

    String toHtml(String cssClass) {
        StringBuilder out =
                new StringBuilder("<table class=\"").append(cssClass).append("\">\n<thead><tr>");
        header.forEach(h -> out.append("<th>").append(HtmlPage.escape(h)).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        for (List<Cell> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                Cell c = row.get(i);
                out.append(i == 0 ? "<th scope=\"row\"" : "<td");
                if (c.key() != null) {
                    out.append(" class=\"num\" data-key=\"")
                            .append(HtmlPage.escape(c.key()))
                            .append('"');
                }
                out.append('>')
                        .append(HtmlPage.escape(c.text()))
                        .append(i == 0 ? "</th>" : "</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</tbody>\n</table>\n").toString();
    }
}
