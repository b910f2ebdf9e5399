package io.qrouter.tools.report;

import java.awt.BasicStroke;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * A line chart with named series, rendered headless to PNG (and to SVG through {@link
 * ChartFigure}).
 */
public final class LineChart {
    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final Map<String, XYSeries> series = new LinkedHashMap<>();
    private boolean logY;
    private boolean logX;
    private boolean yFromData;

    public LineChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /**
     * Adds a point to a series (created on first use). Non-finite y values are skipped, not
     * plotted.
     */
    public LineChart point(String seriesName, double x, double y) {
        if (Double.isFinite(x) && Double.isFinite(y)) {
            series.computeIfAbsent(seriesName, n -> new XYSeries(n, false, true)).add(x, y);
        }
        return this;
    }

    public LineChart logY() {
        this.logY = true;
        return this;
    }

    /** A base-2 log x axis, for sweeps that double x (router counts, fleet sizes). */
    public LineChart logX() {
        this.logX = true;
        return this;
    }

    /**
     * Fits the linear y axis to the data instead of stretching it down to zero (for curves far
     * above zero).
     */
    public LineChart yFromData() {
        this.yFromData = true;
        return this;
    }

    public void writePng(Path file) {
        writePng(file, 900, 540);
    }

    public void writePng(Path file, int width, int height) {
        String stem = file.getFileName().toString().replaceFirst("\\.png$", "");
        Path dir = file.toAbsolutePath().getParent();
        new ChartFigure(stem, title, toChart(), width, height).writePng(dir);
    }

    /** This chart as a report figure named {@code name} (file stem and element id), 900 × 540. */
    public ChartFigure figure(String name) {
        return new ChartFigure(name, title, toChart(), 900, 540);
    }

    /**
     * The chart with a legend of one entry per series (keep series few: a legend per server does
     * not scale).
     */
    public JFreeChart toChart() {
        XYPlot plot = toPlot();
        return Charts.themed(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true));
    }

    /** The plot alone, to stack under another plot on a shared time axis. */
    public XYPlot toPlot() {
        XYSeriesCollection data = new XYSeriesCollection();
        series.values().forEach(data::addSeries);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        ValueAxis xAxis = logX ? log2Axis(xLabel) : new NumberAxis(xLabel);
        if (xAxis instanceof NumberAxis linear) {
            linear.setAutoRangeIncludesZero(false);
        }
        XYPlot plot = new XYPlot(data, xAxis, new NumberAxis(yLabel), renderer);
        renderer.setAutoPopulateSeriesStroke(
                false); // else the chart theme clears the strokes set here
        renderer.setDefaultStroke(new BasicStroke(2f));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesStroke(i, Charts.stroke(i));
        }
        if (yFromData && plot.getRangeAxis() instanceof NumberAxis axis) {
            axis.setAutoRangeIncludesZero(false);
        }
        if (logY) {
            LogAxis axis = new LogAxis(yLabel);
            axis.setSmallestValue(1e-6);
            // plain numbers at whole steps (1, 2, 5, 10, …) rather than powers like 10^0.3
            axis.setStandardTickUnits(NumberAxis.createStandardTickUnits());
            axis.setNumberFormatOverride(new java.text.DecimalFormat("0.###"));
            plot.setRangeAxis(axis);
        }
        return plot;
    }

    private static LogAxis log2Axis(String label) {
        LogAxis axis = new LogAxis(label);
        axis.setBase(2);
        axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        axis.setNumberFormatOverride(new java.text.DecimalFormat("0"));
        return axis;
    }
}
