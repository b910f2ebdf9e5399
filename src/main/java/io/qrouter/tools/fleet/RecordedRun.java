package io.qrouter.tools.fleet;

import com.fasterxml.jackson.core.type.TypeReference;
import io.qrouter.tools.report.CsvRows;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.sim.Slowdowns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A finished run read back from the directory {@code qrouter demo} or {@code qrouter fleet} wrote:
 * its report.json, its servers (servers.csv: rate, slots and when each ran slow) and its tasks
 * (tasks.csv, or tasks.csv.gz). What a digital twin needs to replay it. Files of runs written
 * before a column existed still read: servers without slots have one, without slowdowns run steady.
 *
 * @param report report.json as read
 * @param servers the fleet, in its order
 * @param tasks every task's timeline
 */
public record RecordedRun(
        Map<String, Object> report, DigitalTwin.Servers servers, List<TaskTimeline> tasks) {

    /**
     * @throws IllegalArgumentException naming the file that is missing or not what a run writes
     */
    public static RecordedRun read(Path dir) {
        Path report = existing(dir, "report.json");
        Path servers = existing(dir, "servers.csv");
        Path tasks =
                Files.isRegularFile(dir.resolve("tasks.csv.gz"))
                        ? dir.resolve("tasks.csv.gz")
                        : existing(dir, "tasks.csv");
        Map<String, Object> json;
        try {
            json = Json.MAPPER.readValue(Files.readString(report), new TypeReference<>() {});
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + report, e);
        }
        return new RecordedRun(json, servers(servers), TaskTimeline.read(tasks));
    }

    /**
     * The measured figures: report.json's, with the mean wait's 95 % interval computed from the
     * run's tasks when the report was written before it had one.
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> measured() {
        Map<String, Object> waits = new LinkedHashMap<>();
        if (report.get("wait_seconds") instanceof Map<?, ?> w) {
            if (w.containsKey("mean_ci95_low")) {
                return report;
            }
            waits.putAll((Map<String, Object>) w);
        }
        RunFigures.of(tasks, warmupSeconds()).waitSeconds().entrySet().stream()
                .filter(e -> e.getKey().startsWith("mean_ci95_"))
                .forEach(e -> waits.put(e.getKey(), e.getValue()));
        Map<String, Object> out = new LinkedHashMap<>(report);
        out.put("wait_seconds", waits);
        return out;
    }

    /** The run's warm-up: tasks created before it are replayed but not counted. */
    public double warmupSeconds() {
        return number("warmup_seconds", 0);
    }

    /** The offered load the run's fleet was given (its share of the fleet's capacity). */
    public double load() {
        return workload().get("load") instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** The workload's seed (1 when the report does not say). */
    public long seed() {
        return workload().get("seed") instanceof Number n ? n.longValue() : 1;
    }

    /**
     * The job keys the twin's model is made from ({@code twin_keys}); a run written before they
     * were kept gives its policy and parallelism only, and one written before the task placer
     * routed its tasks by id ({@code router.placement=random}).
     */
    public Map<String, String> twinKeys() {
        Map<String, String> out = new TreeMap<>();
        if (report.get("twin_keys") instanceof Map<?, ?> keys) {
            keys.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
        } else if (report.get("policy") != null) {
            out.put("router.policy", String.valueOf(report.get("policy")));
        }
        out.putIfAbsent("router.placement", "random");
        return out;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> workload() {
        return report.get("workload") instanceof Map<?, ?> w ? (Map<String, Object>) w : Map.of();
    }

    private double number(String key, double otherwise) {
        return report.get(key) instanceof Number n ? n.doubleValue() : otherwise;
    }

    private static Path existing(Path dir, String name) {
        Path file = dir.resolve(name);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(
                    dir
                            + " has no "
                            + name
                            + ": --run takes a directory written by `qrouter demo` or `qrouter fleet`"
                            + " (with --compare, one policy's subdirectory)");
        }
        return file;
    }

    private static DigitalTwin.Servers servers(Path file) {
        List<CsvRows.Row> rows = CsvRows.read(file, "server,mu_per_second");
        List<String> ids = new ArrayList<>(rows.size());
        double[] mu = new double[rows.size()];
        int[] slots = new int[rows.size()];
        double[] phase = new double[rows.size()];
        Arrays.fill(phase, Double.NaN);
        double factor = 1;
        double on = 1;
        double off = 1;
        boolean slow = false;
        for (int i = 0; i < rows.size(); i++) {
            CsvRows.Row row = rows.get(i);
            ids.add(row.get("server"));
            mu[i] = CsvRows.number(row.get("mu_per_second"));
            // runs written before servers had slots have one each
            slots[i] = row.get("slots").isEmpty() ? 1 : Integer.parseInt(row.get("slots"));
            double p = CsvRows.number(row.get("slow_phase_seconds"));
            if (!Double.isNaN(p)) {
                slow = true;
                phase[i] = p;
                factor = CsvRows.number(row.get("slow_factor"));
                on = CsvRows.number(row.get("slow_on_seconds"));
                off = CsvRows.number(row.get("slow_off_seconds"));
            }
        }
        Slowdowns slowdowns = slow ? new Slowdowns(factor, on, off, phase) : Slowdowns.NONE;
        return new DigitalTwin.Servers(ids, mu, slots, slowdowns);
    }
}
