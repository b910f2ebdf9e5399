package io.qrouter.fleet;

import io.qrouter.report.CsvTable;
import io.qrouter.report.Json;
import io.qrouter.report.LineChart;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;

/** Writes a fleet run as report.json, CSV tables and PNG charts, and prints its summary table. */
public final class FleetReport {
    private FleetReport() {}

    /** The files written by {@link #write}, for the user. */
    public static final List<String> FILES = List.of("report.json", "tasks.csv", "timeseries.csv", "servers.csv",
            "server_timeseries.csv", "wait_sojourn.png", "idle_queue_ratio.png", "server_k.png",
            "server_occupancy.png");

    /**
     * Writes everything into {@code dir}; {@code extra} entries (e.g. the demo's policy and job settings) are added
     * to report.json.
     */
    public static void write(FleetResult result, Path dir, Map<String, Object> extra) {
        // ImageIO's disk cache registers temp files with deleteOnExit, which throws once the JVM is shutting down:
        // after Ctrl-C the charts are still written, from memory
        ImageIO.setUseCache(false);
        Map<String, Object> json = new LinkedHashMap<>(extra);
        json.putAll(result.toJson());
        Json.write(dir.resolve("report.json"), json);
        writeTimeSeries(result, dir);
        writeServers(result, dir);
        TaskTimeline.write(result.timelines(), dir.resolve("tasks.csv"));
    }

    /** A fixed-width summary for the terminal. */
    public static String summaryTable(FleetResult r) {
        StringBuilder out = new StringBuilder();
        row(out, "tasks sent", Long.toString(r.sent()));
        row(out, "decided", r.decided() + "  (" + r.idleQueueHits() + " by the idle queue, "
                + percent(r.idleQueueRatio()) + ")");
        row(out, "completed", Long.toString(r.completed()));
        row(out, "abandoned", r.abandoned() + "  (" + percent(r.decided() == 0 ? null
                : (double) r.abandoned() / r.decided()) + " of decided)");
        row(out, "queued at end", Long.toString(r.queuedAtEnd()));
        row(out, "dead letters", r.deadLetter() + " tasks, " + r.otherDeadLetters() + " other records");
        row(out, "undecided", Long.toString(r.undecided()));
        if (r.unknownServer() + r.duplicateDecisions() + r.foreignDecisions() > 0) {
            row(out, "anomalies", r.unknownServer() + " to unknown servers, " + r.duplicateDecisions()
                    + " duplicate decisions, " + r.foreignDecisions() + " decisions for other runs");
        }
        row(out, "wait (s)", quantiles(r.waitSeconds()));
        row(out, "sojourn (s)", quantiles(r.sojournSeconds()));
        row(out, "decision latency (s)", quantiles(r.decisionLatencySeconds()));
        row(out, "delivery latency (s)", quantiles(r.deliveryLatencySeconds()));
        return out.toString();
    }

    static String quantiles(Map<String, Object> summary) {
        return "p50 " + num(summary.get("p50")) + "  p90 " + num(summary.get("p90")) + "  p99 " + num(summary.get("p99"))
                + "  max " + num(summary.get("max"));
    }

    public static String num(Object v) {
        return v instanceof Double d ? String.format(Locale.ROOT, "%.3f", d) : "n/a";
    }

