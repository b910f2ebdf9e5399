package io.qrouter.tools.sim;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a CSV trace whose first column is a number (arrival times, service times), read the
 * same way for every trace: blank lines are skipped, a first line that is not a number is a header,
 * and every error names the setting, the file and the line.
 */
final class TraceFile {

    /**
     * One data row.
     *
     * @param line its line number in the file, from 1
     * @param value the number in its first column
     * @param cells every column, trimmed
     */
    record Row(int line, double value, String[] cells) {}

    private TraceFile() {}

    /**
     * @param what what the first column holds, for the errors (e.g. "time")
     */
    static List<Row> read(Path file, SimSetting setting, String what) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new InvalidSettingException(setting, "trace: cannot read " + file, e);
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] cells = line.split(",", -1);
            for (int c = 0; c < cells.length; c++) {
                cells[c] = cells[c].trim();
            }
            double value;
            try {
                value = Double.parseDouble(cells[0]);
            } catch (NumberFormatException e) {
                if (i == 0) {
                    continue; // a header
                }
                throw problem(setting, file, i + 1, what + " \"" + cells[0] + "\" is not a number");
            }
            rows.add(new Row(i + 1, value, cells));
        }
        if (rows.isEmpty()) {
            throw new InvalidSettingException(setting, "trace " + file + " holds no " + what + "s");
        }
        return rows;
    }

    /** An error in line {@code line} of the trace. */
    static InvalidSettingException problem(
            SimSetting setting, Path file, int line, String problem) {
        return new InvalidSettingException(
                setting, "trace " + file + " line " + line + ": " + problem);
    }
}
