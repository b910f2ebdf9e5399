package io.qrouter.tools.experiments;

import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.LineChart;
import io.qrouter.tools.report.TextFile;
import io.qrouter.tools.sim.SimConfig;
import io.qrouter.tools.sim.SimResult;
import io.qrouter.tools.sim.Simulation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Every policy from ρ = 0.5 to 0.99, without and with impatience, with one and with four routers,
 * all on stale heartbeat views (every 200–1000 ms, i.e. 0.2–1 mean service times, and at once when
 * a server becomes idle). Each point is one run with the same seed for every policy (common random
 * numbers); the first 10% of the tasks are a warm-up left out of the figures. Runs are independent
 * and spread over {@code threads} threads; the results do not depend on the thread count.
 */
public final class LoadSweepExperiment extends SimulationSweep<LoadSweepExperiment.Point> {

    public static final List<Double> DEFAULT_LOADS = List.of(0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99);

    /** One curve family: a patience α_c (0: none) and a number of routers. */
    public record Scenario(String name, double patience, int routers) {}

    public static final List<Scenario> SCENARIOS =
            List.of(
                    new Scenario("no-impatience-1-router", 0, 1),
                    new Scenario("no-impatience-4-routers", 0, 4),
                    new Scenario("impatience-1-router", 0.2, 1),
                    new Scenario("impatience-4-routers", 0.2, 4));

    public record Options(
            int servers,
            int tasks,
            List<Double> loads,
            AdaptiveHeartbeat heartbeat,
            long seed,
            int threads,
            boolean progress) {}

    /** One point: a policy at a load in a scenario. */
    public record Point(Scenario scenario, PolicyName policy, double load, SimResult result) {}

    private final Options options;

    public LoadSweepExperiment(Options options) {
        super("load-sweep", options.threads(), options.progress());
        if (options.threads() < 1) {
            throw new IllegalArgumentException(
                    "threads must be >= 1 (got " + options.threads() + ")");
        }
        if (options.loads().isEmpty()) {
            throw new IllegalArgumentException("loads must not be empty");
        }
        this.options = options;
        config(SCENARIOS.get(0), PolicyName.RANDOM, options.loads().get(0));
        options.loads().forEach(l -> config(SCENARIOS.get(0), PolicyName.RANDOM, l));
    }

    SimConfig config(Scenario s, PolicyName policy, double load) {
        return SimConfig.builder()
                .policy(policy)
                .servers(options.servers())
                .tasks(options.tasks())
                .warmupTasks(options.tasks() / 10)
                .load(load)
                .patience(s.patience())
                .routers(s.routers())
                .heartbeat(options.heartbeat())
                .stepLength(10)
                .seed(options.seed())
                .build();
    }

    @Override
    List<Point> plan() {
        List<Point> plan = new ArrayList<>();
        for (Scenario s : SCENARIOS) {
            for (PolicyName p : PolicyName.values()) {
                for (double load : options.loads()) {
                    plan.add(new Point(s, p, load, null));
                }
            }
        }
        return plan;
    }

    @Override
    String describe(Point p) {
        return p.scenario().name() + " " + p.policy().configName() + " rho=" + p.load();
    }

    @Override
    Point simulate(Point p) {
        return new Point(
                p.scenario(),
                p.policy(),
                p.load(),
                Simulation.run(config(p.scenario(), p.policy(), p.load())));
    }

