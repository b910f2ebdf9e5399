package io.qrouter.tools.fleet;

import io.qrouter.tools.report.CsvRows;
import io.qrouter.tools.report.CsvTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

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
 * @param sampledUpdateDelaySeconds how late one update, drawn from those the router received since
 *     its previous decision, had arrived (the decision's {@code sampledUpdateDelayMillis}), NaN
 *     when none or unknown
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
        double updateDelaySeconds,
        double sampledUpdateDelaySeconds) {

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
        "update_delay_seconds",
        "sampled_update_delay_seconds"
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
                t.updateDelay,
                t.sampledUpdateDelay);
    }

    /**
     * Which update delay of {@code tasks} stands for the pipeline's: the routers' draws from every
     * update they received when the run recorded them; else, for files written before those
     * existed, the chosen servers' (which miss the late updates of servers not chosen meanwhile).
     */
    static ToDoubleFunction<TaskTimeline> pipelineUpdateDelay(List<TaskTimeline> tasks) {
        return tasks.stream().anyMatch(t -> !Double.isNaN(t.sampledUpdateDelaySeconds))
                ? TaskTimeline::sampledUpdateDelaySeconds
                : TaskTimeline::updateDelaySeconds;
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
                    t.updateDelaySeconds,
                    t.sampledUpdateDelaySeconds);
        }
        csv.write(file);
    }

    /**
     * Reads a {@code tasks.csv} written by {@link #write}, gzipped if its name ends in .gz. Columns
     * are found by name, so files written before a column existed still read (the missing times are
     * NaN).
     */
    public static List<TaskTimeline> read(Path file) {
        List<TaskTimeline> tasks = new ArrayList<>();
        for (CsvRows.Row row : CsvRows.read(file, "task_id,created_at,")) {
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
                            number(row.get("update_delay_seconds")),
                            number(row.get("sampled_update_delay_seconds"))));
        }
        return tasks;
    }

    private static String text(String cell) {
        return cell.isEmpty() ? null : cell;
    }

    private static double number(String cell) {
        return CsvRows.number(cell);
    }
}
