package io.qrouter.tools.fleet;

import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.HeatmapChart;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.LineChart;
import io.qrouter.tools.report.PercentileBands;
import io.qrouter.tools.report.TimeGrid;
import io.qrouter.tools.sim.Slowdowns;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * Writes a fleet run as report.json, CSV tables, PNG charts and one self-contained report.html, and
 * prints its summary table. Per-server quantities are heatmaps (servers × time) with the fleet's
 * percentile bands, readable at 5 and at 1,000 servers; ga-batch runs add their batches, runs whose
 * job wrote DSRS slots add those.
 */
public final class FleetReport {
    private FleetReport() {}

    /**
     * The files every run writes, for the user (ga-batch runs and runs with DSRS slots add their
     * own).
     */
    public static final List<String> FILES =
            List.of(
                    "report.html",
                    "report.json",
                    "tasks.csv",
                    "timeseries.csv",
                    "servers.csv",
                    "server_timeseries.csv",
                    "server_percentiles.csv",
                    "wait_sojourn.png",
                    "idle_queue_ratio.png",
                    "server_occupancy.png",
                    "server_k.png",
                    "server_utilisation.png");

    /**
     * Writes everything into {@code dir}; {@code extra} entries (e.g. the demo's policy and job
     * settings) are added to report.json and shown as the run's settings. Returns the report.html
     * written.
     */
    public static Path write(FleetResult result, Path dir, Map<String, Object> extra) {
        // ImageIO's disk cache registers temp files with deleteOnExit, which throws once the JVM is
        // shutting down:
        // after Ctrl-C the charts are still written, from memory
        ImageIO.setUseCache(false);
        Map<String, Object> json = new LinkedHashMap<>(extra);
        json.putAll(result.toJson());
        FleetReportPage page = new FleetReportPage(result, extra, json);
        writeTimeSeries(result, dir, page);
        FleetGrids grids = writeServers(result, dir, page);
        GaBatches batches = GaBatches.of(result.tasks());
        if (!batches.isEmpty()) {
            json.put("ga_batches", batches.toJson());
            batches.csv().write(dir.resolve("ga_batches.csv"));
            page.gaBatches(batches.figure(), dir);
        }
        DsrsSlots dsrs = DsrsSlots.of(result, grids.occupancy().rowNames());
        if (!dsrs.isEmpty()) {
            json.put("dsrs", dsrs.toJson());
            dsrs.slotsCsv().write(dir.resolve("dsrs_slots.csv"));
            dsrs.backlogCsv().write(dir.resolve("dsrs_backlog.csv"));
            page.dsrs(dsrs.costFigure(), dsrs.backlogFigure(), dir);
        }
        if (json.get("chaos") instanceof Map<?, ?> chaos
                && chaos.get("faults") instanceof List<?> faults) {
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> entries = (List<Map<String, Object>>) faults;
            page.chaos(entries);
        }
        if (json.get("outliers") instanceof Map<?, ?> outliers) {
            @SuppressWarnings("unchecked")
            Map<String, List<Map<String, Object>>> section =
                    (Map<String, List<Map<String, Object>>>) outliers;
            page.outliers(section.get("events"), section.get("ejections"));
        }
        Json.write(dir.resolve("report.json"), json);
        TaskTimeline.write(result.timelines(), dir.resolve("tasks.csv"));
        return page.write(dir);
    }

