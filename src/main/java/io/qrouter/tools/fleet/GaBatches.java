package io.qrouter.tools.fleet;

import io.qrouter.job.operators.GaBatchFunction;
import io.qrouter.tools.report.ChartFigure;
import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.LineChart;
import io.qrouter.tools.report.StackedChart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The GA windows of a {@code ga-batch} run, recovered from the decisions: the job assigns a whole
 * window at once, so the tasks decided by rule GA_BATCH at the same instant form one batch. Its
 * batching delay is what a window adds to a task: the time it waited for later tasks to join
 * (newest creation in the batch − its own creation), exact for windows flushed when full, a lower
 * bound for windows flushed by their timer. Empty for other policies.
 */
record GaBatches(List<Batch> batches, double[] fillDelays) {

    /**
     * One window: when it was assigned, how many tasks, how long from its oldest to its newest
     * task's creation, and the oldest task's wait from creation to the decision.
     */
    record Batch(double decidedAt, int size, double fillSeconds, double oldestWaitSeconds) {}

    static GaBatches of(List<TaskRecord> tasks) {
        TreeMap<Double, List<TaskRecord>> byDecision = new TreeMap<>();
        for (TaskRecord t : tasks) {
            if (GaBatchFunction.RULE.equals(t.rule) && !Double.isNaN(t.decidedAt)) {
                byDecision.computeIfAbsent(t.decidedAt, d -> new ArrayList<>()).add(t);
            }
        }
        List<Batch> batches = new ArrayList<>();
        List<Double> delays = new ArrayList<>();
        byDecision.forEach(
                (decidedAt, members) -> {
                    double oldest =
                            members.stream().mapToDouble(t -> t.createdAt).min().orElseThrow();
                    double newest =
                            members.stream().mapToDouble(t -> t.createdAt).max().orElseThrow();
                    members.forEach(t -> delays.add(newest - t.createdAt));
                    batches.add(
                            new Batch(
                                    decidedAt,
                                    members.size(),
                                    newest - oldest,
                                    decidedAt - oldest));
                });
        return new GaBatches(
                List.copyOf(batches), delays.stream().mapToDouble(Double::doubleValue).toArray());
    }

    boolean isEmpty() {
        return batches.isEmpty();
    }

    /**
     * report.json's {@code ga_batches}: count, batch size and per-task batching delay summaries.
     */
    Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("batches", batches.size());
        out.put(
                "batch_size",
                Percentiles.of(batches.stream().mapToDouble(Batch::size).toArray()).summary());
        out.put("batching_delay_seconds", Percentiles.of(fillDelays.clone()).summary());
        return out;
    }

    CsvTable csv() {
        CsvTable table =
                new CsvTable("decided_at_s", "size", "fill_seconds", "oldest_wait_seconds");
        batches.forEach(
                b -> table.add(b.decidedAt(), b.size(), b.fillSeconds(), b.oldestWaitSeconds()));
        return table;
    }

    ChartFigure figure() {
        LineChart sizes = new LineChart("", "time (s)", "tasks in the batch");
        LineChart delays = new LineChart("", "time (s)", "seconds");
        for (Batch b : batches) {
            sizes.point("batch size", b.decidedAt(), b.size());
            delays.point("fill time (oldest to newest task)", b.decidedAt(), b.fillSeconds())
                    .point(
                            "oldest task: creation to decision",
                            b.decidedAt(),
                            b.oldestWaitSeconds());
        }
        return StackedChart.figure(
                "ga_batches",
                "GA batches: size and the delay a window adds",
                "time (s)",
                sizes.toPlot(),
                delays.toPlot());
    }
}
