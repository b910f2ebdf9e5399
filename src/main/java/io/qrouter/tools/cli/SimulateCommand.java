package io.qrouter.tools.cli;

import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.Json;
import io.qrouter.tools.report.Progress;
import io.qrouter.tools.sim.Delay;
import io.qrouter.tools.sim.Impatience;
import io.qrouter.tools.sim.ShareHalving;
import io.qrouter.tools.sim.SimConfig;
import io.qrouter.tools.sim.SimResult;
import io.qrouter.tools.sim.SimSetting;
import io.qrouter.tools.sim.Simulation;
import io.qrouter.tools.sim.StepMetrics;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code qrouter simulate}: one simulator run from the command line. Over 400 lines because it
 * declares an option for every knob of {@code SimConfig}, each with its description; the logic is a
 * few lines of mapping.
 */
@Command(
        name = "simulate",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Discrete-event simulation of a routing policy (times in mean service times).",
            "Prints a summary, or with --json one JSON object."
        })
final class SimulateCommand implements Runnable {
    /**
     * The option behind each simulation setting; the joining servers and their time share --join,
     * whose errors keep the simulator's words.
     */
    private static final Map<SimSetting, String> OPTIONS =
            new EnumMap<>(
                    Map.ofEntries(
                            Map.entry(SimSetting.POLICY, "--policy"),
                            Map.entry(SimSetting.CHOICES, "--d"),
                            Map.entry(SimSetting.SERVERS, "--servers"),
                            Map.entry(SimSetting.TASKS, "--tasks"),
                            Map.entry(SimSetting.LOAD, "--load"),
                            Map.entry(SimSetting.ARRIVALS, "--arrivals"),
                            Map.entry(SimSetting.SERVICE, "--service"),
                            Map.entry(SimSetting.HETEROGENEITY, "--heterogeneity"),
                            Map.entry(SimSetting.SLOTS, "--slots"),
                            Map.entry(SimSetting.ANTAGONISTS, "--antagonists"),
                            Map.entry(SimSetting.PATIENCE, "--patience"),
                            Map.entry(SimSetting.ETA, "--eta"),
                            Map.entry(SimSetting.ROUTERS, "--routers"),
                            Map.entry(SimSetting.MEAN_TIME_BETWEEN_FAILURES, "--mtbf"),
                            Map.entry(SimSetting.MEAN_TIME_TO_REPAIR, "--mttr"),
                            Map.entry(SimSetting.INITIAL_QUEUE_MEAN, "--initial-queue"),
                            Map.entry(SimSetting.WARMUP_TASKS, "--warmup"),
                            Map.entry(SimSetting.STEP_LENGTH, "--step"),
                            Map.entry(SimSetting.UPDATE_DELAY, "--update-delay"),
                            Map.entry(SimSetting.DECISION_DELAY, "--decision-delay"),
                            Map.entry(SimSetting.SLOW_START, "--slow-start")));

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--policy",
            defaultValue = "heartbeat-k-live",
            description =
                    "random, round-robin, least-connections, hash, jsq, power-of-d, jiq, heartbeat-k, heartbeat-k-live, prequal, p2c-ewma, least-request (default: ${DEFAULT-VALUE}).")
    String policy;

    @Option(
            names = "--servers",
            defaultValue = "100",
            description = "Number of servers N (default: ${DEFAULT-VALUE}).")
    int servers;

    @Option(
            names = "--tasks",
            defaultValue = "100000",
            description = "Tasks routed M (default: ${DEFAULT-VALUE}).")
    int tasks;

    @Option(
            names = "--load",
            defaultValue = "0.9",
            description =
                    "Total arrival rate over total service capacity rho (default: ${DEFAULT-VALUE}).")
    double load;

    @Option(
            names = "--d",
            defaultValue = "2",
            description = "Choices d of power-of-d (default: ${DEFAULT-VALUE}).")
    int d;

    @Option(
            names = "--arrivals",
            defaultValue = "poisson",
            description =
                    "poisson, erlang:K, h2:SCV, deterministic, surge (rate rises to 2x the mean and falls), trace:FILE.csv (default: ${DEFAULT-VALUE}).")
    String arrivals;

    @Option(
            names = "--service",
            defaultValue = "exp",
            description =
                    "Service requirement (mean 1; time = requirement / rate of a slot): exp, lognormal:SCV, h2:SCV, pareto:ALPHA (ALPHA > 1), trace:FILE.csv (one column, normalised to mean 1), det, erlang:K (default: ${DEFAULT-VALUE}).")
    String service;

    @Option(
            names = "--slots",
            defaultValue = "1",
            description =
                    "Tasks a server serves at once: C, or a mix C:SHARE,… such as 1:0.5,4:0.3,16:0.2; --load is the share of sum(slots · rate) (default: ${DEFAULT-VALUE}).")
    String slots;

    @Option(
            names = "--antagonists",
            defaultValue = "none",
            description =
                    "COUNT:FACTOR:ON/OFF in mean service times, e.g. 4:3:10/20: COUNT servers serve FACTOR times slower for ON out of every ON+OFF, at random phases; or none (default: ${DEFAULT-VALUE}).")
    String antagonists;

    @Option(
            names = "--patience",
            defaultValue = "0",
            description =
                    "Abandonment rate alpha_c of a waiting task; 0: nobody abandons (default: ${DEFAULT-VALUE}).")
    double patience;

    @Option(
            names = "--impatience",
            defaultValue = "renege",
            description =
                    "renege (M/M/1+M, each waiting task on its own clock) or cancel-restore (seed 000's chain P) (default: ${DEFAULT-VALUE}).")
    String impatience;

    @Option(
            names = "--eta",
            defaultValue = "1",
            description = "Recovery rate eta of cancel-restore (default: ${DEFAULT-VALUE}).")
    double eta;

    @Option(
            names = "--heartbeat-ms",
            defaultValue = "1000",
            description =
                    "Heartbeat interval of an idle server, ms; 1000 ms = one mean service time (default: ${DEFAULT-VALUE}).")
    long heartbeatMaxMillis;

    @Option(
            names = "--heartbeat-min-ms",
            description = "Heartbeat interval of a loaded server, ms (default: heartbeat-ms / 5).")
    Long heartbeatMinMillis;

    @Option(
            names = "--no-idle-heartbeat",
            description = "Servers do not report at once when they become idle.")
    boolean noIdleHeartbeat;

    @Option(
            names = "--routers",
            defaultValue = "1",
            description = "Routers deciding in parallel R (default: ${DEFAULT-VALUE}).")
    int routers;

    @Option(
            names = "--random-placement",
            description =
                    "With several routers, send each task to a router at random, to decide on its own,"
                            + " instead of deciding it in the placer as one router would (the job's"
                            + " router.placement=random).")
    boolean randomPlacement;

    @Option(
            names = "--report-changes",
            description =
                    "Servers report every queue change (as the Flink job's updates do), not only heartbeats and idle reports.")
    boolean reportChanges;

    @Option(
            names = "--update-delay",
            defaultValue = "0",
            description =
                    "How late a server's report reaches the routers, in mean service times: D or exp:MEAN (default: ${DEFAULT-VALUE}).")
    String updateDelay;

    @Option(
            names = "--decision-delay",
            defaultValue = "0",
            description =
                    "How late a decision reaches its server, in mean service times: D or exp:MEAN (default: ${DEFAULT-VALUE}).")
    String decisionDelay;

    @Option(
            names = "--heterogeneity",
            defaultValue = "none",
            description =
                    "Service rates: none, uniform:LO,HI, bimodal:FRACTION,RATE (default: ${DEFAULT-VALUE}).")
    String heterogeneity;

    @Option(
            names = "--mtbf",
            defaultValue = "0",
            description =
                    "Mean time between failures of a server; 0: no failures (default: ${DEFAULT-VALUE}).")
    double mtbf;

    @Option(
            names = "--mttr",
            defaultValue = "10",
            description = "Mean time to repair (default: ${DEFAULT-VALUE}).")
    double mttr;

    @Option(
            names = "--slow-start",
            defaultValue = "0",
            description =
                    "Slow start window (router.slow-start.ms of the job, here in mean service times): a joining or"
                            + " repaired server's share ramps up over it; 0: off (default: ${DEFAULT-VALUE}).")
    double slowStart;

    @Option(
            names = "--join",
            defaultValue = "0@0",
            description =
                    "COUNT@TIME: the last COUNT servers join, empty, at TIME (default: ${DEFAULT-VALUE}, none).")
    String join;

    @Option(
            names = "--initial-queue",
            defaultValue = "0",
            description = "Mean random initial queue per server (default: ${DEFAULT-VALUE}).")
    double initialQueue;

    @Option(
            names = "--warmup",
            defaultValue = "0",
            description =
                    "First tasks left out of the per-task figures (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(
            names = "--step",
            defaultValue = "1",
            description =
                    "Length of a time step of the per-step metrics (default: ${DEFAULT-VALUE}).")
    double step;

    @Option(
            names = "--weights",
            defaultValue = "0.3333333333333333,0.3333333333333333,0.3333333333333334",
            description = "Load index weights alpha,sigma,r of K (default: equal).")
    String weights;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--steps-csv",
            description = "Also write the per-step metrics to this CSV file.")
    Path stepsCsv;

    @Option(names = "--json", description = "Print one JSON object instead of the text summary.")
    boolean json;

    @Override
    public void run() {
        SimConfig config = config();
        SimResult result;
        try (Progress progress = new Progress("simulate " + policy, config.tasks(), !json)) {
            result = Simulation.run(config, done -> progress.update(done, done + " tasks"));
        } catch (IllegalArgumentException e) {
            // a malformed trace file is only found while it is read
            throw OptionValues.invalid(spec, e, OPTIONS);
        }
        if (stepsCsv != null) {
            stepsTable(result).write(stepsCsv);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.write(result.summary()));
        } else {
            printText(out, result);
        }
        out.flush();
    }

    private SimConfig config() {
        try {
            long min =
                    heartbeatMinMillis != null
                            ? heartbeatMinMillis
                            : Math.max(1, heartbeatMaxMillis / 5);
            AdaptiveHeartbeat heartbeat =
                    OptionValues.parse(
                            spec,
                            "--heartbeat-ms / --heartbeat-min-ms",
                            () -> new AdaptiveHeartbeat(min, heartbeatMaxMillis));
            LoadIndexWeights w =
                    OptionValues.parse(spec, "--weights", () -> LoadIndexWeights.parse(weights));
            return SimConfig.builder()
                    .policy(OptionValues.parse(spec, "--policy", () -> PolicyName.parse(policy)))
                    .servers(servers)
                    .tasks(tasks)
                    .load(load)
                    .choices(d)
                    .arrivals(arrivals)
                    .service(service)
                    .slots(slots)
                    .antagonists(antagonists)
                    .patience(patience)
                    .impatience(parseImpatience())
                    .eta(eta)
                    .heartbeat(heartbeat)
                    .idleHeartbeat(!noIdleHeartbeat)
                    .routers(routers)
                    .placeTasks(!randomPlacement)
                    .reportEveryChange(reportChanges)
                    .updateDelay(Delay.parse(updateDelay, SimSetting.UPDATE_DELAY))
                    .decisionDelay(Delay.parse(decisionDelay, SimSetting.DECISION_DELAY))
                    .heterogeneity(heterogeneity)
                    .failures(mtbf, mttr)
                    .initialQueueMean(initialQueue)
                    .slowStart(slowStart)
                    .join(
                            OptionValues.parse(spec, "--join", () -> joinCount(join)),
                            OptionValues.parse(spec, "--join", () -> joinTime(join)))
                    .warmupTasks(warmup)
                    .stepLength(step)
                    .weights(w)
                    .seed(seed)
                    .build();
        } catch (IllegalArgumentException e) {
            throw OptionValues.invalid(spec, e, OPTIONS);
        }
    }

    private static int joinCount(String spec) {
        return Integer.parseInt(joinParts(spec)[0].trim());
    }

    private static double joinTime(String spec) {
        return Double.parseDouble(joinParts(spec)[1].trim());
    }

    private static String[] joinParts(String spec) {
        String[] parts = spec.split("@", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException(
                    "expected COUNT@TIME, e.g. 1@50 (got \"" + spec + "\")");
        }
        return parts;
    }

    private Impatience parseImpatience() {
        return switch (impatience) {
            case "renege" -> Impatience.RENEGE;
            case "cancel-restore" -> Impatience.CANCEL_RESTORE;
            default ->
                    throw new IllegalArgumentException(
                            "--impatience must be renege or cancel-restore (got \""
                                    + impatience
                                    + "\")");
        };
    }

    static CsvTable stepsTable(SimResult r) {
        CsvTable t =
                new CsvTable(
                        "step",
                        "end",
                        "arrivals",
                        "completions",
                        "abandonments",
                        "failed",
                        "heartbeat_triggers",
                        "idle_queue_decisions",
                        "joined_decisions",
                        "occupancy",
                        "load_variance_f",
                        "mean_k",
                        "p_j",
                        "z",
                        "tasks_in_system",
                        "mean_sojourn",
                        "mean_wait",
                        "throughput",
                        "cumulative_completed");
        for (StepMetrics s : r.steps()) {
            t.add(
                    s.step(),
                    s.end(),
                    s.arrivals(),
                    s.completions(),
                    s.abandonments(),
                    s.failed(),
                    s.heartbeatTriggers(),
                    s.idleQueueDecisions(),
                    s.joinedDecisions(),
                    s.occupancy(),
                    s.loadVarianceF(),
                    s.meanLoadIndexK(),
                    s.idleFractionPJ(),
                    s.strategyMeasureZ(),
                    s.tasksInSystem(),
                    SimResult.orNull(s.meanSojourn()),
                    SimResult.orNull(s.meanWait()),
                    s.throughput(),
                    s.cumulativeCompleted());
        }
        return t;
    }

    private static void printText(PrintWriter out, SimResult r) {
        Map<String, Object> m = r.summary();
        out.printf(
                Locale.ROOT,
                "policy %s: %d servers, %d tasks, load %.3f, %s arrivals, %d router(s), seed %d%n",
                m.get("policy"),
                r.config().servers(),
                r.countedTasks(),
                r.config().load(),
                r.config().arrivals(),
                r.config().routers(),
                r.config().seed());
        out.printf(
                Locale.ROOT,
                "  completed %d, abandoned %d (%.4f), failed %d%n",
                r.completed(),
                r.abandoned(),
                r.abandonRate(),
                r.failed());
        out.printf(
                Locale.ROOT,
                "  wait     mean %s  p50 %s  p95 %s  p99 %s%n",
                fmt(m.get("mean_wait")),
                fmt(m.get("p50_wait")),
                fmt(m.get("p95_wait")),
                fmt(m.get("p99_wait")));
        out.printf(
                Locale.ROOT,
                "  sojourn  mean %s  p50 %s  p95 %s  p99 %s%n",
                fmt(m.get("mean_sojourn")),
                fmt(m.get("p50_sojourn")),
                fmt(m.get("p95_sojourn")),
                fmt(m.get("p99_sojourn")));
        out.printf(
                Locale.ROOT,
                "  throughput %.4f per unit, occupancy %.4f, tasks in system %.3f, load variance F %.4f%n",
                r.throughput(),
                r.meanOccupancy(),
                r.meanTasksInSystem(),
                r.loadVariance());
        out.printf(
                Locale.ROOT,
                "  idle-queue decisions %.4f, heartbeats %d, decisions by rule %s%n",
                r.idleQueueFraction(),
                r.heartbeatTriggers(),
                r.decisionsByRule());
        if (r.antagonistHalving() != ShareHalving.Result.NO_ANTAGONISTS) {
            Double halving = r.antagonistHalving().time();
            out.printf(
                    Locale.ROOT,
                    "  antagonists %s: slowed servers' share halved after %s%n",
                    r.config().antagonists(),
                    halving == null
                            ? "n/a (" + r.antagonistHalving().reason() + ")"
                            : fmt(halving));
        }
        out.printf(Locale.ROOT, "  simulated time %.2f, %d events%n", r.duration(), r.events());
    }

    private static String fmt(Object v) {
        return v == null ? "n/a" : String.format(Locale.ROOT, "%.4f", (Double) v);
    }
}
