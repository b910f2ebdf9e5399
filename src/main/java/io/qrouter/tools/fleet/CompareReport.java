package io.qrouter.tools.fleet;

import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.HeatmapChart;
import io.qrouter.tools.report.HtmlPage;
import io.qrouter.tools.report.HtmlTable;
import io.qrouter.tools.report.LineChart;
import io.qrouter.tools.report.PercentileBands;
import io.qrouter.tools.report.TimeGrid;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The top of {@code demo --compare}: the same workload under each policy, side by side. Writes
 * compare.csv (one row per policy), compare_timeseries.csv, the charts (each policy a line on
 * shared axes; the servers' occupancy as heatmaps side by side on one scale) and report.html
 * linking each policy's own report.
 */
public final class CompareReport {
    private static final String[] COLUMNS = {
        "sent",
        "decided",
        "rejected",
        "completed",
        "abandoned",
        "failed",
        "queued_at_end",
        "dead_letter",
        "idle_queue_ratio",
        "wait_seconds.mean",
        "wait_seconds.mean_ci95_low",
        "wait_seconds.mean_ci95_high",
        "wait_seconds.p50",
        "wait_seconds.p99",
        "sojourn_seconds.p50",
        "sojourn_seconds.p99",
        "delivery_latency_seconds.p50",
        "twin.wait_seconds.mean",
        "twin.abandoned"
    };

    private CompareReport() {}

    /**
     * The terminal table: one line per policy, with its digital twin's mean wait and abandonment
     * beside.
     */
    public static String table(
            Map<String, FleetResult> results, Map<String, Map<String, Object>> twins) {
        StringBuilder out =
                new StringBuilder(
                        String.format(
                                Locale.ROOT,
                                "  %-18s %7s %7s %8s %9s %7s %6s %9s %17s %9s %9s %11s %10s %10s%n",
                                "policy",
                                "sent",
                                "decided",
                                "rejected",
                                "abandoned",
                                "queued",
                                "idle-q",
                                "wait mean",
                                "wait mean 95% CI",
                                "wait p50",
                                "wait p99",
                                "sojourn p99",
                                "twin wait",
                                "twin aband"));
        results.forEach(
                (p, r) -> {
                    Map<String, Object> twin = twins.get(p);
                    out.append(
                            String.format(
                                    Locale.ROOT,
                                    "  %-18s %7d %7d %8s %9s %7d %6s %9s %17s %9s %9s %11s %10s %10s%n",
                                    p,
                                    r.sent(),
                                    r.decided(),
                                    share(r.rejected(), r.decided()),
                                    share(r.abandoned(), r.admitted()),
                                    r.queuedAtEnd(),
                                    FleetReport.percent(r.idleQueueRatio()),
                                    FleetReport.num(r.waitSeconds().get("mean")),
                                    FleetReport.interval(r.waitSeconds()),
                                    FleetReport.num(r.waitSeconds().get("p50")),
                                    FleetReport.num(r.waitSeconds().get("p99")),
                                    FleetReport.num(r.sojournSeconds().get("p99")),
                                    FleetReport.num(
                                            FleetReportPage.valueAt(twin, "wait_seconds.mean")),
                                    twin == null
                                            ? "n/a"
                                            : share(
                                                    ((Number) twin.get("abandoned")).longValue(),
                                                    ((Number) twin.get("decided")).longValue())));
                });
        return out.toString();
    }

    private static String share(long part, long whole) {
        return FleetReport.percent(whole == 0 ? null : (double) part / whole);
    }

    /**
     * Writes the comparison into {@code out}; each policy's own report is in {@code out/<policy>/}.
     * Returns the report.html written.
     */
    public static Path write(
            Map<String, FleetResult> results,
            Map<String, Map<String, Object>> twins,
            Map<String, Object> settings,
            Path out) {
        Map<String, Map<String, Object>> json = new LinkedHashMap<>();
        results.forEach(
                (p, r) -> {
                    Map<String, Object> figures = new LinkedHashMap<>(r.toJson());
                    figures.put("twin", twins.get(p));
                    json.put(p, figures);
                });
        String[] header = new String[COLUMNS.length + 1];
        header[0] = "policy";
        for (int i = 0; i < COLUMNS.length; i++) {
            header[i + 1] =
                    COLUMNS[i].replace("_seconds.", "_").replace(".", "_")
                            + (COLUMNS[i].contains("seconds") ? "_s" : "");
        }
        CsvTable csv = new CsvTable(header);
        HtmlTable table =
                new HtmlTable(
                        Stream.of(header).map(h -> h.replace('_', ' ')).toArray(String[]::new));
        json.forEach(
                (policy, figures) -> {
                    Object[] csvRow = new Object[header.length];
                    Object[] htmlRow = new Object[header.length];
                    csvRow[0] = policy;
                    htmlRow[0] = policy;
                    for (int i = 0; i < COLUMNS.length; i++) {
                        Object v = FleetReportPage.valueAt(figures, COLUMNS[i]);
                        csvRow[i + 1] = v;
                        htmlRow[i + 1] =
                                COLUMNS[i].endsWith("ratio")
                                        ? HtmlTable.percent(policy + "." + COLUMNS[i], v)
                                        : HtmlTable.number(policy + "." + COLUMNS[i], v);
                    }
                    csv.add(csvRow);
                    table.row(htmlRow);
                });
        csv.write(out.resolve("compare.csv"));

        HtmlPage page = new HtmlPage("qrouter demo --compare: the same workload under each policy");
        page.files(results.keySet().stream().map(p -> p + "/report.html").toList());
        page.section("Settings");
        Map<String, Object> all = new LinkedHashMap<>(settings);
        all.put("policies", String.join(", ", results.keySet()));
        all.putAll(castMap(json.values().iterator().next().getOrDefault("workload", Map.of())));
        page.settings(all);
        page.section("Summary");
        page.table(table, "summary");
        page.section("Over time, on shared axes");
        writeCharts(results, out, page);
        page.section("Files");
        page.files(List.of("compare.csv", "compare_timeseries.csv"));
        return page.write(out.resolve("report.html"));
    }

    private static void writeCharts(Map<String, FleetResult> results, Path out, HtmlPage page) {
        LineChart waits = new LineChart("Wait p99 each second", "time (s)", "seconds");
        LineChart sojourns = new LineChart("Sojourn p50 each second", "time (s)", "seconds");
        LineChart busiest =
                new LineChart(
                        "Tasks on a server: p90 across servers each second", "time (s)", "tasks");
        CsvTable series =
                new CsvTable("second", "policy", "wait_p99_s", "sojourn_p50_s", "occupancy_p90");
        Map<String, TimeGrid> occupancy = new LinkedHashMap<>();
        results.forEach(
                (policy, r) -> {
                    TimeGrid grid = FleetGrids.of(r).occupancy();
                    occupancy.put(policy, grid);
                    PercentileBands bands = PercentileBands.of(grid);
                    TreeMap<Long, Double> p90BySecond = new TreeMap<>();
                    for (int c = 0; c < grid.columns(); c++) {
                        busiest.point(policy, grid.x(c), bands.p90()[c]);
                        p90BySecond.put(Math.round(grid.x(c)), bands.p90()[c]);
                    }
                    for (FleetTimeSeries.Second s : FleetTimeSeries.of(r).seconds()) {
                        waits.point(policy, s.second(), s.waitP99());
                        sojourns.point(policy, s.second(), s.sojournP50());
                        series.add(
                                s.second(),
                                policy,
                                s.waitP99(),
                                s.sojournP50(),
                                p90BySecond.get(s.second()));
                    }
                });
        series.write(out.resolve("compare_timeseries.csv"));
        for (var figure :
                List.of(
                        waits.figure("compare_wait_p99"),
                        sojourns.figure("compare_sojourn_p50"),
                        busiest.figure("compare_occupancy_p90"),
                        new HeatmapChart(
                                        "Tasks on each server, policy by policy (one colour scale)",
                                        "servers by μ (slowest at the bottom)",
                                        "tasks on the server")
                                .sideBySide("compare_server_occupancy", occupancy))) {
            figure.writePng(out);
            page.chart(figure, List.of("compare_timeseries.csv"));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> castMap(Object value) {
        return (Map<String, Object>) value;
    }
}
