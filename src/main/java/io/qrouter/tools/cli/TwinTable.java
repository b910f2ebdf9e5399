package io.qrouter.tools.cli;

import io.qrouter.tools.fleet.DigitalTwin;
import io.qrouter.tools.fleet.FleetReport;
import io.qrouter.tools.fleet.RecordedRun;
import io.qrouter.tools.fleet.WhatIf;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The terminal table of {@code qrouter twin}: measured, the twin as run, the twin of the what-if.
 */
final class TwinTable {
    private TwinTable() {}

    /**
     * Mean wait with its 95 % interval, p99 wait (seconds) and abandoned share of a report.json or
     * a twin's figures.
     */
    static Map<String, Object> figures(Map<String, Object> report) {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<?, ?> wait = report.get("wait_seconds") instanceof Map<?, ?> w ? w : Map.of();
        out.put("wait_mean_seconds", wait.get("mean"));
        out.put("wait_mean_ci95_low", wait.get("mean_ci95_low"));
        out.put("wait_mean_ci95_high", wait.get("mean_ci95_high"));
        out.put("wait_p99_seconds", wait.get("p99"));
        out.put("abandoned_share", report.get("abandoned_share"));
        out.put("decided", report.get("decided"));
        return out;
    }

    static String render(
            Path dir,
            RecordedRun run,
            DigitalTwin.JobModel model,
            WhatIf whatIf,
            Map<String, Object> asRun,
            Map<String, Object> other) {
        StringBuilder out = new StringBuilder();
        out.append(
                String.format(
                        Locale.ROOT,
                        "twin of %s: %s, %d router%s, %d servers, load %s%n",
                        dir,
                        model.policy().configName(),
                        model.routers(),
                        model.routers() == 1 ? "" : "s",
                        run.servers().ids().size(),
                        Double.isNaN(run.load()) ? "unknown" : Double.toString(run.load())));
        Map<String, Object> measured = figures(run.measured());
        Map<String, Object> twin = figures(asRun);
        Map<String, Object> what = other == null ? null : figures(other);
        String header = what == null ? "" : "  twin: " + whatIf.describe();
        out.append(
                String.format(
                        Locale.ROOT, "%-16s %18s %18s%s%n", "", "measured", "twin as run", header));
        row(out, "wait mean", measured, twin, what, "wait_mean_seconds", false);
        out.append(
                String.format(
                        Locale.ROOT,
                        "%-16s %18s %18s%s%n",
                        "  95 % interval",
                        interval(measured),
                        interval(twin),
                        what == null ? "" : "  " + interval(what)));
        row(out, "wait p99", measured, twin, what, "wait_p99_seconds", false);
        row(out, "abandoned", measured, twin, what, "abandoned_share", true);
        out.append(
                String.format(
                        Locale.ROOT,
                        "%-16s %18s %18s%s%n",
                        "tasks decided",
                        measured.get("decided"),
                        twin.get("decided"),
                        what == null ? "" : "  " + what.get("decided")));
        return out.toString();
    }

    private static void row(
            StringBuilder out,
            String label,
            Map<String, Object> measured,
            Map<String, Object> twin,
            Map<String, Object> what,
            String key,
            boolean share) {
        out.append(
                String.format(
                        Locale.ROOT,
                        "%-16s %18s %18s%s%n",
                        label,
                        cell(measured.get(key), share),
                        cell(twin.get(key), share),
                        what == null ? "" : "  " + cell(what.get(key), share)));
    }

    /** A mean wait's 95 % interval, or n/a for a run too short or recorded before it was kept. */
    private static String interval(Map<String, Object> figures) {
        return FleetReport.interval(
                figures.get("wait_mean_ci95_low"), figures.get("wait_mean_ci95_high"));
    }

    private static String cell(Object value, boolean share) {
        if (!(value instanceof Number n)) {
            return "n/a";
        }
        return share
                ? String.format(Locale.ROOT, "%.1f %%", 100 * n.doubleValue())
                : String.format(Locale.ROOT, "%.3g s", n.doubleValue());
    }
}
