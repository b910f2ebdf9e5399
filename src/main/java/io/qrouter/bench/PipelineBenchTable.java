package io.qrouter.bench;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables of a {@link PipelineBenchReport} for a terminal: throughput, latency against rate, the
 * way in and out, the job beside its checkpoints, and what heartbeats alone cost.
 */
final class PipelineBenchTable {
    private final PipelineBenchReport report;
    private final PipelineBenchSettings settings;

    PipelineBenchTable(PipelineBenchReport report) {
        this.report = report;
        this.settings = report.settings();
    }

    void print(PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "qrouter bench pipeline: job %s; bare pipe reads %s; %d cpus; load average %s -> %s;"
                        + " machine busy %s cores (this process %.2f)%n",
                settings.job().describe(),
                settings.bare() == BareReads.WORKLOAD ? "the whole workload" : "the tasks",
                report.machine().get("cpus"),
                number(report.machine().get("load_average_1m_start")),
                number(report.machine().get("load_average_1m_end")),
                number(report.machine().get("machine_busy_cores")),
                (Double) report.machine().get("this_process_cores"));
        out.printf(
                Locale.ROOT,
                "%nthroughput: %s, their lifecycle events and N servers' heartbeats (1/s, workload"
                        + " at %.0f tasks/s)%n",
                settings.tasks() > 0
                        ? String.format(Locale.ROOT, "%,d preloaded tasks", settings.tasks())
                        : String.format(
                                Locale.ROOT,
                                "preloaded tasks bringing about %,d input records",
                                settings.records()),
                settings.workloadRatePerSecond());
        out.printf(
                Locale.ROOT,
                "  %7s %9s  %-19s %12s %9s %14s %9s %12s %14s %16s %14s%n",
                "N",
                "tasks",
                "side",
                "tasks/s",
                "× bare",
                "records/s",
                "× bare",
                "CPU µs/rec",
                "CPU µs/task",
                "process µs/task",
                "1st decision");
        for (ThroughputRun.Result r : report.throughput()) {
            r.sides().forEach(side -> row(out, r, side));
        }
        threadTable(out);
        processTable(out);
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
        for (LatencyRun.Result r : report.latency()) {
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
        for (LatencyRun.Result r : report.latency()) {
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

    /** Where the job's CPU went in each drain: its busiest operators, per input record. */
    private void threadTable(PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%nthe job's drain by thread: CPU µs per input record, its busiest operators, then"
                        + " the rest%n");
        out.printf(Locale.ROOT, "  %7s  %-48s %8s%n", "N", "operator", "µs/rec");
        for (ThroughputRun.Result r : report.throughput()) {
            SideThroughput job = r.job().get(0);
            Map<String, Double> perRecord =
                    DrainByThread.microsPerRecord(
                            job.topThreads(),
                            job.cpuMicrosPerTask() * r.tasks() / 1_000,
                            r.tasks() + r.events() + r.heartbeats());
            String n = String.format(Locale.ROOT, "%,d", r.servers());
            for (Map.Entry<String, Double> e : perRecord.entrySet()) {
                out.printf(Locale.ROOT, "  %7s  %-48s %8.2f%n", n, e.getKey(), e.getValue());
                n = "";
            }
        }
    }

    /**
     * The whole process in each drain: the side's own threads, the JIT compilers, the collector,
     * and the broker with the rest (the benchmark's probes, Flink's cluster threads); per input
     * record. The JIT and the broker take their share of the cores whichever side drains.
     */
    private void processTable(PrintWriter out) {
        out.printf(
                Locale.ROOT,
                "%nthe whole process in each drain: CPU µs per input record, by part%n");
        out.printf(
                Locale.ROOT,
                "  %7s  %-19s %14s %8s %8s %20s %9s%n",
                "N",
                "side",
                "side's threads",
                "JIT",
                "GC",
                "broker and the rest",
                "process");
        for (ThroughputRun.Result r : report.throughput()) {
            for (SideThroughput side : r.sides()) {
                double process = report.perRecord(r, side, side.processCpuMicrosPerTask());
                double own = report.cpuMicrosPerRecord(r, side);
                double jit = report.perRecord(r, side, side.jitCpuMicrosPerTask());
                double gc = report.perRecord(r, side, side.gcCpuMicrosPerTask());
                out.printf(
                        Locale.ROOT,
                        "  %,7d  %-19s %14.2f %8s %8s %20s %9.2f%n",
                        r.servers(),
                        side.side(),
                        own,
                        micros(jit),
                        micros(gc),
                        micros(process - own - jit - gc),
                        process);
            }
        }
    }

    /** Microseconds to two decimals, "n/a" where unknown. */
    private static String micros(double micros) {
        return Double.isFinite(micros) ? String.format(Locale.ROOT, "%.2f", micros) : "n/a";
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
        for (LatencyRun.Result r : report.latency()) {
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
        for (LatencyRun.Result r : report.latency()) {
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

    private void row(PrintWriter out, ThroughputRun.Result r, SideThroughput side) {
        out.printf(
                Locale.ROOT,
                "  %,7d %,9d  %-19s %,12.0f %9.2f %,14.0f %9.2f %12.2f %14.1f %16.1f %12.2f s%n",
                r.servers(),
                r.tasks(),
                side.side(),
                side.tasksPerSecond(),
                side.tasksPerSecond() / r.bare().tasksPerSecond(),
                report.recordsPerSecond(r, side),
                report.recordsPerSecond(r, side) / report.recordsPerSecond(r, r.bare()),
                report.cpuMicrosPerRecord(r, side),
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
}
