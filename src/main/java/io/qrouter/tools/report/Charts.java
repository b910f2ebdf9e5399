package io.qrouter.tools.report;

import java.awt.Color;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.CombinedRangeXYPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;

/**
 * The look every report chart shares: JFreeChart's current theme, then white plots with light grey
 * grid lines.
 */
final class Charts {
    private Charts() {}

    static JFreeChart themed(JFreeChart chart) {
        ChartFactory.getChartTheme().apply(chart);
        chart.setBackgroundPaint(Color.WHITE);
        whiten(chart.getPlot());
        return chart;
    }

    private static void whiten(Plot plot) {
        if (plot instanceof CombinedDomainXYPlot combined) {
            combined.getSubplots().forEach(Charts::whiten);
        } else if (plot instanceof CombinedRangeXYPlot combined) {
            combined.getSubplots().forEach(Charts::whiten);
        }
        if (plot instanceof XYPlot xy) {
            xy.setBackgroundPaint(Color.WHITE);
            xy.setDomainGridlinePaint(Color.LIGHT_GRAY);
            xy.setRangeGridlinePaint(Color.LIGHT_GRAY);
        }
    }
}
