package io.qrouter.tools.experiments;

import io.qrouter.core.ga.Allocation;
import io.qrouter.core.ga.BatchAllocator;
import io.qrouter.core.ga.BatchTask;
import io.qrouter.core.ga.FcfsAllocator;
import io.qrouter.core.ga.GaConfig;
import io.qrouter.core.ga.GeneticAllocator;
import io.qrouter.core.ga.ServerProfile;
import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.LineChart;
import io.qrouter.tools.report.Progress;
import io.qrouter.tools.report.TextFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seed 001's evaluation (§4): three servers of 6, 3 and 1 MIPS; makespan, mean node utilisation and
 * fitness of the mean-variance GA, DGA and FCFS against GA iterations (Figs. 2–4) and against the
 * number of tasks (Figs. 5–6). Every point is the mean over {@code repetitions} batches (task loads
 * and GA seeds differ, servers do not).
 */
public final class MeanVarianceGaExperiment {

    /**
     * @param iterations the GA iterations of Figs. 2–4
     * @param taskCounts the batch sizes of Figs. 5–6
     * @param tasksForIterations batch size of Figs. 2–4
     * @param generations GA iterations of Figs. 5–6
     */
    public record Options(
            List<Integer> iterations,
            List<Integer> taskCounts,
            int tasksForIterations,
            int generations,
            int repetitions,
            long seed,
            boolean progress) {
        public static final List<Integer> DEFAULT_ITERATIONS = range(5, 60, 5);
        public static final List<Integer> DEFAULT_TASK_COUNTS = range(250, 3000, 250);

        private static List<Integer> range(int from, int to, int step) {
            List<Integer> xs = new ArrayList<>();
            for (int x = from; x <= to; x += step) {
                xs.add(x);
            }
            return List.copyOf(xs);
        }
    }

    /** One point: an allocator's mean figures at one x (iterations or task count). */
    public record Point(
            String algorithm,
            int x,
            double makespan,
            double makespanExcess,
            double utilisation,
            double fitness) {}

    private static final double[] MIPS = {6, 3, 1};

    /** Load units already on the servers when the batch arrives (CSL). */
    private static final double[] QUEUED_LOAD = {120, 30, 20};

    /**
     * Load-index history per server (mean, standard deviation): the fast server is the busiest and
     * the least steady.
     */
    private static final double[][] HISTORY = {{0.6, 0.15}, {0.5, 0.04}, {0.4, 0.08}};

    private static final int HISTORY_SAMPLES = 30;

    /** Request classes (load units, probability): a page, a computation, a database transaction. */
    private static final double[][] REQUEST_CLASSES = {{1, 0.6}, {5, 0.3}, {20, 0.1}};

    private final Options options;
    private final GaConfig base = GaConfig.defaults();

    public MeanVarianceGaExperiment(Options options) {
        if (options.repetitions() < 1) {
            throw new IllegalArgumentException(
                    "repetitions must be ≥ 1 (got " + options.repetitions() + ")");
        }
        this.options = options;
    }

    /** The three servers of the paper, with load-index histories drawn from {@code seed}. */
    public static List<ServerProfile> servers(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<ServerProfile> servers = new ArrayList<>();
        // a shared component makes the servers' utilisations correlated, as under a common workload
        double[][] history = new double[MIPS.length][HISTORY_SAMPLES];
        for (int t = 0; t < HISTORY_SAMPLES; t++) {
            double common = rng.nextGaussian();
            for (int i = 0; i < MIPS.length; i++) {
                double z = 0.5 * common + Math.sqrt(0.75) * rng.nextGaussian();
                history[i][t] = Math.min(1, Math.max(0, HISTORY[i][0] + HISTORY[i][1] * z));
            }
        }
        for (int i = 0; i < MIPS.length; i++) {
            double u = history[i][HISTORY_SAMPLES - 1];
            servers.add(
                    new ServerProfile(
                            "server-" + (int) MIPS[i] + "mips",
                            MIPS[i],
                            u * 100,
                            100,
                            u * 64,
                            64,
                            u * 100,
                            100,
                            QUEUED_LOAD[i],
                            history[i]));
        }
        return servers;
    }

    public static List<BatchTask> tasks(int count, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<BatchTask> tasks = new ArrayList<>(count);
        for (int t = 0; t < count; t++) {
            double u = rng.nextDouble();
            double load = REQUEST_CLASSES[REQUEST_CLASSES.length - 1][0];
            for (double[] c : REQUEST_CLASSES) {
                if (u < c[1]) {
                    load = c[0];
                    break;
                }
                u -= c[1];
            }
            tasks.add(new BatchTask("task-" + t, load));
        }
        return tasks;
    }

