package io.qrouter.tools.report;

import io.qrouter.core.estimate.NearestRank;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.Arrays;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * A fleet's spread at each time: min, median, p90 and max of a grid's column across its rows
 * (nearest rank, as everywhere in the reports). Four numbers per time, whatever the number of
 * servers: the chart under each heatmap, and a CSV. NaN where a column has no value.
 */
public record PercentileBands(double[] x, double[] min, double[] p50, double[] p90, double[] max) {
    /**
     * A max this many times the largest p90 is a heavy tail: the plot's axis is then cut (the CSV
     * keeps it).
     */
    private static final double HEAVY_TAIL = 4;

    public static PercentileBands of(TimeGrid grid) {
        int n = grid.columns();
        double[] x = new double[n];
        double[] min = new double[n];
        double[] p50 = new double[n];
        double[] p90 = new double[n];
        double[] max = new double[n];
        for (int c = 0; c < n; c++) {
            x[c] = grid.x(c);
            double[] sorted = grid.sortedColumn(c);
            boolean empty = sorted.length == 0;
            min[c] = empty ? Double.NaN : sorted[0];
            p50[c] = empty ? Double.NaN : NearestRank.of(sorted, sorted.length, 0.5);
            p90[c] = empty ? Double.NaN : NearestRank.of(sorted, sorted.length, 0.9);
            max[c] = empty ? Double.NaN : sorted[sorted.length - 1];
        }
        return new PercentileBands(x, min, p50, p90, max);
    }

    /** The bands of column {@code c}: min, p50, p90, max; null where unknown. */
    public Double[] row(int c) {
        return new Double[] {orNull(min[c]), orNull(p50[c]), orNull(p90[c]), orNull(max[c])};
    }

    /** Median as a line in a band shaded from min to max, and p90 as a second line. */
    public XYPlot plot(String yLabel) {
        YIntervalSeries median = new YIntervalSeries("median (shaded: min to max)");
        YIntervalSeries ninety = new YIntervalSeries("p90");
        for (int c = 0; c < x.length; c++) {
            if (Double.isFinite(p50[c])) {
                median.add(x[c], p50[c], min[c], max[c]);
                ninety.add(x[c], p90[c], p90[c], p90[c]);
            }
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        data.addSeries(median);
        data.addSeries(ninety);
        DeviationRenderer renderer = new DeviationRenderer(true, false);
        // else the chart theme clears the paints and strokes set here
        renderer.setAutoPopulateSeriesPaint(false);
        renderer.setAutoPopulateSeriesStroke(false);
        renderer.setSeriesPaint(0, new Color(0x3B528B));
        renderer.setSeriesFillPaint(0, new Color(0x3B528B));
        renderer.setSeriesPaint(1, new Color(0xD95F02));
        renderer.setSeriesFillPaint(1, new Color(0xD95F02));
        renderer.setSeriesStroke(0, new BasicStroke(2f));
        renderer.setSeriesStroke(1, new BasicStroke(1.5f));
        renderer.setAlpha(0.25f);
        NumberAxis xAxis = new NumberAxis("time (s)");
        xAxis.setAutoRangeIncludesZero(false);
        double largestP90 = largest(p90);
        NumberAxis yAxis = new NumberAxis(yLabel);
        if (largest(max) > HEAVY_TAIL * largestP90 && largestP90 > 0) {
            // one outlier (a K of thousands) would flatten the median and p90 to the floor: cut the
            // axis above them
            yAxis.setLabel(yLabel + " (cut at 2×p90)");
            yAxis.setRange(Math.min(0, smallest(p50)), 2 * largestP90);
        }
        return new XYPlot(data, xAxis, yAxis, renderer);
    }

    private static double largest(double[] values) {
        return Arrays.stream(values).filter(Double::isFinite).max().orElse(Double.NaN);
    }

    private static double smallest(double[] values) {
        return Arrays.stream(values).filter(Double::isFinite).min().orElse(0);
    }

    private static Double orNull(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
