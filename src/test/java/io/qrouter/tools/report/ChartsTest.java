package io.qrouter.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.AbstractRenderer;
import org.junit.jupiter.api.Test;

/** Every line of a report chart can be read on white, in greyscale and by colour-blind readers. */
class ChartsTest {
    private static final List<String> SERIES =
            List.of("mean", "p50", "p90", "p99", "max", "a", "b");

    @Test
    void everySeriesIsDrawnInItsOwnColourWithAtLeast3To1ContrastOnWhite() {
        JFreeChart chart = rendered(chartOf(SERIES));
        AbstractRenderer renderer = (AbstractRenderer) chart.getXYPlot().getRenderer();
        Set<Integer> colours = new HashSet<>();
        for (int i = 0; i < SERIES.size(); i++) {
            Color paint = (Color) renderer.lookupSeriesPaint(i);
            assertThat(contrastOnWhite(paint))
                    .as("%s drawn in #%06X", SERIES.get(i), paint.getRGB() & 0xFFFFFF)
                    .isGreaterThanOrEqualTo(3.0);
            colours.add(paint.getRGB());
        }
        assertThat(colours).hasSameSizeAs(SERIES);
    }

    /** A greyscale print loses the hues: the dash patterns still tell the lines apart. */
    @Test
    void everySeriesHasItsOwnDashPattern() {
        JFreeChart chart = rendered(chartOf(SERIES));
        AbstractRenderer renderer = (AbstractRenderer) chart.getXYPlot().getRenderer();
        Set<String> dashes = new HashSet<>();
        for (int i = 0; i < SERIES.size(); i++) {
            BasicStroke stroke = (BasicStroke) renderer.lookupSeriesStroke(i);
            assertThat(stroke.getLineWidth()).isGreaterThanOrEqualTo(2f);
            dashes.add(Arrays.toString(stroke.getDashArray()));
        }
        assertThat(dashes).hasSameSizeAs(SERIES);
    }

    /** Colours go to the series in order in every chart, not on from where the last chart left. */
    @Test
    void eachChartStartsThePaletteAfresh() {
        Color first = firstColour(rendered(chartOf(SERIES)));
        Color again = firstColour(rendered(chartOf(List.of("only"))));
        assertThat(again).isEqualTo(first);
    }

    private static Color firstColour(JFreeChart chart) {
        return (Color) ((AbstractRenderer) chart.getXYPlot().getRenderer()).lookupSeriesPaint(0);
    }

    private static JFreeChart chartOf(List<String> series) {
        LineChart chart = new LineChart("wait", "s", "wait (s)");
        for (int i = 0; i < series.size(); i++) {
            chart.point(series.get(i), 0, i).point(series.get(i), 1, i + 1);
        }
        return chart.toChart();
    }

    /** Draws the chart once, as a page does: the renderer takes its colours while drawing. */
    private static JFreeChart rendered(JFreeChart chart) {
        BufferedImage image = new BufferedImage(400, 300, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        chart.draw(g, new java.awt.Rectangle(400, 300));
        g.dispose();
        XYPlot plot = chart.getXYPlot();
        assertThat(plot.getBackgroundPaint()).isEqualTo(Color.WHITE);
        return chart;
    }

    /** WCAG's contrast ratio against white, from the sRGB relative luminance. */
    private static double contrastOnWhite(Color c) {
        double l =
                0.2126 * linear(c.getRed())
                        + 0.7152 * linear(c.getGreen())
                        + 0.0722 * linear(c.getBlue());
        return 1.05 / (l + 0.05);
    }

    private static double linear(int channel) {
        double v = channel / 255.0;
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
