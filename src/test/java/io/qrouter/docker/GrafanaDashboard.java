package io.qrouter.docker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The PromQL queries of the shipped Grafana dashboard, as a test reads them. */
public final class GrafanaDashboard {
    public static final Path FILE = Path.of("docker", "grafana", "dashboards", "qrouter.json");
    private static final Pattern METRIC = Pattern.compile("\\bflink_[A-Za-z0-9_]+");

    private GrafanaDashboard() {}

    /** Every panel's query, in panel order. */
    public static List<String> queries() throws IOException {
        JsonNode dashboard = new ObjectMapper().readTree(FILE.toFile());
        List<String> queries = new ArrayList<>();
        for (JsonNode panel : dashboard.get("panels")) {
            for (JsonNode target : panel.get("targets")) {
                queries.add(target.get("expr").asText());
            }
        }
        return queries;
    }

    /** The metric names the queries read. */
    public static Set<String> metricNames() throws IOException {
        Set<String> names = new TreeSet<>();
        for (String query : queries()) {
            Matcher m = METRIC.matcher(query);
            while (m.find()) {
                names.add(m.group());
            }
        }
        return names;
    }
}
