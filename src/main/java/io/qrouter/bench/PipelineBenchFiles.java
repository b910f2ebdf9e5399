package io.qrouter.bench;

import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.LineChart;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The files of a {@link PipelineBenchReport}: bench.json, throughput.csv, latency.csv,
 * heartbeats.csv, latency_after_checkpoint.csv, and per fleet size the charts of latency against
 * rate and after a checkpoint trigger.
 */
final class PipelineBenchFiles {
    private PipelineBenchFiles() {}

    static void write(PipelineBenchReport report, Path dir) {
        Json.write(dir.resolve("bench.json"), report.toJson());
        CsvTable t =
                new CsvTable(
                        "servers",
                        "side",
                        "tasks",
                        "dead_letters",
                        "tasks_per_second",
                        "tasks_per_second_from_start",
                        "records_per_second",
                        "cpu_us_per_task",
                        "cpu_us_per_record",
                        "process_cpu_us_per_task",
                        "jit_cpu_us_per_task",
                        "gc_cpu_us_per_task",
                        "first_decision_seconds");
        for (ThroughputRun.Result r : report.throughput()) {
            for (SideThroughput s : r.sides()) {
                t.add(
                        r.servers(),
                        s.side(),
                        s.tasks(),
                        s.deadLetters(),
                        s.tasksPerSecond(),
                        s.tasksPerSecondFromStart(),
                        report.recordsPerSecond(r, s),
                        s.cpuMicrosPerTask(),
                        report.cpuMicrosPerRecord(r, s),
                        s.processCpuMicrosPerTask(),
                        s.jitCpuMicrosPerTask(),
                        s.gcCpuMicrosPerTask(),
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
        for (LatencyRun.Result r : report.latency()) {
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
}
