package io.qrouter.tools.report;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;

/**
 * Plots stacked on one shared x axis (e.g. batch sizes above batching delays), each with its own y
 * axis.
 */
public final class StackedChart {
    private StackedChart() {}

    /**
     * Plots from top to bottom, equal heights, 900 px wide; the legend lists every plot's series.
     */
    public static ChartFigure figure(String name, String title, String xLabel, XYPlot... plots) {
        NumberAxis x = new NumberAxis(xLabel);
        x.setAutoRangeIncludesZero(false);
        CombinedDomainXYPlot combined = new CombinedDomainXYPlot(x);
        combined.setGap(12);
        for (XYPlot plot : plots) {
            plot.setDomainAxis(null);
            combined.add(plot, 1);
        }
        JFreeChart chart =
                Charts.themed(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, combined, true));
        return new ChartFigure(name, title, chart, 900, 160 + 240 * plots.length);
    }
}
