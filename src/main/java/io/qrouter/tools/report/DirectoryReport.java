package io.qrouter.tools.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;

/**
 * report.html of a directory an experiment has written: its settings, its summary.md rendered
 * (headings, paragraphs and tables, by commonmark; raw HTML in it is escaped), every PNG chart
 * embedded, and links to the CSV, JSON and Markdown files beside it.
 */
public final class DirectoryReport {
    private static final List<org.commonmark.Extension> EXTENSIONS =
            List.of(TablesExtension.create());

    private DirectoryReport() {}

    public static Path write(Path dir, String title, Map<String, ?> settings) {
        HtmlPage page = new HtmlPage(title);
        List<String> files = files(dir);
        page.files(files.stream().filter(f -> !f.endsWith(".png")).toList());
        page.section("Settings");
        page.settings(settings);
        Path summary = dir.resolve("summary.md");
        if (Files.isRegularFile(summary)) {
            page.section("Summary (summary.md)");
            page.html(markdownToHtml(read(summary)));
        }
        page.section("Charts");
        for (String png : files.stream().filter(f -> f.endsWith(".png")).toList()) {
            String name = png.substring(0, png.length() - ".png".length());
            page.image(name, name.replace('_', ' '), dir.resolve(png));
        }
        return page.write(dir.resolve("report.html"));
    }

    /**
     * Markdown (with GitHub tables) as HTML; raw HTML in the input is escaped, not passed through.
     */
    static String markdownToHtml(String markdown) {
        Parser parser = Parser.builder().extensions(EXTENSIONS).build();
        return HtmlRenderer.builder()
                .extensions(EXTENSIONS)
                .escapeHtml(true)
                .build()
                .render(parser.parse(markdown));
    }

    private static List<String> files(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals("report.html"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
