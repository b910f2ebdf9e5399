package io.qrouter.tools.experiments;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.LineChart;
import io.qrouter.tools.report.TextFile;
import io.qrouter.tools.sim.SimConfig;
import io.qrouter.tools.sim.SimResult;
import io.qrouter.tools.sim.Simulation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Scale-out: every policy as the number of parallel routers R doubles from 1 to 64, on a fleet of
 * 1,000 servers at ρ 0.9 and 0.95. The setting is the Flink job's: speeds uniform on [0.5, 1.5],
 * every queue change reported, reports and decisions exp:0.1 mean service times late, each router
 * counting its own decisions until a report acknowledges them, tasks spread over the routers at
 * random. Same seed for every point.
 */
public final class RoutersExperiment extends SimulationSweep<RoutersExperiment.Point> {

    public static final List<Integer> DEFAULT_ROUTERS = List.of(1, 2, 4, 8, 16, 32, 64);
    public static final List<Double> DEFAULT_LOADS = List.of(0.9, 0.95);

    public record Options(
            int servers,
            int tasks,
            List<Double> loads,
            List<Integer> routers,
            long seed,
            int threads,
            boolean progress) {
        public Options {
            loads = List.copyOf(loads);
            routers = List.copyOf(routers);
        }
    }

    /** One policy at one load with R routers, and its result. */
    public record Point(PolicyName policy, double load, int routers, SimResult result) {
        OptionalDouble meanWait() {
            return result.meanWait();
        }
    }

    private final Options options;

    public RoutersExperiment(Options options) {
        super("routers", options.threads(), options.progress());
        this.options = options;
    }

    SimConfig config(Point p) {
        return jobLike()
                .policy(p.policy())
                .servers(options.servers())
                .tasks(options.tasks())
                .warmupTasks(options.tasks() / 5)
                .load(p.load())
                .routers(p.routers())
                .seed(options.seed())
                .build();
    }

    @Override
    List<Point> plan() {
        List<Point> plan = new ArrayList<>();
        for (double load : options.loads()) {
            for (PolicyName policy : PolicyName.values()) {
                for (int routers : options.routers()) {
                    plan.add(new Point(policy, load, routers, null));
                }
            }
        }
        return plan;
    }

    @Override
    String describe(Point p) {
        return p.policy().configName() + " load=" + p.load() + " routers=" + p.routers();
    }

    @Override
    Point simulate(Point p) {
        return new Point(p.policy(), p.load(), p.routers(), Simulation.run(config(p)));
    }

    @Override
    void write(Path out, List<Point> points) {
        CsvTable csv =
                new CsvTable(
                        "policy",
                        "routers",
                        "load",
                        "servers",
                        "tasks",
                        "mean_wait",
                        "p99_wait",
                        "abandoned",
                        "idle_queue_fraction");
        for (Point p : points) {
            SimResult r = p.result();
            csv.add(
                    p.policy().configName(),
                    p.routers(),
                    p.load(),
                    options.servers(),
                    r.countedTasks(),
                    SimResult.orNull(r.meanWait()),
                    SimResult.orNull(r.p99Wait()),
                    r.abandonRate(),
                    r.idleQueueFraction());
        }
        csv.write(out.resolve("routers.csv"));
        StringBuilder md = new StringBuilder("# routers: scale-out to many parallel routers\n\n");
        md.append(
                String.format(
                        Locale.ROOT,
                        "%d servers, %d tasks per point (first 20%% a warm-up), speeds uniform on"
                                + " [0.5, 1.5], every queue change reported, reports and decisions exp:0.1"
                                + " mean service times late; with heartbeat-k and heartbeat-k-live the task placer decides each task as one router would and the routers carry the decisions out in turn, with the others each task goes to a router at random. Seed"
                                + " %d. Mean wait in mean service times; the lowest at each R in bold.%n",
                        options.servers(),
                        options.tasks(),
                        options.seed()));
        for (double load : options.loads()) {
            List<Point> mine = points.stream().filter(p -> p.load() == load).toList();
            String stem = String.format(Locale.ROOT, "routers_%.2f", load);
            chart(load, mine).writePng(out.resolve(stem + ".png"));
            md.append(RoutersTable.markdown(load, options.routers(), mine));
        }
        md.append("\nCSV: routers.csv. Charts: routers_<load>.png.\n");
        TextFile.write(out.resolve("summary.md"), md.toString());
    }

    private static LineChart chart(double load, List<Point> points) {
        LineChart chart =
                new LineChart(
                                String.format(
                                        Locale.ROOT,
                                        "Mean wait against the number of routers, load %.2f",
                                        load),
                                "routers R",
                                "mean wait, mean service times (log scale)")
                        .logX()
                        .logY();
        for (Point p : points) {
            if (charted(p.policy()) && p.meanWait().isPresent()) {
                chart.point(p.policy().configName(), p.routers(), p.meanWait().getAsDouble());
            }
        }
        return chart;
    }
}
