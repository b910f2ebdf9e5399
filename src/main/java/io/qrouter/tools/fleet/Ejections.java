package io.qrouter.tools.fleet;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.job.serde.AvroDecodeException;
import io.qrouter.tools.kafka.CommittedRecords;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The job's outlier ejections during a run, read back from the topics (read_committed) and not from
 * the fleet: every EVENT on {@code control-log} since the run started (EJECTED, RETURNED,
 * NOT_EJECTED, PANIC, …), and for each ejection the decisions for the ejected server that the job
 * made while it was out ({@code decidedAt} after the EJECTED event and before its RETURNED, or the
 * end of the run), which should be none.
 *
 * @param events every control-log event of the run, oldest first
 * @param ejections each ejection with the decisions made for its server meanwhile
 */
public record Ejections(List<Event> events, List<Ejection> ejections) {
    private static final Pattern SERVER = Pattern.compile("^(EJECTED|RETURNED) (\\S+)");

    /** One control-log event, at fleet seconds. */
    public record Event(double atSeconds, String text) {}

    /**
     * One ejection of {@code serverId}, from {@code fromSeconds} until {@code untilSeconds} (NaN:
     * not back by the end of the run), and the decisions for it made in between.
     */
    public record Ejection(
            String serverId, double fromSeconds, double untilSeconds, long decisionsDuring) {}

    /** Reads the run that started at {@code startEpochMillis}, up to the topics' ends now. */
    public static Ejections read(FleetConfig config, long startEpochMillis) {
        AvroCodec<ControlLogEntry> log = AvroCodec.of(ControlLogEntry.class);
        List<ControlLogEntry> entries = new ArrayList<>();
        CommittedRecords.read(
                config.clientSettings("ejections"),
                TopicNames.CONTROL_LOG,
                startEpochMillis,
                record -> {
                    try {
                        ControlLogEntry entry = log.decode(record.value());
                        if ("EVENT".equals(entry.getOutcome()) && entry.getReason() != null) {
                            entries.add(entry);
                        }
                    } catch (AvroDecodeException e) {
                        // not a control-log entry: nothing the report can show
                    }
                });
        entries.sort(Comparator.comparing(ControlLogEntry::getLoggedAt));
        List<Event> events = new ArrayList<>();
        List<double[]> spans = new ArrayList<>();
        List<String> ejected = new ArrayList<>();
        for (ControlLogEntry e : entries) {
            double at = (e.getLoggedAt().toEpochMilli() - startEpochMillis) / 1000.0;
            events.add(new Event(at, e.getReason()));
            Matcher m = SERVER.matcher(e.getReason());
            if (!m.find()) {
                continue;
            }
            if (m.group(1).equals("EJECTED")) {
                ejected.add(m.group(2));
                spans.add(new double[] {at, Double.NaN, 0});
            } else {
                int open = ejected.lastIndexOf(m.group(2));
                if (open >= 0 && Double.isNaN(spans.get(open)[1])) {
                    spans.get(open)[1] = at;
                }
            }
        }
        if (!spans.isEmpty()) {
            countDecisionsDuring(config, startEpochMillis, ejected, spans);
        }
        List<Ejection> ejections = new ArrayList<>();
        for (int i = 0; i < spans.size(); i++) {
            double[] s = spans.get(i);
            ejections.add(new Ejection(ejected.get(i), s[0], s[1], (long) s[2]));
        }
        return new Ejections(List.copyOf(events), List.copyOf(ejections));
    }

    private static void countDecisionsDuring(
            FleetConfig config, long startEpochMillis, List<String> ejected, List<double[]> spans) {
        AvroCodec<RoutingDecision> decisions = AvroCodec.of(RoutingDecision.class);
        CommittedRecords.read(
                config.clientSettings("ejections"),
                TopicNames.DECISIONS,
                startEpochMillis,
                record -> {
                    RoutingDecision d;
                    try {
                        d = decisions.decode(record.value());
                    } catch (AvroDecodeException e) {
                        return;
                    }
                    double at = (d.getDecidedAt().toEpochMilli() - startEpochMillis) / 1000.0;
                    for (int i = 0; i < spans.size(); i++) {
                        double[] s = spans.get(i);
                        if (ejected.get(i).equals(d.getServerId())
                                && at > s[0]
                                && (Double.isNaN(s[1]) || at < s[1])) {
                            s[2]++;
                        }
                    }
                });
    }

    /** The ejections under report.json's names. */
    public Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put(
                "events",
                events.stream()
                        .map(
                                e -> {
                                    Map<String, Object> m = new LinkedHashMap<>();
                                    m.put("at_seconds", e.atSeconds());
                                    m.put("event", e.text());
                                    return m;
                                })
                        .toList());
        out.put(
                "ejections",
                ejections.stream()
                        .map(
                                e -> {
                                    Map<String, Object> m = new LinkedHashMap<>();
                                    m.put("server", e.serverId());
                                    m.put("from_seconds", e.fromSeconds());
                                    m.put(
                                            "until_seconds",
                                            Double.isNaN(e.untilSeconds())
                                                    ? null
                                                    : e.untilSeconds());
                                    m.put("decisions_during", e.decisionsDuring());
                                    return m;
                                })
                        .toList());
        return out;
    }
}
