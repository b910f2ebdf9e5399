package io.qrouter.tools.fleet;

import io.qrouter.tools.report.CsvTable;
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
 * One task's life in a fleet run, in fleet seconds (NaN: did not happen): what {@code tasks.csv}
 * holds, and what a digital twin replays. {@code work} and {@code patienceSeconds} were drawn when
 * the task was created, so the file is the workload as well as the outcome.
 *
 * @param outcome UNDECIDED, QUEUED (still waiting or in service at the end), COMPLETED, ABANDONED,
 *     FAILED (by a failing server), REJECTED (by loss-aware admission), DEAD_LETTER or
 *     UNKNOWN_SERVER
 * @param updateDelaySeconds how late the router's newest update of the chosen server had arrived
 *     (the decision's {@code updateDelayMillis}), NaN when unknown
 */
public record TaskTimeline(
        String taskId,
        double createdAt,
        double sentAt,
        double appendedAt,
        double decidedAt,
        double decisionAppendedAt,
        double receivedAt,
        double startedAt,
        double finishedAt,
        String outcome,
        String serverId,
        String rule,
        double work,
        double patienceSeconds,
        double updateDelaySeconds) {

    static final String[] COLUMNS = {
        "task_id",
        "created_at",
        "sent_at",
        "appended_at",
        "decided_at",
        "decision_appended_at",
        "received_at",
        "started_at",
        "finished_at",
        "outcome",
        "server_id",
        "rule",
        "work",
        "patience_seconds",
        "update_delay_seconds"
    };

    static TaskTimeline of(TaskRecord t) {
        return new TaskTimeline(
                t.task.taskId(),
                t.createdAt,
                t.sentAt,
                t.appendedAt,
                t.decidedAt,
                t.decisionAppendedAt,
                t.receivedAt,
                t.startedAt,
                t.finishedAt,
                t.outcome.name(),
                t.serverId,
                t.rule,
                t.task.work(),
                t.task.patienceSeconds(),
                t.updateDelay);
    }

    /** Decided and delivered to a server (not rejected): the tasks a twin replays. */
    boolean delivered() {
        return !Double.isNaN(decidedAt) && !Double.isNaN(receivedAt) && !"REJECTED".equals(outcome);
    }

    static void write(List<TaskTimeline> tasks, Path file) {
        CsvTable csv = new CsvTable(COLUMNS);
        for (TaskTimeline t : tasks) {
            csv.add(
                    t.taskId,
                    t.createdAt,
                    t.sentAt,
                    t.appendedAt,
                    t.decidedAt,
                    t.decisionAppendedAt,
                    t.receivedAt,
                    t.startedAt,
                    t.finishedAt,
                    t.outcome,
                    t.serverId,
                    t.rule,
                    t.work,
                    t.patienceSeconds,
                    t.updateDelaySeconds);
        }
        csv.write(file);
    }

    /**
     * Reads a {@code tasks.csv} written by {@link #write}, gzipped if its name ends in .gz. Columns
     * are found by name, so files written before a column existed still read (the missing times are
     * NaN).
     */
    public static List<TaskTimeline> read(Path file) {
        List<String> lines;
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        if (lines.isEmpty() || !lines.get(0).startsWith("task_id,created_at,")) {
            throw new IllegalArgumentException(
                    file
                            + " is not a tasks.csv: expected a header starting with "
                            + "task_id,created_at");
        }
        List<String> header = List.of(lines.get(0).split(",", -1));
        List<TaskTimeline> tasks = new ArrayList<>(lines.size() - 1);
        for (int i = 1; i < lines.size(); i++) {
            String[] c = lines.get(i).split(",", -1);
            if (c.length != header.size()) {
                throw new IllegalArgumentException(
                        file
                                + " line "
                                + (i + 1)
                                + ": expected "
                                + header.size()
                                + " cells, got "
                                + c.length);
            }
            Cells row = name -> header.indexOf(name) < 0 ? "" : c[header.indexOf(name)];
            tasks.add(
                    new TaskTimeline(
                            row.get("task_id"),
                            number(row.get("created_at")),
                            number(row.get("sent_at")),
                            number(row.get("appended_at")),
                            number(row.get("decided_at")),
                            number(row.get("decision_appended_at")),
                            number(row.get("received_at")),
                            number(row.get("started_at")),
                            number(row.get("finished_at")),
                            row.get("outcome"),
                            text(row.get("server_id")),
                            text(row.get("rule")),
                            number(row.get("work")),
                            number(row.get("patience_seconds")),
                            number(row.get("update_delay_seconds"))));
        }
        return tasks;
    }

    /** One CSV row, its cells by column name ("" for a column the file does not have). */
    private interface Cells {
        String get(String column);
    }

    private static String text(String cell) {
        return cell.isEmpty() ? null : cell;
    }

    private static double number(String cell) {
        return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
    }
}
