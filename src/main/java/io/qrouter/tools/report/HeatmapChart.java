package io.qrouter.tools.report;

import io.qrouter.core.estimate.NearestRank;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYDataImageAnnotation;
import org.jfree.chart.axis.AxisLocation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.CombinedRangeXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.PaintScaleLegend;
import org.jfree.chart.ui.RectangleEdge;

/**
 * A per-server quantity over time as a heatmap (rows × time, one colour scale, no legend entry per
 * row), drawn as one raster image inside a JFreeChart plot so that 1,000 servers cost one embedded
 * image, not 100,000 shapes. Rows are labelled by name up to {@value #MAX_NAMED_ROWS} rows, else by
 * rank; beyond {@value #MAX_ROWS} rows neighbours are merged into their mean (the axis says so). A
 * plot can be stacked below on the same time axis (the fleet's percentile bands), and several grids
 * can be drawn side by side on shared axes and one scale.
 */
public final class HeatmapChart {
    static final int MAX_ROWS = 500;
    static final int MAX_COLUMNS = 800;
    static final int MAX_NAMED_ROWS = 40;
    private static final int WIDTH = 960;
    private static final int BELOW_HEIGHT = 200;

    private final String title;
    private final String rowLabel;
    private final String valueLabel;
    private double lower = Double.NaN;
    private double upper = Double.NaN;

    /**
     * @param rowLabel what the rows are, e.g. "servers by μ (slowest at the bottom)"
     * @param valueLabel the quantity and its unit, e.g. "tasks on the server"
     */
    public HeatmapChart(String title, String rowLabel, String valueLabel) {
        this.title = title;
        this.rowLabel = rowLabel;
        this.valueLabel = valueLabel;
    }

    /**
     * Fixes the colour scale (e.g. [0, 1] for a utilisation); by default it runs from 0 to the p99
     * of the values.
     */
    public HeatmapChart scale(double lower, double upper) {
        this.lower = lower;
        this.upper = upper;
        return this;
    }

    /**
     * The heatmap of {@code grid}, with {@code below} (may be null) under it on the same time axis.
     */
    public ChartFigure figure(String name, TimeGrid grid, XYPlot below) {
        TimeGrid shown = grid.binned(MAX_ROWS, MAX_COLUMNS);
        ColourScale colours = scaleFor(List.of(grid));
        NumberAxis time = timeAxis(List.of(shown), "time (s)");
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.setGap(12);
        plot.add(heatmapPlot(shown, colours, rowAxis(shown)), 3);
        if (below != null) {
            below.setDomainAxis(null);
            plot.add(below, 1);
        }
        JFreeChart chart = chart(plot, colours, below != null);
        return new ChartFigure(
                name,
                title,
                chart,
                WIDTH,
                heatmapHeight(shown) + (below == null ? 0 : BELOW_HEIGHT) + 150);
    }

    /**
     * One heatmap per entry (e.g. per policy) side by side, sharing the row axis, the time range
     * and the scale.
     */
    public ChartFigure sideBySide(String name, Map<String, TimeGrid> grids) {
        List<TimeGrid> shown =
                grids.values().stream()
                        .map(g -> g.binned(MAX_ROWS, MAX_COLUMNS / grids.size()))
                        .toList();
        ColourScale colours = scaleFor(List.copyOf(grids.values()));
        CombinedRangeXYPlot plot = new CombinedRangeXYPlot(rowAxis(shown.get(0)));
        plot.setGap(16);
        List<String> labels = new ArrayList<>(grids.keySet());
        for (int i = 0; i < shown.size(); i++) {
            XYPlot panel = heatmapPlot(shown.get(i), colours, null);
            panel.setDomainAxis(timeAxis(shown, labels.get(i) + ": time (s)"));
            plot.add(panel, 1);
        }
        return new ChartFigure(
                name, title, chart(plot, colours, false), WIDTH, heatmapHeight(shown.get(0)) + 150);
    }

