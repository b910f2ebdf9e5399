package io.qrouter.tools.experiments;

import io.qrouter.core.estimate.EstimatorConfig;
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

/**
 * Loss-aware admission under overload: heartbeat-k-live on a heterogeneous fleet (μ uniform in
 * [0.5, 1.5]) whose waiting tasks abandon at rate α_c, at ρ = 1.1 and 1.3, with admission off and
 * at several maximum loss probabilities p. Measured: goodput (the share of all tasks served, and
 * completions per unit time), the admitted tasks' abandonment and wait, and the share rejected.
 * Every queue change is reported (as the job does) and μ, α_c are the estimators', not the truth.
 * Same seed for every point (common random numbers); the first 10% of the tasks are a warm-up.
 */
public final class AdmissionExperiment extends SimulationSweep<AdmissionExperiment.Point> {
    public static final List<Double> DEFAULT_LOADS = List.of(1.1, 1.3);

    /** 1 = admission off. */
    public static final List<Double> DEFAULT_PROBABILITIES = List.of(1.0, 0.5, 0.3, 0.2, 0.1, 0.05);

    public record Options(
            int servers,
            int tasks,
            double alphaC,
            List<Double> loads,
            List<Double> probabilities,
            long seed,
            int threads,
            boolean progress) {
        public Options {
            if (servers < 1
                    || tasks < 10
                    || !(alphaC > 0)
                    || loads.isEmpty()
                    || probabilities.isEmpty()
                    || loads.stream().anyMatch(l -> !(l > 0) || Double.isInfinite(l))
                    || probabilities.stream().anyMatch(p -> !(p > 0 && p <= 1))) {
                throw new IllegalArgumentException(
                        "admission needs servers >= 1, tasks >= 10, alpha_c > 0, loads > 0"
                                + " and probabilities in (0, 1] (got "
                                + servers
                                + ", "
                                + tasks
                                + ", "
                                + alphaC
                                + ", "
                                + loads
                                + ", "
                                + probabilities
                                + ")");
            }
            loads = List.copyOf(loads);
            probabilities = List.copyOf(probabilities);
        }
    }

    /** One point: a load and a maximum loss probability (1 = admission off). */
    public record Point(double load, double maxLossProbability, SimResult result) {}

    private final Options options;

    public AdmissionExperiment(Options options) {
        super("admission", options.threads(), options.progress());
        this.options = options;
    }

    /**
     * Estimators over 500 mean service times, 20 events minimum: in proportion, the job's defaults
     * (60 s, 20 events) on servers of tens of tasks per second. The simulator's default window of
     * 20 service times sees too few abandonments for α_c, which then reads 0 (no loss predicted)
     * most of the time and admission never acts.
     */
    static EstimatorConfig estimators() {
        EstimatorConfig c = new EstimatorConfig();
        c.setWindowMillis(500_000);
        c.setBucketCount(50);
        c.setMinArrivals(20);
        c.setMinCompletions(20);
        c.setMinExits(20);
        c.setMinWaits(20);
        c.setMinRecoveries(20);
        return c.validate();
    }

    SimConfig config(double load, double p) {
        return SimConfig.builder()
                .estimators(estimators())
                .policy(PolicyName.HEARTBEAT_K_LIVE)
                .servers(options.servers())
                .heterogeneity("uniform:0.5,1.5")
                .tasks(options.tasks())
                .warmupTasks(options.tasks() / 10)
                .load(load)
                .patience(options.alphaC())
                .reportEveryChange(true)
                .maxLossProbability(p)
                .stepLength(10)
                .seed(options.seed())
                .build();
    }

    @Override
    List<Point> plan() {
        List<Point> plan = new ArrayList<>();
        for (double load : options.loads()) {
            for (double p : options.probabilities()) {
                plan.add(new Point(load, p, null));
            }
        }
        return plan;
    }

    @Override
    String describe(Point p) {
        return "load=" + p.load() + " p=" + label(p.maxLossProbability());
    }

    @Override
    Point simulate(Point p) {
        return new Point(
                p.load(),
                p.maxLossProbability(),
                Simulation.run(config(p.load(), p.maxLossProbability())));
    }

    static String label(double p) {
        return p >= 1 ? "off" : Double.toString(p);
    }

