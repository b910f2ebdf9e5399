package io.qrouter.tools.fleet;

import io.qrouter.tools.report.HtmlPage;
import io.qrouter.tools.report.HtmlTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The first screen of a demo's report.html: what was measured against what the digital twin
 * predicted, and whether the topics account for every task. Both come before the settings, as real
 * tables whose numbers carry their report.json paths.
 */
final class ReportAnswer {
    private static final String NOT_MODELLED = "not modelled (the twin replays decided tasks)";

    private ReportAnswer() {}

    /** Adds the answer to {@code page}, when the run has a twin or an audit (a demo run). */
    static void addTo(HtmlPage page, Map<String, Object> json) {
        if (!json.containsKey("twin") && !json.containsKey("audit")) {
            return;
        }
        page.section("The answer");
        page.table(
                new HtmlTable("", "measured", "twin (simulator)")
                        .row(
                                "wait, mean (s)",
                                number(json, "wait_seconds.mean"),
                                number(json, "twin.wait_seconds.mean"))
                        .row(
                                "wait, mean: 95 % interval, low end (s)",
                                number(json, "wait_seconds.mean_ci95_low"),
                                number(json, "twin.wait_seconds.mean_ci95_low"))
                        .row(
                                "wait, mean: 95 % interval, high end (s)",
                                number(json, "wait_seconds.mean_ci95_high"),
                                number(json, "twin.wait_seconds.mean_ci95_high"))
                        .row(
                                "wait, p99 (s)",
                                number(json, "wait_seconds.p99"),
                                number(json, "twin.wait_seconds.p99"))
                        .row(
                                "abandoned (share of admitted tasks)",
                                percent(json, "abandoned_share"),
                                percent(json, "twin.abandoned_share"))
                        .row("rejected tasks", number(json, "rejected"), NOT_MODELLED)
                        .row("lost tasks", number(json, "audit.lost_tasks"), NOT_MODELLED),
                "answer");
        if (json.get("audit") instanceof Map<?, ?>) {
            page.table(
                    new HtmlTable("the topics, read back", "tasks")
                            .row("verdict", verdict(json))
                            .row("sent after the warm-up", number(json, "sent"))
                            .row("sent in the warm-up", number(json, "warmup_tasks"))
                            .row("decided", number(json, "audit.decided_tasks"))
                            .row("dead-lettered", number(json, "audit.dead_lettered_tasks"))
                            .row(
                                    "lost: no decision and no dead letter, or decided only to"
                                            + " servers outside the fleet",
                                    number(json, "audit.lost_tasks"))
                            .row(
                                    "of them decided only to servers outside the fleet",
                                    number(json, "audit.tasks_to_unknown_servers"))
                            .row(
                                    "re-decided away from a black hole",
                                    number(json, "audit.redecided_tasks"))
                            .row(
                                    "decisions beyond a task's first, re-decisions aside",
                                    number(json, "audit.duplicate_decisions")),
                    "answer");
        } else {
            page.note("No audit: the topics were not read back after this run.");
        }
    }

    /** One line on whether every task sent is on the topics once: decided or dead-lettered. */
    static String verdict(Map<String, Object> json) {
        long sent = count(json, "sent") + count(json, "warmup_tasks");
        long accounted =
                count(json, "audit.decided_tasks") + count(json, "audit.dead_lettered_tasks");
        long lost = count(json, "audit.lost_tasks");
        long twice = count(json, "audit.duplicate_decisions");
        List<String> problems = new ArrayList<>();
        if (lost > 0) {
            problems.add(lost + (lost == 1 ? " task lost" : " tasks lost"));
        }
        if (twice > 0) {
            problems.add(
                    twice + (twice == 1 ? " decision" : " decisions") + " beyond a task's first");
        }
        if (accounted - count(json, "audit.tasks_to_unknown_servers") + lost != sent) {
            problems.add(
                    "the topics and the lost count give "
                            + (accounted - count(json, "audit.tasks_to_unknown_servers") + lost)
                            + " of the "
                            + sent
                            + " tasks sent");
        }
        return problems.isEmpty()
                ? "every task accounted for: each of the "
                        + sent
                        + " sent decided or dead-lettered, once"
                : String.join("; ", problems);
    }

    private static long count(Map<String, Object> json, String path) {
        return FleetReportPage.valueAt(json, path) instanceof Number n ? n.longValue() : 0;
    }

    private static HtmlTable.Cell number(Map<String, Object> json, String path) {
        return HtmlTable.number(path, FleetReportPage.valueAt(json, path));
    }

    private static HtmlTable.Cell percent(Map<String, Object> json, String path) {
        return HtmlTable.percent(path, FleetReportPage.valueAt(json, path));
    }
}
