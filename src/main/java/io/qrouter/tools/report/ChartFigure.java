package io.qrouter.tools.report;

import java.awt.Rectangle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.ViewBox;

/**
 * One chart of a report, drawn twice from the same JFreeChart: as {@code <name>.png} beside the CSV
 * (the project's standard) and as an inline SVG element for report.html (crisp at any zoom, no file
 * to fetch).
 *
 * @param name file stem and element id, e.g. {@code server_occupancy}
 * @param caption what the chart shows, for the page
 */
public record ChartFigure(String name, String caption, JFreeChart chart, int width, int height) {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    public ChartFigure {
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException(
                    "chart name must be letters, digits, '_', '.' or '-' (got " + name + ")");
        }
    }

    /** Writes {@code dir/<name>.png} and returns its path. */
    public Path writePng(Path dir) {
        Path file = dir.resolve(name + ".png");
        try {
            Files.createDirectories(dir);
            ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /**
     * The chart as an {@code <svg>} element with id {@code chart-<name>}, scalable through its view
     * box.
     */
    public String svg() {
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        // clip paths and gradients get ids: keep them unique when several charts share a page
        g2.setDefsKeyPrefix(name + "-");
        chart.draw(g2, new Rectangle(0, 0, width, height));
        return g2.getSVGElement(
                "chart-" + name, true, new ViewBox(0, 0, width, height), null, null);
    }
}
