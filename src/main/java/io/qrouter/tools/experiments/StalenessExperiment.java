package io.qrouter.tools.experiments;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.LineChart;
import io.qrouter.tools.report.TextFile;
import io.qrouter.tools.sim.Delay;
import io.qrouter.tools.sim.SimConfig;
import io.qrouter.tools.sim.SimResult;
import io.qrouter.tools.sim.Simulation;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How useful is old information? (Mitzenmacher, IEEE TPDS 2000.) Every policy at ρ = 0.9 on
 * identical servers, with one and with several routers, while the information delay grows: each
 * server reports every queue change (as the Flink job does), its reports reach the routers {@code
 * delay} mean service times late, and each decision reaches its server as late. Routers count their
 * own decisions until a report acknowledges them, as the job's do. The classic result to reproduce:
 * with several routers, join-the-shortest-queue herds onto the queues that looked short and ends
 * worse than random, while power-of-d degrades gracefully. Same seed for every point (common random
 * numbers); the first 10% of the tasks are a warm-up.
 */
public final class StalenessExperiment extends SimulationSweep<StalenessExperiment.Point> {

    public static final List<Double> DEFAULT_DELAYS = List.of(0.0, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0);
    public static final List<Integer> DEFAULT_ROUTERS = List.of(1, 4);

    public record Options(
            int servers,
            int tasks,
            double load,
            List<Double> delays,
            List<Integer> routers,
            long seed,
            int threads,
            boolean progress) {
        public Options {
            if (servers < 1
                    || tasks < 10
                    || !(load > 0)
                    || delays.isEmpty()
                    || routers.isEmpty()
                    || delays.stream().anyMatch(d -> !(d >= 0) || Double.isInfinite(d))
                    || routers.stream().anyMatch(r -> r < 1)) {
                throw new IllegalArgumentException(
                        "staleness needs servers >= 1, tasks >= 10, load > 0, delays >= 0"
                                + " and router counts >= 1 (got "
                                + servers
                                + ", "
                                + tasks
                                + ", "
                                + load
                                + ", "
                                + delays
                                + ", "
                                + routers
                                + ")");
            }
            delays = List.copyOf(delays);
            routers = List.copyOf(routers);
        }
    }

    /** One point: a policy with a number of routers at an information delay. */
    public record Point(PolicyName policy, int routers, double delay, SimResult result) {}

    private final Options options;

    public StalenessExperiment(Options options) {
        super("staleness", options.threads(), options.progress());
        this.options = options;
    }

    SimConfig config(PolicyName policy, int routers, double delay) {
        Delay d = new Delay.Constant(delay);
        return SimConfig.builder()
                .policy(policy)
                .servers(options.servers())
                .tasks(options.tasks())
                .warmupTasks(options.tasks() / 10)
                .load(options.load())
                .routers(routers)
                .reportEveryChange(true)
                .updateDelay(d)
                .decisionDelay(d)
                .stepLength(10)
                .seed(options.seed())
                .build();
    }

    @Override
    List<Point> plan() {
        List<Point> plan = new ArrayList<>();
        for (int routers : options.routers()) {
            for (PolicyName policy : PolicyName.values()) {
                for (double delay : options.delays()) {
                    plan.add(new Point(policy, routers, delay, null));
                }
            }
        }
        return plan;
    }

    @Override
    String describe(Point p) {
        return p.policy().configName() + " routers=" + p.routers() + " delay=" + p.delay();
    }

    @Override
    Point simulate(Point p) {
        return new Point(
                p.policy(),
                p.routers(),
                p.delay(),
                Simulation.run(config(p.policy(), p.routers(), p.delay())));
    }

    @Override
    void write(Path out, List<Point> points) {
        CsvTable csv =
                new CsvTable(
                        "policy",
                        "routers",
                        "delay",
                        "tasks",
                        "mean_sojourn",
                        "p99_sojourn",
                        "mean_wait",
                        "p99_wait",
                        "mean_response",
                        "idle_queue_fraction");
        for (Point p : points) {
            SimResult r = p.result();
            csv.add(
                    p.policy().configName(),
                    p.routers(),
                    p.delay(),
                    r.countedTasks(),
                    SimResult.orNull(r.meanSojourn()),
                    SimResult.orNull(r.p99Sojourn()),
                    SimResult.orNull(r.meanWait()),
                    SimResult.orNull(r.p99Wait()),
                    r.meanSojourn().isPresent() ? r.meanSojourn().getAsDouble() - p.delay() : null,
                    r.idleQueueFraction());
        }
        csv.write(out.resolve("staleness.csv"));
        StringBuilder md = new StringBuilder("# staleness: how useful is old information?\n\n");
        md.append(
                String.format(
                        Locale.ROOT,
                        "%d identical servers of rate 1 at load %.2f, %d tasks per point (first"
                                + " 10%% a warm-up), Poisson arrivals, every queue change reported; reports and decisions"
                                + " both arrive `delay` mean service times late. mean_response = mean sojourn − delay (the"
                                + " part routing controls). Seed %d.%n",
                        options.servers(),
                        options.load(),
                        options.tasks(),
                        options.seed()));
        for (int routers : options.routers()) {
            List<Point> mine = points.stream().filter(p -> p.routers() == routers).toList();
            String name = routers + (routers == 1 ? "_router" : "_routers");
            LineChart chart =
                    new LineChart(
                                    "Mean response (sojourn − delay) against information delay, "
                                            + routers
                                            + (routers == 1 ? " router" : " routers")
                                            + ", load "
                                            + options.load(),
                                    "information delay (mean service times)",
                                    "mean response (log scale)")
                            .logY();
            for (Point p : mine) {
                if (p.result().meanSojourn().isPresent()) {
                    chart.point(
                            p.policy().configName(),
                            p.delay(),
                            p.result().meanSojourn().getAsDouble() - p.delay());
                }
            }
            chart.writePng(out.resolve("staleness_" + name + ".png"));
            appendTable(md, routers, mine);
        }
        md.append(
                "\nCSV: staleness.csv. Charts: staleness_1_router.png, staleness_<R>_routers.png.\n");
        TextFile.write(out.resolve("summary.md"), md.toString());
    }

    private void appendTable(StringBuilder md, int routers, List<Point> points) {
        md.append(
                String.format(
                        Locale.ROOT,
                        "%n## %d router%s: mean response by delay%n%n| policy |",
                        routers,
                        routers == 1 ? "" : "s"));
        options.delays().forEach(d -> md.append(' ').append(d).append(" |"));
        md.append("\n|---|").append("---:|".repeat(options.delays().size())).append('\n');
        for (PolicyName policy : PolicyName.values()) {
            md.append("| ").append(policy.configName()).append(" |");
            for (double delay : options.delays()) {
                points.stream()
                        .filter(p -> p.policy() == policy && p.delay() == delay)
                        .findFirst()
                        .flatMap(
                                p ->
                                        p.result().meanSojourn().isPresent()
                                                ? java.util.Optional.of(
                                                        p.result().meanSojourn().getAsDouble()
                                                                - delay)
                                                : java.util.Optional.empty())
                        .ifPresentOrElse(
                                v -> md.append(String.format(Locale.ROOT, " %.3f |", v)),
                                () -> md.append(" n/a |"));
            }
            md.append('\n');
        }
    }
}
