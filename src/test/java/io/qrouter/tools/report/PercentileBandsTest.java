package io.qrouter.tools.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PercentileBandsTest {

    @Test
    void eachColumnGivesMinMedianP90AndMaxAcrossRowsByNearestRank() {
        int servers = 1000;
        double[][] values = new double[servers][2];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
            names.add("server-" + i);
            values[i][0] = 1000 - i; // 1 … 1000 in reverse order
            values[i][1] = i < 10 ? Double.NaN : 7;
        }
        PercentileBands bands = PercentileBands.of(TimeGrid.of(1, 1, names, values));

        assertThat(bands.x()).containsExactly(1, 2);
        assertThat(bands.min()[0]).isEqualTo(1);
        assertThat(bands.p50()[0]).as("ceil(0.5 · 1000) = 500th smallest").isEqualTo(500);
        assertThat(bands.p90()[0]).isEqualTo(900);
        assertThat(bands.max()[0]).isEqualTo(1000);
        assertThat(bands.row(1)).containsExactly(7.0, 7.0, 7.0, 7.0);
    }

    @Test
    void aHeavyTailCutsThePlotAxisAboveTheP90SoTheMedianStaysReadable() {
        List<String> names = IntStream.range(0, 100).mapToObj(i -> "s" + i).toList();
        double[][] values =
                IntStream.range(0, 100)
                        .mapToObj(i -> new double[] {i < 99 ? i % 10 : 4800})
                        .toArray(double[][]::new);
        PercentileBands bands = PercentileBands.of(TimeGrid.of(0, 1, names, values));
        assertThat(bands.max()[0]).as("the CSV keeps the outlier").isEqualTo(4800);
        assertThat(bands.plot("K").getRangeAxis().getRange().getUpperBound())
                .isEqualTo(2 * bands.p90()[0]);
        double[][] tame =
                IntStream.range(0, 100)
                        .mapToObj(i -> new double[] {i % 10})
                        .toArray(double[][]::new);
        assertThat(
                        PercentileBands.of(TimeGrid.of(0, 1, names, tame))
                                .plot("K")
                                .getRangeAxis()
                                .getLabel())
                .isEqualTo("K");
    }

    @Test
    void aColumnWithoutValuesIsUnknownNotZero() {
        double[][] values =
                IntStream.range(0, 3)
                        .mapToObj(i -> new double[] {Double.NaN})
                        .toArray(double[][]::new);
        PercentileBands bands =
                PercentileBands.of(TimeGrid.of(0, 1, List.of("a", "b", "c"), values));
        assertThat(bands.row(0)).containsOnlyNulls();
        assertThat(bands.plot("tasks").getDataset().getItemCount(0)).isZero();
    }
}
