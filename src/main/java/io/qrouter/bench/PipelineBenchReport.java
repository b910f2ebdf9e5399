package io.qrouter.bench;

import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.LineChart;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of one {@code bench pipeline} run: the summary (the first fleet size's throughput
 * with the first state backend, its latency at the highest rate) under the keys the issue fixes,
 * everything else under {@code runs}; the table for a terminal; and the files: bench.json,
 * throughput.csv, latency.csv, heartbeats.csv, latency_after_checkpoint.csv, and per fleet size a
 * chart of latency against rate and one of the job's latency after a checkpoint trigger.
 */
public record PipelineBenchReport(
        PipelineBenchSettings settings,
        Map<String, Object> machine,
        List<ThroughputRun.Result> throughput,
        List<LatencyRun.Result> latency) {

    /** The whole report as one JSON object. */
    public Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("settings", settingsJson());
        m.put("machine", machine);
        m.put("throughput", throughputSummary());
        m.put("latency", latencySummary());
        m.put("heartbeats_only", latency.stream().map(l -> l.idle().toJson()).toList());
        m.put(
                "runs",
                java.util.stream.IntStream.range(0, throughput.size())
                        .mapToObj(
                                i -> {
                                    Map<String, Object> run = new LinkedHashMap<>();
                                    run.put("servers", throughput.get(i).servers());
                                    run.put("throughput", throughput.get(i).toJson());
                                    run.put("latency", latency.get(i).toJson());
                                    return run;
                                })
                        .toList());
        return m;
    }

    private Map<String, Object> settingsJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tasks", settings.tasks());
        m.put("workload_rate_per_second", settings.workloadRatePerSecond());
        m.put("rates", settings.rates());
        m.put("servers", settings.servers());
        m.put("parallelism", settings.job().parallelism());
        m.put("job", settings.job().kind().label());
        m.put("bare", settings.bare().label());
        m.put("delivery_guarantee", settings.job().deliveryGuarantee());
        m.put("state_backends", settings.stateBackends());
        m.put("job_overrides", settings.job().overrides());
        m.put("load", settings.load());
        m.put("preroll_seconds", settings.preroll().toMillis() / 1000.0);
        m.put("warmup_seconds", settings.warmup().toMillis() / 1000.0);
        m.put("measure_seconds", settings.measure().toMillis() / 1000.0);
        m.put("idle_seconds", settings.idle().toMillis() / 1000.0);
        m.put("seed", settings.seed());
        return m;
    }

    private Map<String, Object> throughputSummary() {
        ThroughputRun.Result first = throughput.get(0);
        SideThroughput job = first.job().get(0);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("servers", first.servers());
        m.put("state_backend", settings.stateBackends().get(0));
        m.put("bare_tasks_per_second", Json.finiteOrNull(first.bare().tasksPerSecond()));
        m.put("job_tasks_per_second", Json.finiteOrNull(job.tasksPerSecond()));
        m.put("ratio", Json.finiteOrNull(job.tasksPerSecond() / first.bare().tasksPerSecond()));
        m.put("job_records_per_task", Json.finiteOrNull(first.recordsPerTask()));
        m.put("job_records_per_second", Json.finiteOrNull(recordsPerSecond(first, job)));
        m.put(
                "records_ratio",
                Json.finiteOrNull(
                        recordsPerSecond(first, job) / recordsPerSecond(first, first.bare())));
        m.put("bare_cpu_us_per_task", Json.finiteOrNull(first.bare().cpuMicrosPerTask()));
        m.put("job_cpu_us_per_task", Json.finiteOrNull(job.cpuMicrosPerTask()));
        m.put(
                "cpu_ratio",
                Json.finiteOrNull(job.cpuMicrosPerTask() / first.bare().cpuMicrosPerTask()));
        m.put(
                "bare_first_decision_seconds",
                Json.finiteOrNull(first.bare().firstDecisionSeconds()));
        m.put("job_first_decision_seconds", Json.finiteOrNull(job.firstDecisionSeconds()));
        if (first.job().size() > 1) {
            m.put(
                    "job_tasks_per_second_by_state_backend",
                    first.job().stream()
                            .collect(
                                    LinkedHashMap::new,
                                    (map, side) ->
                                            map.put(
                                                    backend(side),
                                                    Json.finiteOrNull(side.tasksPerSecond())),
                                    Map::putAll));
        }
        return m;
    }

    private Map<String, Object> latencySummary() {
        LatencyRun.Result first = latency.get(0);
        int highest = 0;
        for (int i = 1; i < settings.rates().size(); i++) {
            if (settings.rates().get(i) > settings.rates().get(highest)) {
                highest = i;
            }
        }
        LatencyPoint bare = first.bare().get(highest);
        LatencyPoint job = first.job().get(highest);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("servers", first.servers());
        m.put("rate_per_second", bare.ratePerSecond());
        m.put("bare_p50_ms", Json.finiteOrNull(bare.p50Millis()));
        m.put("bare_p99_ms", Json.finiteOrNull(bare.p99Millis()));
        m.put("bare_p999_ms", Json.finiteOrNull(bare.p999Millis()));
        m.put("job_p50_ms", Json.finiteOrNull(job.p50Millis()));
        m.put("job_p99_ms", Json.finiteOrNull(job.p99Millis()));
        m.put("job_p999_ms", Json.finiteOrNull(job.p999Millis()));
        m.put("p99_ratio", Json.finiteOrNull(job.p99Millis() / bare.p99Millis()));
        return m;
    }

    private static String backend(SideThroughput side) {
        return side.side().substring(side.side().indexOf('/') + 1);
    }

    /** The tables for a terminal. */
    public void printTable(PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "qrouter bench pipeline: job %s; bare pipe reads %s; %d cpus; load average %s -> %s;"
                        + " machine busy %s cores (this process %.2f)%n",
                settings.job().describe(),
                settings.bare() == BareReads.WORKLOAD ? "the whole workload" : "the tasks",
                machine.get("cpus"),
                number(machine.get("load_average_1m_start")),
                number(machine.get("load_average_1m_end")),
                number(machine.get("machine_busy_cores")),
                (Double) machine.get("this_process_cores"));
        out.printf(
                Locale.ROOT,
                "%nthroughput: %,d preloaded tasks, their lifecycle events and N servers' heartbeats"
                        + " (1/s, workload at %.0f tasks/s)%n",
                settings.tasks(),
                settings.workloadRatePerSecond());
        out.printf(
                Locale.ROOT,
                "  %7s  %-19s %12s %9s %14s %9s %14s %16s %14s%n",
                "N",
                "side",
                "tasks/s",
                "× bare",
                "records/s",
                "× bare",
                "CPU µs/task",
                "+broker µs/task",
                "1st decision");
        for (ThroughputRun.Result r : throughput) {
            row(out, r, r.bare());
            r.job().forEach(side -> row(out, r, side));
        }
        out.printf(
                Locale.ROOT,
                "%nlatency: live tasks at each rate with their events and heartbeats; delivery (send"
                        + " to decision read back), ms%n");
        out.printf(
                Locale.ROOT,
                "  %7s %8s  %-11s %8s %8s %8s %8s %8s %9s %6s %11s %13s %10s%n",
                "N",
                "rate/s",
                "side",
                "p50",
                "p90",
                "p99",
                "p99.9",
                "max",
                "× bare p99",
                "lost",
                "side cores",
                "machine cores",
                "GC paused");
        for (LatencyRun.Result r : latency) {
            for (int i = 0; i < settings.rates().size(); i++) {
                LatencyPoint bare = r.bare().get(i);
                latencyRow(out, bare, Double.NaN);
                latencyRow(out, r.job().get(i), r.job().get(i).p99Millis() / bare.p99Millis());
            }
        }
        legsTable(out);
        checkpointTable(out);
        out.printf(
                Locale.ROOT,
                "%nheartbeats only (no tasks): what N servers beating once a second cost the job%n");
        out.printf(
                Locale.ROOT,
                "  %7s %13s %10s %15s %8s%n",
                "N",
                "heartbeats/s",
                "job cores",
                "CPU µs/beat",
                "kept up");
        for (LatencyRun.Result r : latency) {
            HeartbeatCost h = r.idle();
            out.printf(
                    Locale.ROOT,
                    "  %,7d %,13.0f %10.3f %15.1f %8s%n",
                    h.servers(),
                    h.heartbeats() / h.seconds(),
                    h.jobCores(),
                    h.cpuMicrosPerHeartbeat(),
                    h.keptUp() ? "yes" : "no (" + h.lagging() + ")");
        }
        out.flush();
    }

    /** Each side's latency split at the decision: the way in, and the way out. */
    private void legsTable(PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%nthe way in (send to decision) and the way out (decision to read back), ms: split at"
                        + " the decision's decidedAt, which has millisecond resolution%n");
        out.printf(
                Locale.ROOT,
                "  %7s %8s  %-11s %8s %8s %8s %8s%n",
                "N",
                "rate/s",
                "side",
                "in p50",
                "in p99",
                "out p50",
                "out p99");
        for (LatencyRun.Result r : latency) {
            for (int i = 0; i < settings.rates().size(); i++) {
                for (LatencyPoint p : List.of(r.bare().get(i), r.job().get(i))) {
                    out.printf(
                            Locale.ROOT,
                            "  %,7d %,8.0f  %-11s %8s %8s %8s %8s%n",
                            p.servers(),
                            p.ratePerSecond(),
                            p.side(),
                            millis(p.legs().inP50Millis()),
                            millis(p.legs().inP99Millis()),
                            millis(p.legs().outP50Millis()),
                            millis(p.legs().outP99Millis()));
                }
            }
        }
    }

    /** The job's p99 within {@link CheckpointTail#WINDOW_MILLIS} after a trigger and outside. */
    private void checkpointTable(PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%nthe job beside its checkpoints: decisions read back within %d ms after a checkpoint"
                        + " trigger, and the rest%n",
                CheckpointTail.WINDOW_MILLIS);
        out.printf(
                Locale.ROOT,
                "  %7s %8s %12s %7s %10s %8s %10s %8s %13s%n",
                "N",
                "rate/s",
                "checkpoints",
                "time",
                "tasks in",
                "p99 in",
                "the rest",
                "p99",
                "× bare p99");
        for (LatencyRun.Result r : latency) {
            for (int i = 0; i < settings.rates().size(); i++) {
                LatencyPoint job = r.job().get(i);
                CheckpointTail t = job.checkpoints();
                if (t == null) {
                    continue;
                }
                out.printf(
                        Locale.ROOT,
                        "  %,7d %,8.0f %12d %6.0f%% %,10d %8s %,10d %8s %13s%n",
                        job.servers(),
                        job.ratePerSecond(),
                        t.checkpoints(),
                        100 * t.windowShare(),
                        t.tasksInWindows(),
                        millis(t.p99InWindowsMillis()),
                        t.tasksOutside(),
                        millis(t.p99OutsideMillis()),
                        ratio(t.p99OutsideMillis() / r.bare().get(i).p99Millis()));
            }
        }
    }

    /**
     * Input records read per second: the job reads every task's lifecycle events and the heartbeats
     * too, the bare pipe the tasks only unless it reads the whole workload.
     */
    private double recordsPerSecond(ThroughputRun.Result r, SideThroughput side) {
        return side == r.bare() && settings.bare() == BareReads.TASKS
                ? side.tasksPerSecond()
                : side.tasksPerSecond() * r.recordsPerTask();
    }

    private void row(PrintWriter out, ThroughputRun.Result r, SideThroughput side) {
        out.printf(
                Locale.ROOT,
                "  %,7d  %-19s %,12.0f %9.2f %,14.0f %9.2f %14.1f %16.1f %12.2f s%n",
                r.servers(),
                side.side(),
                side.tasksPerSecond(),
                side.tasksPerSecond() / r.bare().tasksPerSecond(),
                recordsPerSecond(r, side),
                recordsPerSecond(r, side) / recordsPerSecond(r, r.bare()),
                side.cpuMicrosPerTask(),
                side.processCpuMicrosPerTask(),
                side.firstDecisionSeconds());
    }

    /** A ratio to two decimals, blank where it is undefined. */
    private static String ratio(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.2f", ratio) : "";
    }

    /** Milliseconds to one decimal, "n/a" where there was nothing to measure. */
    private static String millis(double millis) {
        return Double.isFinite(millis) ? String.format(Locale.ROOT, "%.1f", millis) : "n/a";
    }

    private static void latencyRow(PrintWriter out, LatencyPoint p, double ratio) {
        out.printf(
                Locale.ROOT,
                "  %,7d %,8.0f  %-11s %8.1f %8.1f %8.1f %8.1f %8.1f %9s %6d %11.2f %13.2f %8.1f %%%n",
                p.servers(),
                p.ratePerSecond(),
                p.side(),
                p.p50Millis(),
                p.p90Millis(),
                p.p99Millis(),
                p.p999Millis(),
                p.maxMillis(),
                ratio(ratio),
                p.lost(),
                p.cpu().sideCores(),
                p.cpu().processCores(),
                100 * p.gc().pausedShare());
    }

    private static String number(Object value) {
        return value == null
                ? "n/a"
                : String.format(Locale.ROOT, "%.2f", ((Number) value).doubleValue());
    }

    /**
     * bench.json, throughput.csv, latency.csv, heartbeats.csv, latency_after_checkpoint.csv,
     * latency_vs_rate_n&lt;N&gt;.png and latency_after_checkpoint_n&lt;N&gt;.png in {@code dir}.
     */
    public void write(Path dir) {
        Json.write(dir.resolve("bench.json"), toJson());
        CsvTable t =
                new CsvTable(
                        "servers",
                        "side",
                        "tasks",
                        "dead_letters",
                        "tasks_per_second",
                        "tasks_per_second_from_start",
                        "cpu_us_per_task",
                        "process_cpu_us_per_task",
                        "first_decision_seconds");
        for (ThroughputRun.Result r : throughput) {
            for (SideThroughput s : sides(r)) {
                t.add(
                        r.servers(),
                        s.side(),
                        s.tasks(),
                        s.deadLetters(),
                        s.tasksPerSecond(),
                        s.tasksPerSecondFromStart(),
                        s.cpuMicrosPerTask(),
                        s.processCpuMicrosPerTask(),
                        s.firstDecisionSeconds());
            }
        }
        t.write(dir.resolve("throughput.csv"));
        CsvTable l =
                new CsvTable(
                        "servers",
                        "side",
                        "rate_per_second",
                        "sent",
                        "lost",
                        "p50_ms",
                        "p90_ms",
                        "p99_ms",
                        "p999_ms",
                        "max_ms",
                        "in_p50_ms",
                        "in_p99_ms",
                        "out_p50_ms",
                        "out_p99_ms",
                        "side_cores",
                        "process_cores",
                        "gc_pauses",
                        "gc_paused_share");
        CsvTable h =
                new CsvTable(
                        "servers",
                        "seconds",
                        "heartbeats",
                        "job_cores",
                        "cpu_us_per_heartbeat",
                        "lagging_heartbeats");
        CsvTable a =
                new CsvTable(
                        "servers",
                        "rate_per_second",
                        "since_trigger_ms",
                        "tasks",
                        "p50_ms",
                        "p99_ms");
        for (LatencyRun.Result r : latency) {
            afterCheckpoints(r, a, dir);
            LineChart chart =
                    new LineChart(
                                    "Delivery latency against rate, N = "
                                            + r.servers()
                                            + " servers",
                                    "tasks per second",
                                    "milliseconds (send to decision read back)")
                            .logY();
            for (List<LatencyPoint> side : List.of(r.bare(), r.job())) {
                for (LatencyPoint p : side) {
                    l.add(
                            p.servers(),
                            p.side(),
                            p.ratePerSecond(),
                            p.sent(),
                            p.lost(),
                            p.p50Millis(),
                            p.p90Millis(),
                            p.p99Millis(),
                            p.p999Millis(),
                            p.maxMillis(),
                            p.legs().inP50Millis(),
                            p.legs().inP99Millis(),
                            p.legs().outP50Millis(),
                            p.legs().outP99Millis(),
                            p.cpu().sideCores(),
                            p.cpu().processCores(),
                            p.gc().pauses(),
                            p.gc().pausedShare());
                    chart.point(p.side() + " p50", p.ratePerSecond(), p.p50Millis());
                    chart.point(p.side() + " p99", p.ratePerSecond(), p.p99Millis());
                    chart.point(p.side() + " p99.9", p.ratePerSecond(), p.p999Millis());
                }
            }
            chart.writePng(dir.resolve("latency_vs_rate_n" + r.servers() + ".png"));
            HeartbeatCost c = r.idle();
            h.add(
                    c.servers(),
                    c.seconds(),
                    c.heartbeats(),
                    c.jobCores(),
                    c.cpuMicrosPerHeartbeat(),
                    c.lagging());
        }
        l.write(dir.resolve("latency.csv"));
        h.write(dir.resolve("heartbeats.csv"));
        a.write(dir.resolve("latency_after_checkpoint.csv"));
    }

    /**
     * The job's latency by time since the last checkpoint trigger, one row per bucket in {@code
     * table}, and a chart of it per N beside the bare relay's p99 at the same rate.
     */
    private static void afterCheckpoints(LatencyRun.Result r, CsvTable table, Path dir) {
        LineChart chart =
                new LineChart(
                                "Job latency after a checkpoint trigger, N = "
                                        + r.servers()
                                        + " servers",
                                "milliseconds since the checkpoint was triggered",
                                "milliseconds (send to decision read back)")
                        .logY();
        boolean any = false;
        for (LatencyPoint p : r.job()) {
            if (p.checkpoints() == null || p.checkpoints().checkpoints() == 0) {
                continue;
            }
            any = true;
            String rate = String.format(Locale.ROOT, "%.0f/s", p.ratePerSecond());
            for (CheckpointTail.Bucket b : p.checkpoints().buckets()) {
                table.add(
                        p.servers(),
                        p.ratePerSecond(),
                        b.sinceTriggerMillis(),
                        b.tasks(),
                        b.p50Millis(),
                        b.p99Millis());
                if (b.tasks() > 0) {
                    chart.point("job p50 at " + rate, b.sinceTriggerMillis(), b.p50Millis());
                    chart.point("job p99 at " + rate, b.sinceTriggerMillis(), b.p99Millis());
                }
            }
            for (LatencyPoint bare : r.bare()) {
                if (bare.ratePerSecond() == p.ratePerSecond()
                        && Double.isFinite(bare.p99Millis())) {
                    long end = 2 * CheckpointTail.WINDOW_MILLIS - CheckpointTail.BUCKET_MILLIS;
                    chart.point("bare relay p99 at " + rate, 0, bare.p99Millis());
                    chart.point("bare relay p99 at " + rate, end, bare.p99Millis());
                }
            }
        }
        if (any) {
            chart.writePng(dir.resolve("latency_after_checkpoint_n" + r.servers() + ".png"));
        }
    }

    private static List<SideThroughput> sides(ThroughputRun.Result r) {
        List<SideThroughput> all = new java.util.ArrayList<>();
        all.add(r.bare());
        all.addAll(r.job());
        return all;
    }
}