    /** A fixed-width summary for the terminal. */
    public static String summaryTable(FleetResult r) {
        StringBuilder out = new StringBuilder();
        row(out, "tasks sent", Long.toString(r.sent()));
        row(
                out,
                "decided",
                r.decided()
                        + "  ("
                        + r.idleQueueHits()
                        + " by the idle queue, "
                        + percent(r.idleQueueRatio())
                        + ")");
        row(out, "completed", Long.toString(r.completed()));
        row(
                out,
                "rejected",
                r.rejected()
                        + "  ("
                        + percent(r.decided() == 0 ? null : (double) r.rejected() / r.decided())
                        + " of decided: loss-aware admission)");
        row(
                out,
                "abandoned",
                r.abandoned()
                        + "  ("
                        + percent(r.admitted() == 0 ? null : (double) r.abandoned() / r.admitted())
                        + " of admitted)");
        if (!r.config().failing().servers().isEmpty()) {
            row(
                    out,
                    "failed",
                    r.failed()
                            + "  (on "
                            + String.join(", ", r.config().failing().servers())
                            + ")");
        }
        row(out, "queued at end", Long.toString(r.queuedAtEnd()));
        row(
                out,
                "dead letters",
                r.deadLetter() + " tasks, " + r.otherDeadLetters() + " other records");
        row(out, "undecided", Long.toString(r.undecided()));
        if (!r.stalls().isEmpty()) {
            row(
                    out,
                    "STALLS",
                    r.stalls().size()
                            + "  (routing stopped with tasks waiting; longest "
                            + String.format(Locale.ROOT, "%.1f s", r.longestStallSeconds())
                            + ")");
        }
        if (r.unknownServer() + r.duplicateDecisions() + r.foreignDecisions() > 0) {
            row(
                    out,
                    "anomalies",
                    r.unknownServer()
                            + " to unknown servers, "
                            + r.duplicateDecisions()
                            + " duplicate decisions, "
                            + r.foreignDecisions()
                            + " decisions for other runs");
        }
        row(out, "wait (s)", meanWithInterval(r.waitSeconds()) + "  " + quantiles(r.waitSeconds()));
        row(out, "sojourn (s)", quantiles(r.sojournSeconds()));
        row(out, "decision latency (s)", quantiles(r.decisionLatencySeconds()));
        row(out, "delivery latency (s)", quantiles(r.deliveryLatencySeconds()));
        if (!r.slowdowns().none()) {
            Double halving = r.antagonistHalving().time();
            row(
                    out,
                    "antagonists",
                    halving == null
                            ? "share halving n/a (" + r.antagonistHalving().reason() + ")"
                            : "share halved " + num(halving) + " s after a slowdown started");
        }
        return out.toString();
    }

    static String quantiles(Map<String, Object> summary) {
        return "p50 "
                + num(summary.get("p50"))
                + "  p90 "
                + num(summary.get("p90"))
                + "  p99 "
                + num(summary.get("p99"))
                + "  max "
                + num(summary.get("max"));
    }

    /**
     * A mean wait with its 95 % interval when it has one, to three significant digits: a router's
     * mean wait can be a fraction of a millisecond.
     */
    static String meanWithInterval(Map<String, Object> summary) {
        String interval = interval(summary);
        return "mean "
                + significant(summary.get("mean"))
                + ("n/a".equals(interval) ? "" : " (95 % CI " + interval + ")");
    }

    /** The 95 % interval of a summary's mean wait, {@code low–high}, or n/a. */
    static String interval(Map<String, Object> summary) {
        return interval(summary.get("mean_ci95_low"), summary.get("mean_ci95_high"));
    }

    /** A mean wait's 95 % interval, {@code low–high}, or n/a when an end is missing. */
    public static String interval(Object low, Object high) {
        return low instanceof Number && high instanceof Number
                ? significant(low) + "–" + significant(high)
                : "n/a";
    }

