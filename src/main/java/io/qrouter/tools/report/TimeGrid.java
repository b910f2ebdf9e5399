package io.qrouter.tools.report;

import java.util.Arrays;
import java.util.List;

/**
 * A quantity per row (server, MEC system) and time column: {@code values[row][column]} at time
 * {@code x0 + column·dx}, NaN where nothing is known. Rows are in display order, row 0 at the
 * bottom of a heatmap (servers: slowest first). {@code rowNames} are null once rows have been
 * merged by {@link #binned}.
 */
public record TimeGrid(
        double x0, double dx, List<String> rowNames, double[][] values, int rowsPerBin) {

    public TimeGrid {
        if (!(dx > 0)) {
            throw new IllegalArgumentException("dx must be > 0 (got " + dx + ")");
        }
        int columns = values.length == 0 ? 0 : values[0].length;
        for (double[] row : values) {
            if (row.length != columns) {
                throw new IllegalArgumentException(
                        "every row needs " + columns + " columns (got " + row.length + ")");
            }
        }
        if (rowNames != null && rowNames.size() != values.length) {
            throw new IllegalArgumentException(
                    values.length + " rows but " + rowNames.size() + " row names");
        }
    }

    /** A grid of named rows, one row per name. */
    public static TimeGrid of(double x0, double dx, List<String> rowNames, double[][] values) {
        return new TimeGrid(x0, dx, List.copyOf(rowNames), values, 1);
    }

    public int rows() {
        return values.length;
    }

    public int columns() {
        return values.length == 0 ? 0 : values[0].length;
    }

    /** Time of column {@code c}. */
    public double x(int c) {
        return x0 + c * dx;
    }

    /** The finite values of column {@code c}, sorted. */
    public double[] sortedColumn(int c) {
        return Arrays.stream(values)
                .mapToDouble(row -> row[c])
                .filter(Double::isFinite)
                .sorted()
                .toArray();
    }

    /** Every finite value, sorted. */
    double[] sortedValues() {
        return Arrays.stream(values)
                .flatMapToDouble(Arrays::stream)
                .filter(Double::isFinite)
                .sorted()
                .toArray();
    }

    /**
     * At most {@code maxRows} rows and {@code maxColumns} columns: neighbouring rows (and columns)
     * merged into their mean, so a heatmap of 1,000 servers keeps one pixel row per bin instead of
     * dropping servers when scaled down.
     */
    public TimeGrid binned(int maxRows, int maxColumns) {
        int rowStep = (int) Math.ceil(rows() / (double) Math.max(1, maxRows));
        int colStep = (int) Math.ceil(columns() / (double) Math.max(1, maxColumns));
        if (rowStep <= 1 && colStep <= 1) {
            return this;
        }
        rowStep = Math.max(1, rowStep);
        colStep = Math.max(1, colStep);
        int outRows = (rows() + rowStep - 1) / rowStep;
        int outCols = (columns() + colStep - 1) / colStep;
        double[][] out = new double[outRows][outCols];
        for (int r = 0; r < outRows; r++) {
            for (int c = 0; c < outCols; c++) {
                double sum = 0;
                int n = 0;
                for (int i = r * rowStep; i < Math.min(rows(), (r + 1) * rowStep); i++) {
                    for (int j = c * colStep; j < Math.min(columns(), (c + 1) * colStep); j++) {
                        if (Double.isFinite(values[i][j])) {
                            sum += values[i][j];
                            n++;
                        }
                    }
                }
                out[r][c] = n == 0 ? Double.NaN : sum / n;
            }
        }
        return new TimeGrid(
                x0 + (colStep - 1) * dx / 2,
                dx * colStep,
                rowStep > 1 ? null : rowNames,
                out,
                rowsPerBin * rowStep);
    }
}
