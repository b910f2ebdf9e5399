package io.qrouter.bench;

import io.qrouter.tools.report.Json;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
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
        m.put("tasks", settings.tasks() > 0 ? settings.tasks() : null);
        m.put("records", settings.tasks() > 0 ? null : settings.records());
        m.put("floor", settings.measuresFloor());
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
        if (first.floor() != null) {
            m.put("floor_tasks_per_second", Json.finiteOrNull(first.floor().tasksPerSecond()));
            m.put(
                    "floor_records_per_second",
                    Json.finiteOrNull(recordsPerSecond(first, first.floor())));
        }
        m.put("by_servers", throughput.stream().map(this::byServers).toList());
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

    /**
     * One fleet size's drain: tasks and input records per second of the job (first backend), the
     * floor and the bare pipe, CPU per record, and the job against the floor.
     */
    private Map<String, Object> byServers(ThroughputRun.Result r) {
        SideThroughput job = r.job().get(0);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("servers", r.servers());
        m.put("tasks", r.tasks());
        m.put("records_per_task", Json.finiteOrNull(r.recordsPerTask()));
        m.put("job_tasks_per_second", Json.finiteOrNull(job.tasksPerSecond()));
        m.put("job_records_per_second", Json.finiteOrNull(recordsPerSecond(r, job)));
        m.put("job_cpu_us_per_record", Json.finiteOrNull(cpuMicrosPerRecord(r, job)));
        if (r.floor() != null) {
            m.put("floor_tasks_per_second", Json.finiteOrNull(r.floor().tasksPerSecond()));
            m.put("floor_records_per_second", Json.finiteOrNull(recordsPerSecond(r, r.floor())));
            m.put("floor_cpu_us_per_record", Json.finiteOrNull(cpuMicrosPerRecord(r, r.floor())));
            m.put(
                    "job_to_floor_records",
                    Json.finiteOrNull(job.tasksPerSecond() / r.floor().tasksPerSecond()));
        }
        m.put("bare_tasks_per_second", Json.finiteOrNull(r.bare().tasksPerSecond()));
        m.put("bare_records_per_second", Json.finiteOrNull(recordsPerSecond(r, r.bare())));
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
        new PipelineBenchTable(this).print(out);
    }

    /**
     * Input records read per second: the job reads every task's lifecycle events and the heartbeats
     * too, the bare pipe the tasks only unless it reads the whole workload.
     */
    double recordsPerSecond(ThroughputRun.Result r, SideThroughput side) {
        return side == r.bare() && settings.bare() == BareReads.TASKS
                ? side.tasksPerSecond()
                : side.tasksPerSecond() * r.recordsPerTask();
    }

    /** CPU of the side's own threads per input record it read. */
    double cpuMicrosPerRecord(ThroughputRun.Result r, SideThroughput side) {
        return perRecord(r, side, side.cpuMicrosPerTask());
    }

    /** A figure per task of the side's drain, per input record it read instead. */
    double perRecord(ThroughputRun.Result r, SideThroughput side, double perTask) {
        return perTask * side.tasksPerSecond() / recordsPerSecond(r, side);
    }

    /**
     * bench.json, throughput.csv, latency.csv, heartbeats.csv, latency_after_checkpoint.csv,
     * latency_vs_rate_n&lt;N&gt;.png and latency_after_checkpoint_n&lt;N&gt;.png in {@code dir}.
     */
    public void write(Path dir) {
        PipelineBenchFiles.write(this, dir);
    }
}