    private JFreeChart chart(XYPlot plot, ColourScale colours, boolean legend) {
        JFreeChart chart =
                Charts.themed(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, legend));
        NumberAxis scaleAxis = new NumberAxis(valueLabel);
        scaleAxis.setRange(colours.getLowerBound(), colours.getUpperBound());
        PaintScaleLegend scaleLegend = new PaintScaleLegend(colours, scaleAxis);
        scaleLegend.setPosition(RectangleEdge.RIGHT);
        scaleLegend.setAxisLocation(AxisLocation.TOP_OR_RIGHT);
        scaleLegend.setStripWidth(14);
        scaleLegend.setMargin(10, 10, 10, 10);
        chart.addSubtitle(scaleLegend);
        return chart;
    }

    /**
     * Image rows top to bottom are grid rows last to first, so row 0 sits at the bottom of the
     * axis.
     */
    private static XYPlot heatmapPlot(TimeGrid grid, ColourScale colours, ValueAxis rowAxis) {
        BufferedImage image =
                new BufferedImage(
                        Math.max(1, grid.columns()),
                        Math.max(1, grid.rows()),
                        BufferedImage.TYPE_INT_RGB);
        for (int r = 0; r < grid.rows(); r++) {
            for (int c = 0; c < grid.columns(); c++) {
                image.setRGB(c, grid.rows() - 1 - r, colours.colour(grid.values()[r][c]).getRGB());
            }
        }
        XYPlot plot = new XYPlot(null, null, rowAxis, null);
        double bottom = named(grid) ? -0.5 : 0.5;
        plot.addAnnotation(
                new XYDataImageAnnotation(
                        image,
                        grid.x0() - grid.dx() / 2,
                        bottom,
                        grid.columns() * grid.dx(),
                        grid.rows() * (double) grid.rowsPerBin(),
                        false));
        plot.setDomainGridlinesVisible(false);
        plot.setRangeGridlinesVisible(false);
        return plot;
    }

    private ValueAxis rowAxis(TimeGrid grid) {
        ValueAxis axis;
        if (named(grid)) {
            axis = new SymbolAxis(rowLabel, grid.rowNames().toArray(String[]::new));
            ((SymbolAxis) axis).setGridBandsVisible(false);
            axis.setRange(-0.5, grid.rows() - 0.5);
        } else {
            String merged =
                    grid.rowsPerBin() > 1 ? " (each row: mean of " + grid.rowsPerBin() + ")" : "";
            NumberAxis numbers = new NumberAxis(rowLabel + ": rank" + merged);
            numbers.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            numbers.setRange(0.5, grid.rows() * grid.rowsPerBin() + 0.5);
            axis = numbers;
        }
        return axis;
    }

    private static NumberAxis timeAxis(List<TimeGrid> grids, String label) {
        double from = grids.stream().mapToDouble(g -> g.x0() - g.dx() / 2).min().orElse(0);
        double to =
                grids.stream()
                        .mapToDouble(g -> g.x0() + (g.columns() - 0.5) * g.dx())
                        .max()
                        .orElse(1);
        NumberAxis axis = new NumberAxis(label);
        axis.setRange(from, Math.max(to, from + 1e-9));
        return axis;
    }

    private ColourScale scaleFor(List<TimeGrid> grids) {
        if (!Double.isNaN(lower)) {
            return new ColourScale(lower, upper);
        }
        double[] all =
                grids.stream()
                        .flatMapToDouble(g -> Arrays.stream(g.sortedValues()))
                        .sorted()
                        .toArray();
        double low = all.length == 0 ? 0 : Math.min(0, all[0]);
        double high = all.length == 0 ? 1 : NearestRank.of(all, all.length, 0.99);
        if (!(high > low)) {
            high = all.length == 0 || !(all[all.length - 1] > low) ? low + 1 : all[all.length - 1];
        }
        return new ColourScale(low, high);
    }

    private static boolean named(TimeGrid grid) {
        return grid.rowNames() != null && grid.rows() <= MAX_NAMED_ROWS;
    }

    /** About 14 px per named row; one pixel row per merged bin for large fleets. */
    private static int heatmapHeight(TimeGrid grid) {
        return named(grid)
                ? Math.max(160, 14 * grid.rows())
                : Math.max(260, Math.min(MAX_ROWS, grid.rows()) + 40);
    }
}
