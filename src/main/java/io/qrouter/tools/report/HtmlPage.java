package io.qrouter.tools.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One self-contained report.html: the style sheet inline, charts as inline SVG or PNG data URIs, no
 * script and no address outside the page except relative links to the CSV and JSON files beside it,
 * so it opens from disk without network. Every text is escaped; only {@link #html} takes markup,
 * from code that produced it.
 */
public final class HtmlPage {
    private static final String STYLE =
            """
            body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto;
                   max-width: 1200px; padding: 0 24px 48px; color: #222; }
            h1 { margin: 24px 0 4px; font-size: 1.6em; } h2 { margin-top: 36px; border-bottom: 1px solid #ddd; }
            table { border-collapse: collapse; margin: 8px 0 16px; }
            th, td { border: 1px solid #ddd; padding: 3px 10px; text-align: left; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; }
            thead th { background: #f3f3f3; }
            figure { margin: 16px 0 28px; } figcaption { font-weight: 600; margin-bottom: 4px; }
            figure svg, figure img { width: 100%; height: auto; max-width: 1000px; display: block; }
            figure svg image { image-rendering: pixelated; }
            p.files, p.note { color: #555; font-size: 0.9em; margin: 4px 0; }
            nav a, p.files a { margin-right: 10px; }
            .side-by-side { display: flex; flex-wrap: wrap; gap: 16px; }
            """;

    private final String title;
    private final StringBuilder body = new StringBuilder();

    public HtmlPage(String title) {
        this.title = title;
    }

    /** Text safe in element content and in double-quoted attributes. */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    public HtmlPage section(String heading) {
        body.append("<h2>").append(escape(heading)).append("</h2>\n");
        return this;
    }

    public HtmlPage note(String text) {
        body.append("<p class=\"note\">").append(escape(text)).append("</p>\n");
        return this;
    }

    /** Markup produced by code (e.g. Markdown rendered by a library), inserted as it is. */
    public HtmlPage html(String trustedMarkup) {
        body.append(trustedMarkup).append('\n');
        return this;
    }

    /** A two-column table of settings: name and value, in the map's order. */
    public HtmlPage settings(Map<String, ?> entries) {
        HtmlTable table = new HtmlTable("setting", "value");
        entries.forEach((k, v) -> table.row(k, v == null ? "" : String.valueOf(v)));
        return table(table, "settings");
    }

    public HtmlPage table(HtmlTable table, String cssClass) {
        body.append(table.toHtml(cssClass));
        return this;
    }

    /** A chart as inline SVG, with links to its PNG and to the data files it was drawn from. */
    public HtmlPage chart(ChartFigure figure, List<String> dataFiles) {
        body.append("<figure class=\"chart\" id=\"figure-")
                .append(escape(figure.name()))
                .append("\">\n<figcaption>")
                .append(escape(figure.caption()))
                .append("</figcaption>\n")
                .append(figure.svg())
                .append('\n');
        body.append(links("p", "files", withPng(figure.name(), dataFiles))).append("</figure>\n");
        return this;
    }

    /** A PNG chart written by other code, embedded as a data URI. */
    public HtmlPage image(String name, String caption, Path png) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        body.append("<figure class=\"chart\" id=\"figure-")
                .append(escape(name))
                .append("\">\n<figcaption>")
                .append(escape(caption))
                .append("</figcaption>\n<img alt=\"")
                .append(escape(caption))
                .append("\" src=\"data:image/png;base64,")
                .append(Base64.getEncoder().encodeToString(bytes))
                .append("\">\n")
                .append(links("p", "files", List.of(png.getFileName().toString())))
                .append("</figure>\n");
        return this;
    }

    /** Relative links to files beside the page (CSV, JSON, other pages). */
    public HtmlPage files(List<String> names) {
        body.append(links("nav", "files", names));
        return this;
    }

    public String render() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<link rel=\"icon\" href=\"data:,\">\n<title>"
                + escape(title)
                + "</title>\n<style>\n"
                + STYLE
                + "</style>\n</head>\n<body>\n<h1>"
                + escape(title)
                + "</h1>\n"
                + body
                + "</body>\n</html>\n";
    }

    /** Writes the page to {@code file} (UTF-8) and returns the file. */
    public Path write(Path file) {
        TextFile.write(file, render());
        return file;
    }

    private static List<String> withPng(String name, List<String> dataFiles) {
        return Stream.concat(Stream.of(name + ".png"), dataFiles.stream()).toList();
    }

    private static String links(String element, String cssClass, List<String> names) {
        StringBuilder out =
                new StringBuilder("<")
                        .append(element)
                        .append(" class=\"")
                        .append(cssClass)
                        .append("\">");
        for (String n : names) {
            out.append("<a href=\"")
                    .append(escape(n))
                    .append("\">")
                    .append(escape(n))
                    .append("</a>");
        }
        return out.append("</").append(element).append(">\n").toString();
    }
}
