package io.qrouter.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** A line chart with named series, rendered headless to PNG. */
public final class LineChart {
    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final Map<String, XYSeries> series = new LinkedHashMap<>();
    private boolean logY;
    private boolean yFromData;

    public LineChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** Adds a point to a series (created on first use). Non-finite y values are skipped, not plotted. */
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

    /** Fits the linear y axis to the data instead of stretching it down to zero (for curves far above zero). */
    public LineChart yFromData() {
        this.yFromData = true;
        return this;
    }

    public void writePng(Path file) {
        writePng(file, 900, 540);
    }

    public void writePng(Path file, int width, int height) {
        System.setProperty("java.awt.headless", "true");
        XYSeriesCollection data = new XYSeriesCollection();
        series.values().forEach(data::addSeries);
        JFreeChart chart = ChartFactory.createXYLineChart(
                title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            plot.getRenderer().setSeriesStroke(i, new BasicStroke(2f));
        }
        if (yFromData && plot.getRangeAxis() instanceof org.jfree.chart.axis.NumberAxis axis) {
            axis.setAutoRangeIncludesZero(false);
        }
        if (logY) {
            LogAxis axis = new LogAxis(yLabel);
            axis.setSmallestValue(1e-6);
            plot.setRangeAxis(axis);
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
