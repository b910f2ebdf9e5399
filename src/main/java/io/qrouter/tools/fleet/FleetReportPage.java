package io.qrouter.tools.fleet;

import io.qrouter.tools.report.ChartFigure;
import io.qrouter.tools.report.HtmlPage;
import io.qrouter.tools.report.HtmlTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * report.html of one fleet or demo run: the answer (measured against the twin, the audit's
 * verdict), settings, the summary table, every chart (inline SVG, PNG beside it) and links to the
 * files beside it. Every number of the tables is looked up in the report.json map by its path and
 * carries that path, so the page and the JSON cannot disagree without a test noticing.
 */
final class FleetReportPage {
    private static final String[] QUANTILES = {"count", "mean", "p50", "p90", "p99", "max"};

    private final HtmlPage page;
    private final Map<String, Object> json;

    FleetReportPage(FleetResult r, Map<String, Object> extra, Map<String, Object> json) {
        this.json = json;
        Object policy = extra.get("policy");
        page = new HtmlPage(policy != null ? "qrouter run: policy " + policy : "qrouter fleet run");
        page.files(
                List.of("report.json", "timeseries.csv", "servers.csv", "server_timeseries.csv"));
        ReportAnswer.addTo(page, json);
        page.section("Settings");
        Map<String, Object> settings = new LinkedHashMap<>(extra);
        settings.remove("chaos"); // a section of its own
        settings.remove("outliers"); // likewise
        settings.remove("twin"); // in the answer
        settings.remove("audit"); // likewise
        settings.remove("twin_keys"); // for `qrouter twin --run`; the job settings show them
        settings.putAll(workload());
        page.settings(settings);
        page.section("Summary");
        page.table(
                new HtmlTable("tasks", "count")
                        .row("sent", number("sent"))
                        .row("decided", number("decided"))
                        .row("decided by the idle queue", number("idle_queue_hits"))
                        .row(
                                "idle-queue share of decisions",
                                HtmlTable.percent("idle_queue_ratio", json.get("idle_queue_ratio")))
                        .row("rejected (loss-aware admission)", number("rejected"))
                        .row("admitted (decided, not rejected)", number("admitted"))
                        .row("completed", number("completed"))
                        .row("abandoned", number("abandoned"))
                        .row("failed (FAILED by their server)", number("failed"))
                        .row("queued at end", number("queued_at_end"))
                        .row("dead letters", number("dead_letter"))
                        .row("undecided", number("undecided"))
                        .row("completed per second", number("throughput_per_second"))
                        .row(
                                "longest stall (s): tasks waiting, no decision",
                                number("longest_stall_seconds")),
                "summary");
        HtmlTable times = new HtmlTable("seconds", "count", "mean", "p50", "p90", "p99", "max");
        quantileRow(times, "wait in the server's queue", "wait_seconds");
        quantileRow(times, "sojourn (creation to completion)", "sojourn_seconds");
        quantileRow(times, "decision latency (in the job)", "decision_latency_seconds");
        quantileRow(
                times, "delivery latency (until the fleet sees it)", "delivery_latency_seconds");
        page.table(times, "summary");
        page.section("Over time");
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> workload() {
        return (Map<String, Object>) json.getOrDefault("workload", Map.of());
    }

    /**
     * Writes the chart's PNG into {@code dir} and puts the chart on the page with links to its
     * data.
     */
    void chart(ChartFigure figure, Path dir, String... dataFiles) {
        figure.writePng(dir);
        page.chart(figure, List.of(dataFiles));
    }

    void serverSection(int servers) {
        page.section("Per server (" + servers + " servers)");
        page.note(
                "Each heatmap row is one server, ordered by service rate μ, slowest at the bottom; the colour is the "
                        + "value of that second (grey: unknown). Below each heatmap, the spread across servers each second: "
                        + "median with the band from min to max, and p90. The colour scale ends at the p99 of all values.");
    }

    void gaBatches(ChartFigure figure, Path dir) {
        page.section("GA batches (ga-batch)");
        page.note(
                "The job assigns each window of tasks at once; tasks decided together form a batch. Batching delay:"
                        + " how long a task waited for later tasks to join its batch (newest creation in the batch minus its"
                        + " own).");
        HtmlTable table = new HtmlTable("", "count", "mean", "p50", "p90", "p99", "max");
        quantileRow(table, "batch size (tasks)", "ga_batches.batch_size");
        quantileRow(table, "batching delay per task (s)", "ga_batches.batching_delay_seconds");
        page.table(
                new HtmlTable("batches", "count")
                        .row("GA windows assigned", number("ga_batches.batches")),
                "summary");
        page.table(table, "summary");
        chart(figure, dir, "ga_batches.csv");
    }

    void dsrs(ChartFigure cost, ChartFigure backlog, Path dir) {
        page.section("DSRS slots (seed 002), read from dsrs-assignments");
        page.note(
                "At each slot's end the job sends the slot's arrivals of each service type to the MEC system "
                        + "minimising Q_ij + V·γ_ij, then updates the backlogs Q_ij (Eq. 4): cost per slot and backlog over "
                        + "time are the paper's two curves, here from the live job. MEC systems are the fleet's servers.");
        page.table(
                new HtmlTable("DSRS", "value")
                        .row("slots", number("dsrs.slots"))
                        .row("drift-plus-penalty weight V", number("dsrs.v"))
                        .row("MEC systems", number("dsrs.mec_systems"))
                        .row("total cost", number("dsrs.total_cost"))
                        .row("mean cost per slot", number("dsrs.mean_cost_per_slot"))
                        .row("mean total backlog", number("dsrs.mean_total_backlog"))
                        .row(
                                "total backlog after the last slot",
                                number("dsrs.final_total_backlog")),
                "summary");
        chart(cost, dir, "dsrs_slots.csv");
        chart(backlog, dir, "dsrs_backlog.csv", "dsrs_slots.csv");
    }

    /**
     * The faults of {@code demo --chaos} and what the topics say about the run (report.json's
     * {@code chaos}).
     */
    void chaos(List<Map<String, Object>> faults) {
        page.section("Chaos: faults injected during the run");
        page.note(
                "Each fault at its time on the fleet's clock (seconds). Stall: the longest time without a decision "
                        + "reaching the servers after the fault was over (the TaskManager gone, the broker back, the poison "
                        + "written), against the bound of the restart delay plus two checkpoint intervals. Tasks lost and "
                        + "decided twice and the poison records dead-lettered are read back from the topics "
                        + "(read_committed), not taken from the fleet's own counts.");
        HtmlTable table =
                new HtmlTable("fault", "at", "over", "stall", "within bound", "what happened");
        for (Map<String, Object> f : faults) {
            table.row(
                    f.get("fault"),
                    f.get("at_seconds"),
                    f.get("over_seconds"),
                    f.get("stall_seconds"),
                    f.get("within_bound"),
                    f.get("detail"));
        }
        page.table(table, "summary");
        page.table(
                new HtmlTable("the run, read back", "value")
                        .row("tasks lost", number("chaos.lost"))
                        .row("tasks decided twice", number("chaos.duplicated"))
                        .row("poison records sent", number("chaos.poison_sent"))
                        .row("poison records dead-lettered", number("chaos.poison_dead_lettered"))
                        .row("job restarts", number("chaos.job_restarts"))
                        .row("stall bound (s)", number("chaos.stall_bound_seconds"))
                        .row(
                                "longest stall after a fault (s)",
                                number("chaos.longest_stall_seconds")),
                "summary");
    }

    /**
     * The job's outlier ejections during the run, read back from control-log and decisions
     * (report.json's {@code outliers}, see {@link Ejections}).
     */
    void outliers(List<Map<String, Object>> events, List<Map<String, Object>> ejections) {
        page.section("Outlier ejection: what control-log says");
        page.note(
                "Every EVENT the job wrote to control-log during the run, at its time on the fleet's clock (seconds), "
                        + "and for each ejection the decisions the job made for the ejected server while it was out "
                        + "(decidedAt between the EJECTED and RETURNED events), read back from the decisions topic.");
        HtmlTable table = new HtmlTable("at (s)", "event");
        events.forEach(e -> table.row(e.get("at_seconds"), e.get("event")));
        page.table(table, "summary");
        HtmlTable spans =
                new HtmlTable("server", "ejected at (s)", "returned at (s)", "decisions meanwhile");
        ejections.forEach(
                e ->
                        spans.row(
                                e.get("server"),
                                e.get("from_seconds"),
                                e.get("until_seconds"),
                                e.get("decisions_during")));
        page.table(spans, "summary");
    }

    /** Lists the files beside the page and writes {@code dir/report.html}. */
    Path write(Path dir) {
        page.section("Files");
        try (Stream<Path> files = Files.list(dir)) {
            page.files(
                    files.filter(Files::isRegularFile)
                            .map(p -> p.getFileName().toString())
                            .filter(n -> !n.equals("report.html"))
                            .sorted()
                            .toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return page.write(dir.resolve("report.html"));
    }

    private void quantileRow(HtmlTable table, String label, String path) {
        Object[] cells = new Object[QUANTILES.length + 1];
        cells[0] = label;
        for (int i = 0; i < QUANTILES.length; i++) {
            cells[i + 1] = number(path + "." + QUANTILES[i]);
        }
        table.row(cells);
    }

    private HtmlTable.Cell number(String path) {
        return HtmlTable.number(path, valueAt(json, path));
    }

    /** The value at a dotted path of nested maps, or null. */
    static Object valueAt(Map<String, Object> map, String path) {
        Object value = map;
        for (String part : path.split("\\.")) {
            value = value instanceof Map<?, ?> m ? m.get(part) : null;
        }
        return value;
    }
}
