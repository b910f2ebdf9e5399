package io.qrouter.fleet;

import io.qrouter.report.CsvTable;
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
 * One task's life in a fleet run, in fleet seconds (NaN: did not happen): what {@code tasks.csv} holds, and what a
 * digital twin replays. {@code work} and {@code patienceSeconds} were drawn when the task was created, so the file
 * is the workload as well as the outcome.
 *
 * @param outcome UNDECIDED, QUEUED (still waiting or in service at the end), COMPLETED, ABANDONED, DEAD_LETTER or
 *     UNKNOWN_SERVER
 * @param updateDelaySeconds how late the router's newest update of the chosen server had arrived (the decision's
 *     {@code updateDelayMillis}), NaN when unknown
 */
public record TaskTimeline(String taskId, double createdAt, double appendedAt, double decidedAt,
        double decisionAppendedAt, double receivedAt, double startedAt, double finishedAt, String outcome,
        String serverId, String rule, double work, double patienceSeconds, double updateDelaySeconds) {

    static final String[] COLUMNS = {"task_id", "created_at", "appended_at", "decided_at", "decision_appended_at",
        "received_at", "started_at", "finished_at", "outcome", "server_id", "rule", "work", "patience_seconds",
        "update_delay_seconds"};

    static TaskTimeline of(TaskRecord t) {
        return new TaskTimeline(t.task.taskId(), t.createdAt, t.appendedAt, t.decidedAt, t.decisionAppendedAt,
                t.receivedAt, t.startedAt, t.finishedAt, t.outcome.name(), t.serverId, t.rule, t.task.work(),
                t.task.patienceSeconds(), t.updateDelay);
    }

    /** Decided and delivered to a server: the tasks a twin replays. */
    boolean delivered() {
        return !Double.isNaN(decidedAt) && !Double.isNaN(receivedAt);
    }

    static void write(List<TaskTimeline> tasks, Path file) {
        CsvTable csv = new CsvTable(COLUMNS);
        for (TaskTimeline t : tasks) {
            csv.add(t.taskId, t.createdAt, t.appendedAt, t.decidedAt, t.decisionAppendedAt, t.receivedAt, t.startedAt,
                    t.finishedAt, t.outcome, t.serverId, t.rule, t.work, t.patienceSeconds, t.updateDelaySeconds);
        }
        csv.write(file);
    }

    /** Reads a {@code tasks.csv} written by {@link #write}, gzipped if its name ends in .gz. */
    public static List<TaskTimeline> read(Path file) {
        List<String> lines;
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        if (lines.isEmpty() || !lines.get(0).equals(String.join(",", COLUMNS))) {
            throw new IllegalArgumentException(file + " is not a tasks.csv: expected the header "
                    + String.join(",", COLUMNS));
        }
        List<TaskTimeline> tasks = new ArrayList<>(lines.size() - 1);
        for (int i = 1; i < lines.size(); i++) {
            String[] c = lines.get(i).split(",", -1);
            if (c.length != COLUMNS.length) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + ": expected " + COLUMNS.length
                        + " cells, got " + c.length);
            }
            tasks.add(new TaskTimeline(c[0], number(c[1]), number(c[2]), number(c[3]), number(c[4]), number(c[5]),
                    number(c[6]), number(c[7]), c[8], text(c[9]), text(c[10]), number(c[11]), number(c[12]),
                    number(c[13])));
        }
        return tasks;
    }

    private static String text(String cell) {
        return cell.isEmpty() ? null : cell;
    }

    private static double number(String cell) {
        return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
    }
}