    private static String significant(Object v) {
        return v instanceof Number n ? String.format(Locale.ROOT, "%.3g", n.doubleValue()) : "n/a";
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

    private static void writeTimeSeries(FleetResult r, Path dir, FleetReportPage page) {
        CsvTable table =
                new CsvTable(
                        "second",
                        "sent",
                        "decided",
                        "completed",
                        "abandoned",
                        "idle_queue_ratio",
                        "wait_p50_s",
                        "wait_p99_s",
                        "sojourn_p50_s",
                        "sojourn_p99_s");
        LineChart waitChart = new LineChart("Wait and sojourn over time", "time (s)", "seconds");
        LineChart idleChart =
                new LineChart(
                        "Decisions by the idle queue (JIQ)", "time (s)", "fraction of decisions");
        for (FleetTimeSeries.Second s : FleetTimeSeries.of(r).seconds()) {
            table.add(
                    s.second(),
                    s.sent(),
                    s.decided(),
                    s.completed(),
                    s.abandoned(),
                    s.idleQueueRatio(),
                    s.waitP50(),
                    s.waitP99(),
                    s.sojournP50(),
                    s.sojournP99());
            waitChart
                    .point("wait p50", s.second(), s.waitP50())
                    .point("wait p99", s.second(), s.waitP99())
                    .point("sojourn p50", s.second(), s.sojournP50())
                    .point("sojourn p99", s.second(), s.sojournP99());
            idleChart.point("idle-queue ratio", s.second(), s.idleQueueRatio());
        }
        table.write(dir.resolve("timeseries.csv"));
        page.chart(waitChart.figure("wait_sojourn"), dir, "timeseries.csv");
        page.chart(idleChart.figure("idle_queue_ratio"), dir, "timeseries.csv");
    }

    private static FleetGrids writeServers(FleetResult r, Path dir, FleetReportPage page) {
        CsvTable servers =
                new CsvTable(
                        "server",
                        "mu_per_second",
                        "slots",
                        "received",
                        "completed",
                        "abandoned",
                        "failed",
                        "utilisation",
                        "mean_occupancy",
                        "slow_factor",
                        "slow_on_seconds",
                        "slow_off_seconds",
                        "slow_phase_seconds");
        Slowdowns slow = r.slowdowns();
        for (int i = 0; i < r.servers().size(); i++) {
            FleetResult.ServerSummary s = r.servers().get(i);
            boolean slows = slow.slows(i);
            servers.add(
                    s.serverId(),
                    s.mu(),
                    s.slots(),
                    s.received(),
                    s.completed(),
                    s.abandoned(),
                    s.failed(),
                    s.utilisation(),
                    s.meanOccupancy(),
                    slows ? slow.factor() : null,
                    slows ? slow.on() : null,
                    slows ? slow.off() : null,
                    slows ? slow.phase()[i] : null);
        }
        servers.write(dir.resolve("servers.csv"));

        FleetGrids grids = FleetGrids.of(r);
        CsvTable perServer =
                new CsvTable("second", "server", "occupancy", "load_index_k", "utilisation");
        for (int c = 0; c < grids.occupancy().columns(); c++) {
            for (int row = 0; row < grids.occupancy().rows(); row++) {
                perServer.add(
                        grids.occupancy().x(c),
                        grids.occupancy().rowNames().get(row),
                        (int) grids.occupancy().values()[row][c],
                        grids.loadIndexK().values()[row][c],
                        grids.utilisation().values()[row][c]);
            }
        }
        perServer.write(dir.resolve("server_timeseries.csv"));

        CsvTable bands = new CsvTable("second", "quantity", "min", "p50", "p90", "max");
        page.serverSection(r.servers().size());
        serverChart(
                page,
                dir,
                bands,
                "server_occupancy",
                "tasks",
                "tasks",
                grids.occupancy(),
                new HeatmapChart(
                        "Tasks on each server (waiting + in service), each second",
                        BY_MU,
                        "tasks on the server"));
        serverChart(
                page,
                dir,
                bands,
                "server_k",
                "load_index_k",
                "K",
                grids.loadIndexK(),
                new HeatmapChart(
                        "Load index K of each server, as the job last reported it", BY_MU, "K"));
        serverChart(
                page,
                dir,
                bands,
                "server_utilisation",
                "utilisation",
                "utilisation",
                grids.utilisation(),
                new HeatmapChart(
                                "Utilisation of each server (busy fraction of each second)",
                                BY_MU,
                                "utilisation")
                        .scale(0, 1));
        bands.write(dir.resolve("server_percentiles.csv"));
        return grids;
    }

    private static final String BY_MU = "servers by μ (slowest at the bottom)";

    /**
     * A heatmap of one per-server quantity with the fleet's percentile bands below; the bands also
     * go to CSV.
     */
    private static void serverChart(
            FleetReportPage page,
            Path dir,
            CsvTable bands,
            String name,
            String quantity,
            String axisLabel,
            TimeGrid grid,
            HeatmapChart heatmap) {
        PercentileBands spread = PercentileBands.of(grid);
        for (int c = 0; c < grid.columns(); c++) {
            Double[] b = spread.row(c);
            bands.add(grid.x(c), quantity, b[0], b[1], b[2], b[3]);
        }
        page.chart(
                heatmap.figure(name, grid, spread.plot(axisLabel)),
                dir,
                "server_timeseries.csv",
                "server_percentiles.csv");
    }
}
