package io.qrouter.tools.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.Stroke;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.CombinedRangeXYPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;

/**
 * The look every report chart shares: JFreeChart's current theme, then white plots with light grey
 * grid lines and lines every reader can tell apart. The colours are Okabe and Ito's colour-blind-
 * safe set without its yellow and sky blue (too faint on white), with two of Paul Tol's dark ones:
 * each has at least 3:1 contrast against white, the floor for graphics. Each series also has its
 * own dash pattern, so a greyscale print still tells them apart.
 */
final class Charts {
    /** Blue, vermillion, bluish green, black, reddish purple, wine, indigo. */
    static final int[] LINE_COLOURS = {
        0x0072B2, 0xD55E00, 0x009E73, 0x000000, 0xCC79A7, 0x882255, 0x332288
    };

    private static final float[][] DASHES = {
        null, {9, 4}, {2, 3}, {12, 4, 2, 4}, {5, 5}, {12, 3, 2, 3, 2, 3}, {1, 4}
    };

    private Charts() {}

    /** The colour of series {@code i}: the palette repeats after seven. */
    static Color colour(int series) {
        return new Color(LINE_COLOURS[series % LINE_COLOURS.length]);
    }

    /**
     * The 2 px stroke of series {@code i}, solid for the first, dashed or dotted after. The dashes
     * shift by one each time the colours come round, so series 7 does not look like series 0.
     */
    static Stroke stroke(int series) {
        float[] dash = DASHES[(series + series / LINE_COLOURS.length) % DASHES.length];
        return dash == null
                ? new BasicStroke(2f)
                : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }

    static JFreeChart themed(JFreeChart chart) {
        ChartFactory.getChartTheme().apply(chart);
        chart.setBackgroundPaint(Color.WHITE);
        whiten(chart.getPlot());
        return chart;
    }

    /** A new supplier per plot: it hands out the colours in turn, so it holds state. */
    private static DefaultDrawingSupplier palette() {
        return new DefaultDrawingSupplier(
                java.util.stream.IntStream.range(0, LINE_COLOURS.length)
                        .mapToObj(Charts::colour)
                        .toArray(Paint[]::new),
                DefaultDrawingSupplier.DEFAULT_OUTLINE_PAINT_SEQUENCE,
                java.util.stream.IntStream.range(0, DASHES.length)
                        .mapToObj(Charts::stroke)
                        .toArray(Stroke[]::new),
                DefaultDrawingSupplier.DEFAULT_OUTLINE_STROKE_SEQUENCE,
                DefaultDrawingSupplier.DEFAULT_SHAPE_SEQUENCE);
    }

    private static void whiten(Plot plot) {
        if (plot instanceof CombinedDomainXYPlot combined) {
            combined.getSubplots().forEach(Charts::whiten);
        } else if (plot instanceof CombinedRangeXYPlot combined) {
            combined.getSubplots().forEach(Charts::whiten);
        }
        if (plot instanceof XYPlot xy) {
            xy.setBackgroundPaint(Color.WHITE);
            xy.setDrawingSupplier(palette());
            xy.setDomainGridlinePaint(Color.LIGHT_GRAY);
            xy.setRangeGridlinePaint(Color.LIGHT_GRAY);
        }
    }
}
