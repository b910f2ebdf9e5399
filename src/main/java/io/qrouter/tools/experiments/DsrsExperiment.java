package io.qrouter.tools.experiments;

import io.qrouter.core.dsrs.MecScenario;
import io.qrouter.core.dsrs.RowRule;
import io.qrouter.core.dsrs.SlotScheduler;
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

/**
 * Seed 002's evaluation (§5) with the gap to the LP optimum added: 4 MEC systems, 2 services,
 * Poisson arrivals. Every run of a figure uses the same seed, so curves differ by the parameter
 * only (common random numbers).
 */
public final class DsrsExperiment {

    /**
     * @param slots T, slots per run
     * @param warmupSlots slots at the start of each V-sweep run left out of its time averages
     * @param timeSlots slots of the over-time runs of Figs. 3–8 (short enough to show the start-up)
     * @param vValues the V sweep of Figs. 1–2 and the gap figure
     * @param v the V of Figs. 3–8
     */
    public record Options(
            int slots,
            int warmupSlots,
            int timeSlots,
            List<Double> vValues,
            double v,
            long seed,
            boolean progress) {
        public static final List<Double> DEFAULT_V =
                List.of(1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0, 500.0, 1000.0);
    }

    /**
     * One point of the V sweep: time-average cost (3), time-average backlog (24), relative gap to
     * g*.
     */
    public record VPoint(double V, double cost, double backlog, double gap) {}

    static final List<Double> ARRIVAL_SCALES = List.of(1.0, 1.2, 1.4);
    static final List<Double> COST_SCALES = List.of(1.0, 1.2, 1.4);
    private static final int POINTS_PER_CURVE = 200;

    /**
     * λ = (20, 30) per slot, β = (1.6, 2.0), capacity shares 10/20/30/40 %, unit cost rising with
     * the share.
     */
    public static MecScenario paperScenario() {
        return MecScenario.heterogeneous(
                new double[] {20, 30},
                new double[] {1.6, 2.0},
                new double[] {0.1, 0.2, 0.3, 0.4},
                new double[] {1.0, 1.5},
                5.0);
    }

    private final Options options;
    private final MecScenario scenario = paperScenario();

    /** g* of the arrivals the V sweep realised (all its runs share them). */
    private double realisedOptimum;

    public DsrsExperiment(Options options) {
        if (options.slots() < 1) {
            throw new IllegalArgumentException("slots must be ≥ 1 (got " + options.slots() + ")");
        }
        if (options.timeSlots() < 1) {
            throw new IllegalArgumentException(
                    "timeSlots must be ≥ 1 (got " + options.timeSlots() + ")");
        }
        if (options.warmupSlots() < 0 || options.warmupSlots() >= options.slots()) {
            throw new IllegalArgumentException(
                    "warmupSlots must be in [0, slots) (got " + options.warmupSlots() + ")");
        }
        this.options = options;
    }

    /**
     * Runs every figure, writes CSV/PNG per figure, summary.md and summary.json into {@code out}.
     */
    public List<VPoint> run(Path out) {
        long work =
                (long) options.vValues().size() * options.slots()
                        + (long) (ARRIVAL_SCALES.size() + COST_SCALES.size() + 2)
                                * options.timeSlots();
        try (Progress progress = new Progress("dsrs", work, options.progress())) {
            long[] done = {0};
            List<VPoint> sweep = vSweep(out, progress, done);
            Map<String, Object> scales = new LinkedHashMap<>();
            scales.put(
                    "arrival_scale",
                    overTime(
                            out,
                            progress,
                            done,
                            "p",
                            ARRIVAL_SCALES,
                            true,
                            "fig3_4_arrival_scale",
                            "fig3_cost_vs_time_arrival_scale",
                            "fig4_backlog_vs_time_arrival_scale"));
            scales.put(
                    "cost_scale",
                    overTime(
                            out,
                            progress,
                            done,
                            "q",
                            COST_SCALES,
                            false,
                            "fig5_6_cost_scale",
                            "fig5_cost_vs_time_cost_scale",
                            "fig6_backlog_vs_time_cost_scale"));
            Map<String, Object> comparison = dsrsAgainstRandom(out, progress, done);
            writeSummary(out, sweep, scales, comparison);
            return sweep;
        }
    }