    @Override
    void write(Path out, List<Point> points) {
        CsvTable csv =
                new CsvTable(
                        "scenario",
                        "patience",
                        "routers",
                        "policy",
                        "load",
                        "tasks",
                        "completed",
                        "abandon_rate",
                        "mean_wait",
                        "p99_wait",
                        "mean_sojourn",
                        "p99_sojourn",
                        "throughput",
                        "mean_occupancy",
                        "idle_queue_fraction",
                        "heartbeat_triggers");
        for (Point p : points) {
            SimResult r = p.result();
            csv.add(
                    p.scenario().name(),
                    p.scenario().patience(),
                    p.scenario().routers(),
                    p.policy().configName(),
                    p.load(),
                    r.countedTasks(),
                    r.completed(),
                    r.abandonRate(),
                    SimResult.orNull(r.meanWait()),
                    SimResult.orNull(r.p99Wait()),
                    SimResult.orNull(r.meanSojourn()),
                    SimResult.orNull(r.p99Sojourn()),
                    r.throughput(),
                    r.meanOccupancy(),
                    r.idleQueueFraction(),
                    r.heartbeatTriggers());
        }
        csv.write(out.resolve("load_sweep.csv"));

        StringBuilder md =
                new StringBuilder("# load-sweep: every policy from rho = 0.5 to 0.99\n\n");
        md.append(
                String.format(
                        Locale.ROOT,
                        "%d servers of rate 1, %d tasks per point (first 10%% a warm-up), Poisson"
                                + " arrivals, heartbeats every %d-%d ms (1000 ms = one mean service time) and at once when a"
                                + " server becomes idle, seed %d. Times in mean service times.%n",
                        options.servers(),
                        options.tasks(),
                        options.heartbeat().minMillis(),
                        options.heartbeat().maxMillis(),
                        options.seed()));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("experiment", "load-sweep");
        json.put("servers", options.servers());
        json.put("tasks", options.tasks());
        json.put("loads", options.loads());
        json.put(
                "heartbeat_ms",
                List.of(options.heartbeat().minMillis(), options.heartbeat().maxMillis()));
        json.put("seed", options.seed());
        List<Object> scenarioJson = new ArrayList<>();
        for (Scenario s : SCENARIOS) {
            List<Point> mine = points.stream().filter(p -> p.scenario().equals(s)).toList();
            chart(out, s, mine, "mean_sojourn", "mean sojourn", r -> r.meanSojourn(), true);
            chart(out, s, mine, "p99_sojourn", "p99 sojourn", r -> r.p99Sojourn(), true);
            if (s.patience() > 0) {
                chart(
                        out,
                        s,
                        mine,
                        "abandon_rate",
                        "abandon rate",
                        r -> OptionalDouble.of(r.abandonRate()),
                        false);
            }
            md.append(
                    String.format(
                            Locale.ROOT,
                            "%n## %s (patience alpha_c = %s, %d router%s)%n",
                            s.name(),
                            s.patience(),
                            s.routers(),
                            s.routers() == 1 ? "" : "s"));
            appendTable(md, mine, "mean sojourn", r -> r.meanSojourn());
            appendTable(md, mine, "p99 sojourn", r -> r.p99Sojourn());
            if (s.patience() > 0) {
                appendTable(md, mine, "abandon rate", r -> OptionalDouble.of(r.abandonRate()));
            }
            Map<String, Object> sj = new LinkedHashMap<>();
            sj.put("name", s.name());
            sj.put("patience", s.patience());
            sj.put("routers", s.routers());
            Map<String, List<Map<String, Object>>> byPolicy = new LinkedHashMap<>();
            for (Point p : mine) {
                byPolicy.computeIfAbsent(p.policy().configName(), k -> new ArrayList<>())
                        .add(p.result().summary());
            }
            sj.put("policies", byPolicy);
            scenarioJson.add(sj);
        }
        json.put("scenarios", scenarioJson);
        Json.write(out.resolve("summary.json"), json);
        md.append(
                "\nCSV: load_sweep.csv. Charts: <scenario>_mean_sojourn.png, <scenario>_p99_sojourn.png,"
                        + " <scenario>_abandon_rate.png.\n");
        TextFile.write(out.resolve("summary.md"), md.toString());
    }

    private static void chart(
            Path out,
            Scenario s,
            List<Point> points,
            String file,
            String what,
            Function<SimResult, OptionalDouble> metric,
            boolean logY) {
        LineChart chart =
                new LineChart(
                        what + " against load: " + s.name(),
                        "load rho",
                        what + (logY ? " (log scale)" : ""));
        if (logY) {
            chart.logY();
        } else {
            chart.yFromData();
        }
        for (Point p : points) {
            OptionalDouble v = metric.apply(p.result());
            if (v.isPresent() && (!logY || v.getAsDouble() > 0)) {
                chart.point(p.policy().configName(), p.load(), v.getAsDouble());
            }
        }
        chart.writePng(out.resolve(s.name() + "_" + file + ".png"));
    }

    private void appendTable(
            StringBuilder md,
            List<Point> points,
            String what,
            Function<SimResult, OptionalDouble> metric) {
        md.append("\n").append(what).append(":\n\n| rho |");
        List<PolicyName> policies = points.stream().map(Point::policy).distinct().toList();
        policies.forEach(p -> md.append(' ').append(p.configName()).append(" |"));
        md.append("\n|---|").append("---:|".repeat(policies.size())).append('\n');
        for (double load : options.loads()) {
            md.append("| ").append(load).append(" |");
            for (PolicyName policy : policies) {
                OptionalDouble v =
                        points.stream()
                                .filter(p -> p.policy() == policy && p.load() == load)
                                .findFirst()
                                .map(p -> metric.apply(p.result()))
                                .orElse(OptionalDouble.empty());
                md.append(' ')
                        .append(
                                v.isPresent()
                                        ? String.format(Locale.ROOT, "%.3f", v.getAsDouble())
                                        : "n/a")
                        .append(" |");
            }
            md.append('\n');
        }
    }
}