    public Map<String, List<Point>> run(Path out) {
        long work =
                (long) options.repetitions()
                        * (4L * options.iterations().size() + 5L * options.taskCounts().size());
        List<ServerProfile> servers = servers(options.seed());
        Map<String, List<Point>> result = new LinkedHashMap<>();
        try (Progress progress = new Progress("mean-variance-ga", work, options.progress())) {
            long[] done = {0};
            List<Point> byIterations = new ArrayList<>();
            for (int g : options.iterations()) {
                for (BatchAllocator a : geneticAllocators(base.withGenerations(g))) {
                    byIterations.add(
                            mean(a, g, options.tasksForIterations(), servers, progress, done));
                }
            }
            // FCFS does not iterate: one flat line for reference
            Point fcfs =
                    mean(
                            new FcfsAllocator(base.r(), base.d()),
                            0,
                            options.tasksForIterations(),
                            servers,
                            null,
                            done);
            for (int g : options.iterations()) {
                byIterations.add(
                        new Point(
                                fcfs.algorithm(),
                                g,
                                fcfs.makespan(),
                                fcfs.makespanExcess(),
                                fcfs.utilisation(),
                                fcfs.fitness()));
            }
            List<Point> byTasks = new ArrayList<>();
            for (int n : options.taskCounts()) {
                List<BatchAllocator> all =
                        new ArrayList<>(
                                geneticAllocators(base.withGenerations(options.generations())));
                all.add(new FcfsAllocator(base.r(), base.d()));
                for (BatchAllocator a : all) {
                    byTasks.add(mean(a, n, n, servers, progress, done));
                }
            }
            result.put("iterations", byIterations);
            result.put("tasks", byTasks);
        }
        writeFigures(out, result);
        writeSummary(out, servers, result);
        return result;
    }

    /**
     * The production GAs (greedy seed) and the paper's GAs (random start), each with and without MV
     * weights.
     */
    private static List<BatchAllocator> geneticAllocators(GaConfig config) {
        GaConfig random = config.withGreedySeed(false);
        return List.of(
                GeneticAllocator.meanVariance(config),
                GeneticAllocator.dga(config),
                GeneticAllocator.meanVariance(random),
                GeneticAllocator.dga(random));
    }

    private Point mean(
            BatchAllocator allocator,
            int x,
            int taskCount,
            List<ServerProfile> servers,
            Progress progress,
            long[] done) {
        double makespan = 0;
        double excess = 0;
        double utilisation = 0;
        double fitness = 0;
        for (int rep = 0; rep < options.repetitions(); rep++) {
            long seed = options.seed() * 1_000_003L + rep;
            Allocation a = allocator.allocate(tasks(taskCount, seed), servers, seed);
            makespan += a.makespan();
            excess += a.makespan() / a.makespanLowerBound() - 1;
            utilisation += a.meanUtilisation();
            fitness += a.fitness();
            if (progress != null) {
                progress.update(++done[0], allocator.name() + " x=" + x);
            }
        }
        int r = options.repetitions();
        return new Point(
                allocator.name(), x, makespan / r, excess / r, utilisation / r, fitness / r);
    }

    private static void writeFigures(Path out, Map<String, List<Point>> result) {
        figure(
                out,
                result.get("iterations"),
                "GA iterations",
                "fig2_4_iterations",
                new String[] {
                    "fig2_makespan_vs_iterations",
                    "fig2b_makespan_excess_vs_iterations",
                    "fig3_utilisation_vs_iterations",
                    "fig4_fitness_vs_iterations"
                },
                new String[] {
                    "Fig. 2: makespan against GA iterations",
                    "Makespan above its lower bound against GA iterations",
                    "Fig. 3: mean node utilisation against GA iterations",
                    "Fig. 4: fitness against GA iterations"
                },
                true);
        figure(
                out,
                result.get("tasks"),
                "tasks",
                "fig5_6_tasks",
                new String[] {
                    "fig5_makespan_vs_tasks",
                    "fig5b_makespan_excess_vs_tasks",
                    "fig6_utilisation_vs_tasks",
                    "fig6b_fitness_vs_tasks"
                },
                new String[] {
                    "Fig. 5: makespan against task count",
                    "Makespan above its lower bound against task count",
                    "Fig. 6: mean node utilisation against task count",
                    "Fitness against task count"
                },
                false);
    }