    @Override
    void write(Path out, List<Point> points) {
        CsvTable csv =
                new CsvTable(
                        "load",
                        "max_loss_probability",
                        "tasks",
                        "rejected_share",
                        "admitted_abandonment",
                        "all_lost_share",
                        "served_share",
                        "goodput",
                        "mean_wait_admitted",
                        "p99_wait_admitted",
                        "mean_sojourn");
        LineChart abandonment =
                new LineChart(
                        "Abandonment of admitted tasks against the admission threshold p",
                        "max loss probability p (1 = admission off)",
                        "admitted tasks abandoned (share)");
        LineChart wait =
                new LineChart(
                        "Mean wait of admitted tasks against p",
                        "max loss probability p (1 = off)",
                        "mean wait (mean service times)");
        LineChart goodput =
                new LineChart(
                        "Goodput against p: share of all tasks served",
                        "max loss probability p (1 = off)",
                        "tasks served (share of arrivals)");
        for (Point p : points) {
            SimResult r = p.result();
            double lost = (double) (r.abandoned() + r.rejected() + r.failed()) / r.countedTasks();
            csv.add(
                    p.load(),
                    label(p.maxLossProbability()),
                    r.countedTasks(),
                    (double) r.rejected() / r.countedTasks(),
                    r.admittedAbandonRate(),
                    lost,
                    (double) r.completed() / r.countedTasks(),
                    r.throughput(),
                    SimResult.orNull(r.meanWait()),
                    SimResult.orNull(r.p99Wait()),
                    SimResult.orNull(r.meanSojourn()));
            String series = "load " + p.load();
            abandonment.point(series, p.maxLossProbability(), r.admittedAbandonRate());
            abandonment.point("y = p", p.maxLossProbability(), p.maxLossProbability());
            if (r.meanWait().isPresent()) {
                wait.point(series, p.maxLossProbability(), r.meanWait().getAsDouble());
            }
            goodput.point(
                    series, p.maxLossProbability(), (double) r.completed() / r.countedTasks());
        }
        csv.write(out.resolve("admission.csv"));
        abandonment.writePng(out.resolve("admission_abandonment.png"));
        wait.writePng(out.resolve("admission_wait.png"));
        goodput.yFromData().writePng(out.resolve("admission_goodput.png"));
        TextFile.write(out.resolve("summary.md"), summary(points));
    }

    private String summary(List<Point> points) {
        StringBuilder md =
                new StringBuilder("# admission: loss-aware admission under overload\n\n");
        md.append(
                String.format(
                        Locale.ROOT,
                        "heartbeat-k-live, %d servers (mu uniform in [0.5, 1.5], mean 1), "
                                + "alpha_c = %.2f per waiting task, %d tasks per point (first 10%% a warm-up), every queue change "
                                + "reported, mu and alpha_c estimated over 500 service times. Seed %d.%n%n",
                        options.servers(),
                        options.alphaC(),
                        options.tasks(),
                        options.seed()));
        md.append(
                "| load | p | rejected | admitted abandoned | all lost | served (goodput) | mean wait admitted "
                        + "| p99 wait admitted |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Point p : points) {
            SimResult r = p.result();
            md.append(
                    String.format(
                            Locale.ROOT,
                            "| %.2f | %s | %.3f | %.3f | %.3f | %.3f | %s | %s |%n",
                            p.load(),
                            label(p.maxLossProbability()),
                            (double) r.rejected() / r.countedTasks(),
                            r.admittedAbandonRate(),
                            (double) (r.abandoned() + r.rejected() + r.failed()) / r.countedTasks(),
                            (double) r.completed() / r.countedTasks(),
                            r.meanWait().isPresent()
                                    ? String.format(Locale.ROOT, "%.3f", r.meanWait().getAsDouble())
                                    : "n/a",
                            r.p99Wait().isPresent()
                                    ? String.format(Locale.ROOT, "%.3f", r.p99Wait().getAsDouble())
                                    : "n/a"));
        }
        md.append(
                "\nCSV: admission.csv. Charts: admission_abandonment.png, admission_wait.png, "
                        + "admission_goodput.png.\n");
        return md.toString();
    }
}