    private List<VPoint> vSweep(Path out, Progress progress, long[] done) {
        List<VPoint> points = new ArrayList<>();
        CsvTable csv =
                new CsvTable(
                        "V", "time_average_cost", "time_average_backlog", "g_star", "relative_gap");
        LineChart cost =
                new LineChart(
                                "Fig. 1: time-average cost against V",
                                "log10 V",
                                "time-average cost g")
                        .yFromData();
        LineChart backlog =
                new LineChart(
                        "Fig. 2: time-average backlog against V", "V", "time-average backlog Q");
        LineChart gap =
                new LineChart(
                                "Cost gap to the LP optimum g* against V (points ≤ 0 are not drawn)",
                                "log10 V",
                                "relative gap (g − g*)/g*")
                        .logY();
        for (double v : options.vValues()) {
            SlotScheduler s =
                    scenario.run(
                            RowRule.driftPlusPenalty(v),
                            options.slots(),
                            options.seed(),
                            (sched, t) -> {
                                progress.update(++done[0], "V=" + fmt(v));
                                if (t + 1 == options.warmupSlots()) {
                                    sched.resetAverages();
                                }
                            });
            // g* of the arrivals this run saw: every V sees the same ones (same seed), so this is
            // one number
            double optimum = scenario.optimum(s.averageArrivals()).cost();
            realisedOptimum = optimum;
            double relGap = (s.averageCost() - optimum) / optimum;
            points.add(new VPoint(v, s.averageCost(), s.averageBacklog(), relGap));
            csv.add(v, s.averageCost(), s.averageBacklog(), optimum, relGap);
            cost.point("DSRS", Math.log10(v), s.averageCost())
                    .point("g* (LP optimum)", Math.log10(v), optimum);
            backlog.point("DSRS", v, s.averageBacklog());
            gap.point("DSRS", Math.log10(v), relGap);
        }
        // Theorem 3, Eq. (27): g_DSRS ≤ g* + B/V, drawn as a relative gap
        double b = scenario.driftBoundB(scenario.peakArrivals(options.slots(), options.seed()));
        for (VPoint p : points) {
            gap.point("Theorem 3 bound B/(V·g*)", Math.log10(p.V()), b / (p.V() * realisedOptimum));
        }
        csv.write(out.resolve("fig1_2_v_sweep.csv"));
        cost.writePng(out.resolve("fig1_cost_vs_v.png"));
        backlog.writePng(out.resolve("fig2_backlog_vs_v.png"));
        gap.writePng(out.resolve("fig9_gap_vs_v.png"));
        return points;
    }

    private Map<String, Object> overTime(
            Path out,
            Progress progress,
            long[] done,
            String name,
            List<Double> scales,
            boolean arrivals,
            String csvFile,
            String costFile,
            String backlogFile) {
        String what = arrivals ? "arrival rate p·λ" : "unit cost q·γ";
        CsvTable csv = new CsvTable("slot", name, "time_average_cost", "backlog");
        LineChart cost =
                new LineChart(
                                (arrivals ? "Fig. 3" : "Fig. 5")
                                        + ": time-average cost, "
                                        + what
                                        + ", V="
                                        + fmt(options.v()),
                                "slot",
                                "time-average cost")
                        .yFromData();
        LineChart backlog =
                new LineChart(
                        (arrivals ? "Fig. 4" : "Fig. 6")
                                + ": backlog Σ Q_ij(t), "
                                + what
                                + ", V="
                                + fmt(options.v()),
                        "slot",
                        "backlog");
        Map<String, Object> finals = new LinkedHashMap<>();
        for (double scale : scales) {
            MecScenario sc = arrivals ? scenario.scaleArrivals(scale) : scenario.scaleCosts(scale);
            String series = name + "=" + fmt(scale);
            SlotScheduler s =
                    sc.run(
                            RowRule.driftPlusPenalty(options.v()),
                            options.timeSlots(),
                            options.seed(),
                            (sched, t) -> {
                                progress.update(++done[0], series);
                                if (sample(t)) {
                                    csv.add(t, scale, sched.averageCost(), sched.backlog());
                                    cost.point(series, t, sched.averageCost());
                                    backlog.point(series, t, sched.backlog());
                                }
                            });
            finals.put(fmt(scale), Map.of("cost", s.averageCost(), "backlog", s.averageBacklog()));
        }
        csv.write(out.resolve(csvFile + ".csv"));
        cost.writePng(out.resolve(costFile + ".png"));
        backlog.writePng(out.resolve(backlogFile + ".png"));
        return finals;
    }

