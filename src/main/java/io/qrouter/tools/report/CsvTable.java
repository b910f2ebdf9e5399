package io.qrouter.tools.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A table built row by row and written as RFC 4180 CSV. Numbers are written with full precision.
 */
public final class CsvTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public CsvTable(String... header) {
        this.header = List.of(header);
    }

    public CsvTable add(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException(
                    "row has " + cells.length + " cells, header has " + header.size());
        }
        List<String> row = new ArrayList<>(cells.length);
        for (Object c : cells) {
            row.add(format(c));
        }
        rows.add(row);
        return this;
    }

    public int size() {
        return rows.size();
    }

    public String toCsv() {
        StringBuilder sb = new StringBuilder();
        appendLine(sb, header);
        rows.forEach(r -> appendLine(sb, r));
        return sb.toString();
    }

    public void write(Path file) {
        TextFile.write(file, toCsv());
    }

    private static String format(Object c) {
        if (c == null) {
            return "";
        }
        if (c instanceof Double d) {
            return Double.isFinite(d) ? Double.toString(d) : "";
        }
        if (c instanceof Float f) {
            return Float.isFinite(f) ? Float.toString(f) : "";
        }
        return String.format(Locale.ROOT, "%s", c);
    }

    private static void appendLine(StringBuilder sb, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            String c = cells.get(i);
            if (c.indexOf(',') >= 0 || c.indexOf('"') >= 0 || c.indexOf('\n') >= 0) {
                sb.append('"').append(c.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(c);
            }
        }
        sb.append('\n');
    }
}