    private static void figure(
            Path out,
            List<Point> points,
            String xLabel,
            String csvName,
            String[] png,
            String[] titles,
            boolean fromData) {
        CsvTable csv =
                new CsvTable(
                        xLabel.replace(' ', '_'),
                        "algorithm",
                        "makespan_seconds",
                        "makespan_over_lower_bound_minus_1",
                        "mean_utilisation",
                        "fitness");
        LineChart makespan = new LineChart(titles[0], xLabel, "makespan (s)");
        LineChart excess = new LineChart(titles[1], xLabel, "makespan / lower bound − 1 (%)");
        LineChart utilisation =
                new LineChart(titles[2], xLabel, "mean node utilisation").yFromData();
        LineChart fitness = new LineChart(titles[3], xLabel, "fitness").yFromData();
        if (fromData) {
            makespan.yFromData();
        }
        for (Point p : points) {
            csv.add(
                    p.x(),
                    p.algorithm(),
                    p.makespan(),
                    p.makespanExcess(),
                    p.utilisation(),
                    p.fitness());
            makespan.point(p.algorithm(), p.x(), p.makespan());
            excess.point(p.algorithm(), p.x(), 100 * p.makespanExcess());
            utilisation.point(p.algorithm(), p.x(), p.utilisation());
            fitness.point(p.algorithm(), p.x(), p.fitness());
        }
        csv.write(out.resolve(csvName + ".csv"));
        makespan.writePng(out.resolve(png[0] + ".png"));
        excess.writePng(out.resolve(png[1] + ".png"));
        utilisation.writePng(out.resolve(png[2] + ".png"));
        fitness.writePng(out.resolve(png[3] + ".png"));
    }

    private void writeSummary(
            Path out, List<ServerProfile> servers, Map<String, List<Point>> result) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("experiment", "mean-variance-ga");
        json.put("seed", options.seed());
        json.put("repetitions", options.repetitions());
        json.put(
                "servers",
                servers.stream()
                        .map(
                                s ->
                                        Map.of(
                                                "id",
                                                s.id(),
                                                "mips",
                                                s.mips(),
                                                "queued_load",
                                                s.queuedLoad()))
                        .toList());
        json.put("mean_variance_weights", io.qrouter.core.ga.MarkowitzWeights.fromHistory(servers));
        json.put("ga", base);
        json.put("tasks_for_iterations", options.tasksForIterations());
        json.put("generations_for_tasks", options.generations());
        json.put("iterations", result.get("iterations"));
        json.put("tasks", result.get("tasks"));
        Json.write(out.resolve("summary.json"), json);

        StringBuilder md =
                new StringBuilder("# paper-001: mean-variance GA against DGA and FCFS\n\n");
        md.append(
                String.format(
                        Locale.ROOT,
                        "Servers of 6, 3 and 1 MIPS (queued load %s), mean-variance weights %s; "
                                + "each point is the mean of %d batches (seed %d).%n%n",
                        java.util.Arrays.toString(QUEUED_LOAD),
                        java.util.Arrays.toString(
                                io.qrouter.core.ga.MarkowitzWeights.fromHistory(servers)),
                        options.repetitions(),
                        options.seed()));
        md.append("## Against the number of tasks (")
                .append(options.generations())
                .append(" GA iterations)\n\n");
        table(md, "tasks", result.get("tasks"));
        md.append("\n## Against GA iterations (")
                .append(options.tasksForIterations())
                .append(" tasks)\n\n");
        table(md, "iterations", result.get("iterations"));
        md.append(
                "\nFigures: fig2, fig2b, fig3, fig4 (against iterations), fig5, fig5b, fig6, fig6b (against tasks), as "
                        + ".png with the data in fig2_4_iterations.csv and fig5_6_tasks.csv.\n");
        TextFile.write(out.resolve("summary.md"), md.toString());
    }

    private static void table(StringBuilder md, String x, List<Point> points) {
        md.append("| ")
                .append(x)
                .append(
                        " | algorithm | makespan (s) | above lower bound | mean utilisation | fitness |\n");
        md.append("|---:|---|---:|---:|---:|---:|\n");
        for (Point p : points) {
            md.append(
                    String.format(
                            Locale.ROOT,
                            "| %d | %s | %.2f | %.2f %% | %.4f | %.4f |%n",
                            p.x(),
                            p.algorithm(),
                            p.makespan(),
                            100 * p.makespanExcess(),
                            p.utilisation(),
                            p.fitness()));
        }
    }
}
