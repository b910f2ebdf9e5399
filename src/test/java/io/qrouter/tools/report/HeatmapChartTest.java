package io.qrouter.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.stream.IntStream;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.LegendItemCollection;
import org.junit.jupiter.api.Test;

/**
 * The heatmap draws each row × second where it belongs, bottom row first, and merges rows beyond
 * 500.
 */
class HeatmapChartTest {
    private static final ColourScale SCALE = new ColourScale(0, 10_000);

    @Test
    void eachCellHasTheColourOfItsValueWithRowZeroAtTheBottom() {
        assertCellsDrawnAt(5, 12);
    }

    @Test
    void aThousandServersKeepEveryRowAsOneOfFiveHundredMergedPixelRows() {
        assertCellsDrawnAt(1000, 30);
    }

    @Test
    void noLegendEntryPerServerWhateverTheirNumber() {
        TimeGrid grid = grid(1000, 10);
        ChartFigure figure =
                new HeatmapChart("t", "servers", "tasks")
                        .figure("h", grid, PercentileBands.of(grid).plot("tasks"));
        LegendItemCollection items = figure.chart().getPlot().getLegendItems();
        assertThat(items.getItemCount()).isEqualTo(2);
    }

    private static void assertCellsDrawnAt(int rows, int columns) {
        TimeGrid grid = grid(rows, columns);
        ChartFigure figure =
                new HeatmapChart("t", "servers", "value").scale(0, 10_000).figure("h", grid, null);
        ChartRenderingInfo info = new ChartRenderingInfo();
        BufferedImage image =
                figure.chart().createBufferedImage(figure.width(), figure.height(), info);
        Rectangle2D area = info.getPlotInfo().getSubplotInfo(0).getDataArea();
        TimeGrid shown = grid.binned(HeatmapChart.MAX_ROWS, HeatmapChart.MAX_COLUMNS);
        // not the outermost pixel rows: the plot outline is drawn over them when a row is one pixel
        // high
        for (int bin : new int[] {1, shown.rows() / 2, shown.rows() - 2}) {
            for (int c : new int[] {0, columns / 2, columns - 1}) {
                int x = (int) (area.getMinX() + (c + 0.5) / columns * area.getWidth());
                int y = (int) (area.getMaxY() - (bin + 0.5) / shown.rows() * area.getHeight());
                // the mean of the rows merged into this pixel row (rows r·k … r·k+k−1 hold r·10 +
                // c)
                int k = shown.rowsPerBin();
                double expected =
                        IntStream.range(bin * k, bin * k + k)
                                .mapToDouble(r -> r * 10.0 + c)
                                .average()
                                .orElseThrow();
                assertThat(distance(new Color(image.getRGB(x, y)), SCALE.colour(expected)))
                        .as("row bin %d, column %d of %d rows", bin, c, rows)
                        .isLessThanOrEqualTo(6);
            }
        }
    }

    private static TimeGrid grid(int rows, int columns) {
        double[][] values = new double[rows][columns];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                values[r][c] = r * 10.0 + c;
            }
        }
        return TimeGrid.of(1, 1, IntStream.range(0, rows).mapToObj(i -> "s" + i).toList(), values);
    }

    private static int distance(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed())
                + Math.abs(a.getGreen() - b.getGreen())
                + Math.abs(a.getBlue() - b.getBlue());
    }
}
