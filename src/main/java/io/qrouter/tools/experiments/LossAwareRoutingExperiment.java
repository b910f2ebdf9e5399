package io.qrouter.tools.experiments;

import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.Progress;
import io.qrouter.tools.report.TextFile;
import io.qrouter.tools.sim.SimConfig;
import io.qrouter.tools.sim.SimResult;
import io.qrouter.tools.sim.Simulation;
import io.qrouter.tools.sim.StepMetrics;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Seed 000's evaluation (§4): 6000 tasks over 1000 servers whose rates and initial queues are
 * random, reported every 5 time steps (Tables 2–3) and per step (Figs. 6–12), for the paper's five
 * algorithms and four references.
 *
 * <p>The paper leaves the scenario open; these choices make it concrete (all in the README):
 * service rates uniform on [0.5, 1.5] (mean 1); a random geometric initial queue of mean 1 per
 * server; arrivals Poisson with a rate that rises to 1.6× the capacity and falls back (the "load
 * rises, then the backlog drains" shape: mean load 0.8 over the arrival period); every waiting task
 * abandons at rate α_c = 0.2 (the loss the paper is about); heartbeats every 100–500 ms, shorter
 * under load, and at once when a server becomes idle; one time step = 0.1 mean service times. All
 * policies see the same tasks (same seed, separate streams).
 */
public final class LossAwareRoutingExperiment {

    public static final List<PolicyName> POLICIES =
            List.of(
                    PolicyName.RANDOM,
                    PolicyName.ROUND_ROBIN,
                    PolicyName.LEAST_CONNECTIONS,
                    PolicyName.HASH,
                    PolicyName.HEARTBEAT_K,
                    PolicyName.JSQ,
                    PolicyName.POWER_OF_D,
                    PolicyName.JIQ,
                    PolicyName.HEARTBEAT_K_LIVE);
    static final int STEPS_PER_PROCESS = 5;

    /**
     * @param servers N (paper: 1000)
     * @param tasks M (paper: 6000)
     * @param load mean arrival rate over capacity during the arrival period
     * @param patience α_c
     * @param zDelta Δ of the strategy measure Z = Δ·K̄ + ζ·P_J (Eq. 57; the paper gives no value)
     * @param zZeta ζ of Z
     */
    public record Options(
            int servers,
            int tasks,
            double load,
            double patience,
            double zDelta,
            double zZeta,
            long seed,
            boolean progress) {
        public static Options paper(long seed, boolean progress) {
            return new Options(1000, 6000, 0.8, 0.2, 1, 1, seed, progress);
        }
    }

    private final Options options;

    public LossAwareRoutingExperiment(Options options) {
        this.options = options;
        scenario(PolicyName.RANDOM);
    }

    /** The simulation of one policy in this experiment. */
    public SimConfig scenario(PolicyName policy) {
        return SimConfig.builder()
                .policy(policy)
                .choices(2)
                .servers(options.servers())
                .tasks(options.tasks())
                .load(options.load())
                .arrivals("surge")
                .heterogeneity("uniform:0.5,1.5")
                .initialQueueMean(1)
                .patience(options.patience())
                .heartbeat(new AdaptiveHeartbeat(100, 500))
                .stepLength(0.1)
                .strategyWeights(options.zDelta(), options.zZeta())
                .seed(options.seed())
                .build();
    }

    /**
     * Runs every policy and writes the figures, tables, summary.md and summary.json into {@code
     * out}.
     */
    public Map<PolicyName, SimResult> run(Path out) {
        Map<PolicyName, SimResult> results = new LinkedHashMap<>();
        long total = (long) POLICIES.size() * options.tasks();
        try (Progress progress = new Progress("loss-aware-routing", total, options.progress())) {
            for (int i = 0; i < POLICIES.size(); i++) {
                PolicyName p = POLICIES.get(i);
                long before = (long) i * options.tasks();
                results.put(
                        p,
                        Simulation.run(
                                scenario(p),
                                done -> progress.update(before + done, p.configName())));
            }
        }
        write(out, results);
        return results;
    }

    private void write(Path out, Map<PolicyName, SimResult> results) {
        List<StepFigure> figures =
                List.of(
                        new StepFigure(
                                "fig6_heartbeat_triggers",
                                "Fig. 6: heartbeat triggers per time step",
                                "heartbeats",
                                s -> s.heartbeatTriggers()),
                        new StepFigure(
                                "fig7_occupancy",
                                "Fig. 7: server occupancy",
                                "busy servers / N",
                                StepMetrics::occupancy),
                        new StepFigure(
                                "fig8_load_variance",
                                "Fig. 8: load variance F of the live K (Eq. 55)",
                                "F",
                                StepMetrics::loadVarianceF),
                        new StepFigure(
                                "fig9_mean_completion_time",
                                "Fig. 9: mean completion (sojourn) time of the tasks done in the step",
                                "mean service times",
                                s -> s.meanSojourn().orElse(Double.NaN)),
                        new StepFigure(
                                "fig10_mean_wait",
                                "Fig. 10: mean waiting time of the tasks whose wait ended in the step",
                                "mean service times",
                                s -> s.meanWait().orElse(Double.NaN)),
                        new StepFigure(
                                "fig11_completed",
                                "Fig. 11: completed tasks (cumulative)",
                                "tasks",
                                s -> s.cumulativeCompleted()),
                        new StepFigure(
                                "fig12_throughput",
                                "Fig. 12: throughput",
                                "tasks per mean service time",
                                StepMetrics::throughput),
                        new StepFigure(
                                "z_strategy_measure",
                                "Strategy measure Z = Δ·K̄ + ζ·P_J (Eq. 57) at the end of each step",
                                "Z",
                                StepMetrics::strategyMeasureZ));
        figures.forEach(f -> f.write(out, results));
        CsvTable table2 = processTable(results, StepMetrics::occupancy);
        CsvTable table3 = processTable(results, StepMetrics::loadVarianceF);
        CsvTable tableZ = processTable(results, StepMetrics::strategyMeasureZ);
        table2.write(out.resolve("table2_occupancy.csv"));
        table3.write(out.resolve("table3_load_variance.csv"));
        tableZ.write(out.resolve("table_z_strategy_measure.csv"));

        Map<String, Object> json = new LinkedHashMap<>();
        json.put("experiment", "loss-aware-routing");
        json.put("scenario", scenarioDescription());
        Map<String, Object> perPolicy = new LinkedHashMap<>();
        results.forEach((p, r) -> perPolicy.put(p.configName(), r.summary()));
        json.put("policies", perPolicy);
        Json.write(out.resolve("summary.json"), json);
        writeMarkdown(out, results, table2, table3, tableZ);
    }

    /**
     * Averages a per-step metric over each block of 5 steps (the paper's "process"), one column per
     * policy.
     */
    static CsvTable processTable(
            Map<PolicyName, SimResult> results, ToDoubleFunction<StepMetrics> metric) {
        String[] header = new String[results.size() + 1];
        header[0] = "time_step";
        int c = 1;
        for (PolicyName p : results.keySet()) {
            header[c++] = p.configName();
        }
        CsvTable t = new CsvTable(header);
        int steps = results.values().stream().mapToInt(r -> r.steps().size()).max().orElse(0);
        for (int end = STEPS_PER_PROCESS;
                end - STEPS_PER_PROCESS < steps;
                end += STEPS_PER_PROCESS) {
            Object[] row = new Object[header.length];
            row[0] = end;
            int col = 1;
            for (SimResult r : results.values()) {
                double sum = 0;
                int k = 0;
                for (int i = end - STEPS_PER_PROCESS; i < end && i < r.steps().size(); i++) {
                    sum += metric.applyAsDouble(r.steps().get(i));
                    k++;
                }
                row[col++] = k == 0 ? null : sum / k;
            }
            t.add(row);
        }
        return t;
    }

    private Map<String, Object> scenarioDescription() {
        SimConfig c = scenario(PolicyName.RANDOM);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("servers", c.servers());
        m.put("tasks", c.tasks());
        m.put("service_rates", c.heterogeneity().spec());
        m.put("initial_queue_mean", c.initialQueueMean());
        m.put("arrivals", c.arrivals());
        m.put("mean_load", c.load());
        m.put("patience_alpha_c", c.patience());
        m.put("heartbeat_ms", List.of(c.heartbeat().minMillis(), c.heartbeat().maxMillis()));
        m.put("z_delta", c.strategyDelta());
        m.put("z_zeta", c.strategyZeta());
        m.put("time_step", c.stepLength());
        m.put("steps_per_process", STEPS_PER_PROCESS);
        m.put("seed", c.seed());
        return m;
    }

    private void writeMarkdown(
            Path out,
            Map<PolicyName, SimResult> results,
            CsvTable table2,
            CsvTable table3,
            CsvTable tableZ) {
        StringBuilder md = new StringBuilder();
        md.append("# paper-000: loss-based heartbeat scheduling against its baselines\n\n");
        SimConfig c = scenario(PolicyName.RANDOM);
        md.append(
                String.format(
                        Locale.ROOT,
                        "%d tasks over %d servers (rates %s, random initial queues of mean %.0f),"
                                + " surge arrivals of mean load %.2f, patience α_c = %.2f, heartbeats %d–%d ms, one time step ="
                                + " %.1f mean service times, seed %d. Times in mean service times.%n%n",
                        c.tasks(),
                        c.servers(),
                        c.heterogeneity().spec(),
                        c.initialQueueMean(),
                        c.load(),
                        c.patience(),
                        c.heartbeat().minMillis(),
                        c.heartbeat().maxMillis(),
                        c.stepLength(),
                        c.seed()));
        md.append("## Summary per policy\n\n");
        md.append(
                "| policy | completed | abandoned | abandon rate | mean wait | p99 wait | mean sojourn | p99 sojourn |"
                        + " throughput | occupancy | load variance F | Z | idle-queue share | heartbeats |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        results.forEach(
                (p, r) ->
                        md.append(
                                String.format(
                                        Locale.ROOT,
                                        "| %s | %d | %d | %.4f | %s | %s | %s | %s | %.1f | %.4f | %.4f | %.4f | %.4f | %d |%n",
                                        p.configName(),
                                        r.completed(),
                                        r.abandoned(),
                                        r.abandonRate(),
                                        fmt(r.meanWait()),
                                        fmt(r.p99Wait()),
                                        fmt(r.meanSojourn()),
                                        fmt(r.p99Sojourn()),
                                        r.throughput(),
                                        r.meanOccupancy(),
                                        r.loadVariance(),
                                        r.meanStrategyMeasureZ(),
                                        r.idleQueueFraction(),
                                        r.heartbeatTriggers())));
        md.append("\n## Table 2: server occupancy, mean over each 5 time steps\n\n");
        appendTable(md, table2);
        md.append(
                "\n## Table 3: load variance F (Eq. 55) of the live K, mean over each 5 time steps\n\n");
        appendTable(md, table3);
        md.append(
                String.format(
                        Locale.ROOT,
                        "%n## Strategy measure Z = Δ·K̄ + ζ·P_J (Eq. 57, Δ = %s, ζ = %s; K̄ the mean live K of the"
                                + " servers up, P_J their idle share), mean over each 5 time steps%n%n",
                        c.strategyDelta(),
                        c.strategyZeta()));
        appendTable(md, tableZ);
        md.append(
                "\nFigures: fig6_heartbeat_triggers, fig7_occupancy, fig8_load_variance, fig9_mean_completion_time,"
                        + " fig10_mean_wait, fig11_completed, fig12_throughput, z_strategy_measure (.csv and .png).\n");
        TextFile.write(out.resolve("summary.md"), md.toString());
    }

    static void appendTable(StringBuilder md, CsvTable table) {
        String[] lines = table.toCsv().split("\n");
        String[] header = lines[0].split(",", -1);
        md.append("| ").append(String.join(" | ", header)).append(" |\n");
        md.append("|---".repeat(header.length)).append("|\n");
        for (int i = 1; i < lines.length; i++) {
            String[] cells = lines[i].split(",", -1);
            md.append("| ").append(cells[0]);
            for (int j = 1; j < cells.length; j++) {
                md.append(" | ")
                        .append(
                                cells[j].isEmpty()
                                        ? ""
                                        : String.format(
                                                Locale.ROOT, "%.4f", Double.parseDouble(cells[j])));
            }
            md.append(" |\n");
        }
    }

    static String fmt(java.util.OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.3f", v.getAsDouble()) : "n/a";
    }
}
