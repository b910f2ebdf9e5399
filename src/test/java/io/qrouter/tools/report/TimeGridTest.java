package io.qrouter.tools.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimeGridTest {

    @Test
    void binningMergesNeighbouringRowsAndColumnsIntoTheirMeanIgnoringMissingValues() {
        double[][] values = {
            {1, 2, 3},
            {3, Double.NaN, 5},
            {10, 20, 30}
        };
        TimeGrid grid = TimeGrid.of(1, 1, List.of("a", "b", "c"), values);

        TimeGrid rows = grid.binned(2, 10);

        assertThat(rows.rows()).isEqualTo(2);
        assertThat(rows.rowsPerBin()).isEqualTo(2);
        assertThat(rows.rowNames()).as("merged rows have no single name").isNull();
        assertThat(rows.values()[0]).containsExactly(2, 2, 4);
        assertThat(rows.values()[1]).containsExactly(10, 20, 30);

        TimeGrid columns = grid.binned(10, 2);
        assertThat(columns.columns()).isEqualTo(2);
        assertThat(columns.values()[1]).containsExactly(3, 5);
        assertThat(columns.dx()).isEqualTo(2);
        assertThat(columns.x(0))
                .as("a merged column sits at the middle of its seconds")
                .isEqualTo(1.5);
        assertThat(grid.binned(3, 3)).isSameAs(grid);
    }

    @Test
    void sortedColumnSkipsMissingValues() {
        TimeGrid grid =
                TimeGrid.of(0, 1, List.of("a", "b", "c"), new double[][] {{5}, {Double.NaN}, {1}});
        assertThat(grid.sortedColumn(0)).containsExactly(1, 5);
    }

    @Test
    void rejectsRaggedRowsAndMismatchedNames() {
        assertThatThrownBy(() -> TimeGrid.of(0, 1, List.of("a", "b"), new double[][] {{1, 2}, {3}}))
                .hasMessageContaining("every row needs 2 columns");
        assertThatThrownBy(() -> TimeGrid.of(0, 1, List.of("a"), new double[][] {{1}, {3}}))
                .hasMessageContaining("2 rows but 1 row names");
    }
}