    static String percent(Double fraction) {
        return fraction == null ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100 * fraction);
    }

    private static void row(StringBuilder out, String label, String value) {
        out.append(String.format(Locale.ROOT, "  %-22s %s%n", label, value));
    }

    private static void writeTimeSeries(FleetResult r, Path dir) {
        TreeMap<Long, List<Double>> waits = new TreeMap<>();
        TreeMap<Long, List<Double>> sojourns = new TreeMap<>();
        TreeMap<Long, long[]> outcomes = new TreeMap<>(); // sent, completed, abandoned
        for (TaskRecord t : r.tasks()) {
            outcomes.computeIfAbsent(second(t.createdAt), s -> new long[3])[0]++;
            if (!Double.isNaN(t.startedAt)) {
                waits.computeIfAbsent(second(t.startedAt), s -> new ArrayList<>()).add(t.startedAt - t.receivedAt);
            }
            if (t.outcome == TaskRecord.Outcome.COMPLETED) {
                sojourns.computeIfAbsent(second(t.finishedAt), s -> new ArrayList<>()).add(t.finishedAt - t.createdAt);
                outcomes.computeIfAbsent(second(t.finishedAt), s -> new long[3])[1]++;
            } else if (t.outcome == TaskRecord.Outcome.ABANDONED) {
                outcomes.computeIfAbsent(second(t.finishedAt), s -> new long[3])[2]++;
            }
        }
        TreeMap<Long, FleetSeries.DecisionCount> decisions = r.series().decisionsPerSecond;
        TreeMap<Long, Boolean> seconds = new TreeMap<>();
        outcomes.keySet().forEach(s -> seconds.put(s, true));
        decisions.keySet().forEach(s -> seconds.put(s, true));

        CsvTable table = new CsvTable("second", "sent", "decided", "completed", "abandoned", "idle_queue_ratio",
                "wait_p50_s", "wait_p99_s", "sojourn_p50_s", "sojourn_p99_s");
        LineChart waitChart = new LineChart("Wait and sojourn over time", "time (s)", "seconds");
        LineChart idleChart = new LineChart("Decisions by the idle queue (JIQ)", "time (s)", "fraction of decisions");
        for (long s : seconds.keySet()) {
            long[] o = outcomes.getOrDefault(s, new long[3]);
            FleetSeries.DecisionCount d = decisions.get(s);
            Double idleRatio = d == null || d.decisions == 0 ? null : (double) d.idleQueue / d.decisions;
            Percentiles w = percentiles(waits.get(s));
            Percentiles so = percentiles(sojourns.get(s));
            table.add(s, o[0], d == null ? 0 : d.decisions, o[1], o[2], idleRatio,
                    w.at(0.5), w.at(0.99), so.at(0.5), so.at(0.99));
            waitChart.point("wait p50", s, w.at(0.5)).point("wait p99", s, w.at(0.99))
                    .point("sojourn p50", s, so.at(0.5)).point("sojourn p99", s, so.at(0.99));
            if (idleRatio != null) {
                idleChart.point("idle-queue ratio", s, idleRatio);
            }
        }
        table.write(dir.resolve("timeseries.csv"));
        waitChart.writePng(dir.resolve("wait_sojourn.png"));
        idleChart.writePng(dir.resolve("idle_queue_ratio.png"));
    }

    private static void writeServers(FleetResult r, Path dir) {
        CsvTable servers = new CsvTable("server", "mu_per_second", "received", "completed", "abandoned",
                "utilisation", "mean_occupancy");
        for (FleetResult.ServerSummary s : r.servers()) {
            servers.add(s.serverId(), s.mu(), s.received(), s.completed(), s.abandoned(), s.utilisation(),
                    s.meanOccupancy());
        }
        servers.write(dir.resolve("servers.csv"));

        FleetSeries series = r.series();
        CsvTable perServer = new CsvTable("second", "server", "occupancy", "load_index_k");
        LineChart occupancy = new LineChart("Tasks on each server (waiting + in service)", "time (s)", "tasks");
        LineChart loadIndex = new LineChart("Load index K per server (from server-metrics)", "time (s)", "K");
        // K arrives at heartbeat times; keep the latest per server and second for the table
        Map<Long, Map<Integer, Double>> kBySecond = new TreeMap<>();
        for (FleetSeries.LoadIndexSample k : series.loadIndex) {
            String name = r.servers().get(k.server()).serverId();
            if (k.loadIndexK() != null) {
                loadIndex.point(name, k.atSeconds(), k.loadIndexK());
            }
            kBySecond.computeIfAbsent(second(k.atSeconds()), s -> new TreeMap<>()).put(k.server(), k.loadIndexK());
        }
        for (FleetSeries.Occupancy o : series.occupancy) {
            long s = Math.round(o.atSeconds());
            Map<Integer, Double> ks = kBySecond.getOrDefault(s - 1, Map.of());
            for (int i = 0; i < o.queueLengths().length; i++) {
                String name = r.servers().get(i).serverId();
                perServer.add(s, name, o.queueLengths()[i], ks.get(i));
                occupancy.point(name, o.atSeconds(), o.queueLengths()[i]);
            }
        }
        perServer.write(dir.resolve("server_timeseries.csv"));
        occupancy.writePng(dir.resolve("server_occupancy.png"));
        loadIndex.writePng(dir.resolve("server_k.png"));
    }

    private static long second(double t) {
        return (long) Math.floor(t);
    }

    private static Percentiles percentiles(List<Double> values) {
        return Percentiles.of(values == null ? new double[0] : values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