    private Map<String, Object> dsrsAgainstRandom(Path out, Progress progress, long[] done) {
        CsvTable csv = new CsvTable("slot", "algorithm", "time_average_cost", "backlog");
        LineChart cost =
                new LineChart(
                                "Fig. 7: time-average cost, DSRS (V="
                                        + fmt(options.v())
                                        + ") against random",
                                "slot",
                                "time-average cost")
                        .yFromData();
        LineChart backlog =
                new LineChart(
                                "Fig. 8: backlog Σ Q_ij(t), DSRS against random",
                                "slot",
                                "backlog (log scale)")
                        .logY();
        Map<String, Object> finals = new LinkedHashMap<>();
        Map<String, RowRule> rules = new LinkedHashMap<>();
        rules.put("DSRS", RowRule.driftPlusPenalty(options.v()));
        rules.put("random", RowRule.random(options.seed() + 1));
        rules.forEach(
                (name, rule) -> {
                    SlotScheduler s =
                            scenario.run(
                                    rule,
                                    options.timeSlots(),
                                    options.seed(),
                                    (sched, t) -> {
                                        progress.update(++done[0], name);
                                        if (sample(t)) {
                                            csv.add(t, name, sched.averageCost(), sched.backlog());
                                            cost.point(name, t, sched.averageCost());
                                            backlog.point(name, t, sched.backlog());
                                        }
                                    });
                    finals.put(
                            name,
                            Map.of(
                                    "cost",
                                    s.averageCost(),
                                    "backlog",
                                    s.averageBacklog(),
                                    "final_backlog",
                                    s.backlog()));
                });
        csv.write(out.resolve("fig7_8_dsrs_vs_random.csv"));
        cost.writePng(out.resolve("fig7_cost_dsrs_vs_random.png"));
        backlog.writePng(out.resolve("fig8_backlog_dsrs_vs_random.png"));
        return finals;
    }

    private boolean sample(long t) {
        long every = Math.max(1, options.timeSlots() / POINTS_PER_CURVE);
        return t % every == 0 || t == options.timeSlots() - 1;
    }

    private void writeSummary(
            Path out,
            List<VPoint> sweep,
            Map<String, Object> scales,
            Map<String, Object> comparison) {
        double nominalOptimum = scenario.optimum().cost();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("experiment", "dsrs");
        json.put("slots", options.slots());
        json.put("warmup_slots", options.warmupSlots());
        json.put("time_slots", options.timeSlots());
        json.put("seed", options.seed());
        json.put("v", options.v());
        json.put(
                "scenario",
                Map.of(
                        "lambda",
                        scenario.lambda(),
                        "capacity",
                        scenario.capacity(),
                        "unit_cost",
                        scenario.unitCost()));
        json.put("g_star", realisedOptimum);
        json.put("g_star_nominal", nominalOptimum);
        json.put("v_sweep", sweep);
        json.putAll(scales);
        json.put("dsrs_vs_random", comparison);
        Json.write(out.resolve("summary.json"), json);

        StringBuilder md = new StringBuilder();
        md.append("# paper-002: DSRS drift-plus-penalty scheduling\n\n");
        md.append(
                String.format(
                        Locale.ROOT,
                        "%d MEC systems, %d services, Poisson arrivals λ = %s per slot, "
                                + "%d slots per run (V sweep: averages after %d warm-up slots), seed %d. LP optimum g* = %.4f per slot for the arrivals the runs saw "
                                + "(%.4f for λ itself); the gap is measured against the former.%n%n",
                        scenario.mecSystems(),
                        scenario.services(),
                        java.util.Arrays.toString(scenario.lambda()),
                        options.slots(),
                        options.warmupSlots(),
                        options.seed(),
                        realisedOptimum,
                        nominalOptimum));
        md.append(
                "| V | time-average cost | time-average backlog | gap to g* |\n|---:|---:|---:|---:|\n");
        for (VPoint p : sweep) {
            md.append(
                    String.format(
                            Locale.ROOT,
                            "| %s | %.4f | %.1f | %.3g %% |%n",
                            fmt(p.V()),
                            p.cost(),
                            p.backlog(),
                            100 * p.gap()));
        }
        md.append(
                String.format(
                        Locale.ROOT,
                        "%nFigs. 3–8 run %d slots at V = %s.%n",
                        options.timeSlots(),
                        fmt(options.v())));
        md.append(
                "\n| algorithm | time-average cost | time-average backlog | backlog at the end |\n|---|---:|---:|---:|\n");
        comparison.forEach(
                (name, m) -> {
                    Map<?, ?> r = (Map<?, ?>) m;
                    md.append(
                            String.format(
                                    Locale.ROOT,
                                    "| %s | %.4f | %.1f | %.1f |%n",
                                    name,
                                    r.get("cost"),
                                    r.get("backlog"),
                                    r.get("final_backlog")));
                });
        md.append(
                "\nFigures: fig1_cost_vs_v, fig2_backlog_vs_v, fig3/4 (arrival scale p), fig5/6 (cost scale q), "
                        + "fig7/8 (DSRS against random), fig9_gap_vs_v (.png, data in the .csv files).\n");
        TextFile.write(out.resolve("summary.md"), md.toString());
    }

    private static String fmt(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
    }
}
