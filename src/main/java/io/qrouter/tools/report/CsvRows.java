package io.qrouter.tools.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Reads back a CSV that {@link CsvTable} wrote (no quoting: its cells hold no commas), gzipped if
 * its name ends in .gz. Cells are found by column name, so a file written before a column existed
 * still reads: the missing column's cells are "".
 */
public final class CsvRows {
    /** One row's cells by column name. */
    public interface Row {
        String get(String column);
    }

    private CsvRows() {}

    /**
     * @param firstColumns what the header must start with, to tell the file is the one expected
     * @throws IllegalArgumentException naming the file when its header or a row does not fit
     */
    public static List<Row> read(Path file, String firstColumns) {
        List<String> lines;
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        if (lines.isEmpty() || !lines.get(0).startsWith(firstColumns)) {
            throw new IllegalArgumentException(
                    file
                            + " is not the CSV expected: its header should start with "
                            + firstColumns);
        }
        List<String> header = List.of(lines.get(0).split(",", -1));
        List<Row> rows = new ArrayList<>(lines.size() - 1);
        for (int i = 1; i < lines.size(); i++) {
            String[] cells = lines.get(i).split(",", -1);
            if (cells.length != header.size()) {
                throw new IllegalArgumentException(
                        file
                                + " line "
                                + (i + 1)
                                + ": expected "
                                + header.size()
                                + " cells, got "
                                + cells.length);
            }
            rows.add(column -> header.indexOf(column) < 0 ? "" : cells[header.indexOf(column)]);
        }
        return rows;
    }

    /** A numeric cell, NaN when empty. */
    public static double number(String cell) {
        return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
    }
}
