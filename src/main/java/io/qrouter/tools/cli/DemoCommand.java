package io.qrouter.tools.cli;

import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.config.SecretSources;
import io.qrouter.tools.demo.ChaosReport;
import io.qrouter.tools.demo.ChaosSchedule;
import io.qrouter.tools.demo.ControlScript;
import io.qrouter.tools.demo.DemoRun;
import io.qrouter.tools.demo.DemoSettings;
import io.qrouter.tools.fleet.CompareReport;
import io.qrouter.tools.fleet.FleetConfig;
import io.qrouter.tools.fleet.FleetReport;
import io.qrouter.tools.fleet.FleetResult;
import io.qrouter.tools.health.PrometheusEndpoint;
import io.qrouter.tools.report.Progress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description = {
            "Run everything on one machine: an embedded Kafka broker (KRaft), the job on a local Flink "
                    + "MiniCluster with its web UI, and a simulated fleet of servers.",
            "Shows one live status line, then a summary table; writes report.html (open it in a browser), report.json, "
                    + "CSV and PNG charts to --out.",
            "Ctrl-C stops early and still writes the report."
        })
final class DemoCommand implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Mixin FleetOptions workload;

    @Option(
            names = "--duration",
            defaultValue = "60s",
            converter = DurationConverter.class,
            description = "How long tasks are produced (default ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(
            names = "--policy",
            defaultValue = "heartbeat-k-live",
            description =
                    "Routing policy of the job (default ${DEFAULT-VALUE}); one of: ${COMPLETION-CANDIDATES}.",
            completionCandidates = PolicyNames.class)
    String policy;

    @Option(
            names = "--compare",
            split = ",",
            paramLabel = "POLICY",
            description =
                    "Run the same seeded workload under each policy in turn and print one table.")
    List<String> compare = new ArrayList<>();

    @Option(
            names = "--out",
            defaultValue = "qrouter-demo",
            description = "Directory for the report (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--checkpoint-interval",
            converter = DurationConverter.class,
            description =
                    "Job checkpoint interval, in [100ms, 60s]: exactly-once decisions become visible at checkpoints (default 500ms; 2s with --chaos: a restarted job routes again at its first checkpoint, and redeploying takes about a second, which must fit in the stall bound of restart delay + 2 intervals).")
    Duration checkpointInterval;

    private static final Duration CHECKPOINT_INTERVAL = Duration.ofMillis(500);
    private static final Duration CHAOS_CHECKPOINT_INTERVAL = Duration.ofSeconds(2);

    @Option(
            names = "--parallelism",
            defaultValue = "2",
            description =
                    "Job parallelism and topic partitions, in [1, 64] (default ${DEFAULT-VALUE}).")
    int parallelism;

    @Option(
            names = "--drain",
            defaultValue = "30s",
            converter = DurationConverter.class,
            description =
                    "After producing stops, how long to wait for the last decisions (default ${DEFAULT-VALUE}).")
    Duration drain;

    @Option(
            names = "--delivery",
            defaultValue = "at-least-once",
            description =
                    "The job's sink.delivery-guarantee: exactly-once (decisions visible at checkpoints) or at-least-once (at once; duplicates possible after a failure) (default ${DEFAULT-VALUE}).")
    String delivery;

    @Option(
            names = "--prometheus-port",
            defaultValue = "" + PrometheusEndpoint.DEFAULT_PORT,
            description =
                    "Where Flink's Prometheus reporter serves the job's metrics, in [0, 65535]: "
                            + "another free port when taken, 0 for none (default ${DEFAULT-VALUE}).")
    int prometheusPort;

    @Option(names = "--quiet", description = "No live status line (for logs and tests).")
    boolean quiet;

    @Option(
            names = "--chaos",
            description =
                    "Inject faults on a schedule: a TaskManager killed, the broker restarted, "
                            + "poison records (oversized ones included); report.json gets a chaos section (needs --duration ≥ 40s).")
    boolean chaos;

    @Option(
            names = "--chaos-schedule",
            paramLabel = "FAULT@TIME,…",
            description =
                    "The faults and when (fleet "
                            + "seconds), e.g. poison@10s,kill-taskmanager@20s,restart-broker@35s; faults: kill-taskmanager, "
                            + "restart-broker, poison. Implies --chaos (default: poison, kill-taskmanager, restart-broker and poison "
                            + "at 15, 30, 50 and 80 %% of --duration).")
    String chaosSchedule;

    @Option(
            names = "--broker-downtime",
            defaultValue = "5s",
            converter = DurationConverter.class,
            description =
                    "How long a restarted broker stays down, in [0s, 60s] (default ${DEFAULT-VALUE}).")
    Duration brokerDowntime;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description =
                    "Any job configuration key (see qrouter run --help), applied after the demo's own; repeatable, "
                            + "e.g. --set outlier.enabled=true or --set router.admission.max-loss-probability=0.1.")
    Map<String, String> jobSettings = new LinkedHashMap<>();

    @Option(
            names = "--control",
            paramLabel = "FILE",
            description =
                    "Timed control commands sent while the fleet "
                            + "runs, one per line: AT COMMAND ARGS (e.g. '10s drain server-3', '20s policy jsq'; see qrouter control).")
    Path controlFile;

    /**
     * The longest unreported run before a comparison's first policy (at most the measured
     * duration). After 15 s the first policy still got the slower pipeline in about half the runs
     * (docs/results.md, "The order of a comparison").
     */
    private static final Duration JVM_WARM_UP = Duration.ofSeconds(30);

    /** Lists the policy names for --help: every router.policy of the job, ga-batch included. */
    static final class PolicyNames extends ArrayList<String> {
        PolicyNames() {
            super(List.of(RouterSettings.policyNames()));
        }
    }

    @Override
    public Integer call() throws Exception {
        List<String> policies = compare.isEmpty() ? List.of(policy) : compare;
        List<String> valid = new PolicyNames();
        for (String p : policies) {
            if (!valid.contains(p)) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        (compare.isEmpty() ? "--policy" : "--compare")
                                + ": unknown policy \""
                                + p
                                + "\"; valid: "
                                + String.join(", ", valid));
            }
        }
        List<DemoSettings> runs = new ArrayList<>();
        ControlScript controlScript;
        try {
            controlScript = controlFile == null ? null : ControlScript.read(controlFile);
            FleetConfig fleet = workload.toConfig("embedded", "demo", "qrouter-demo-fleet");
            ChaosSchedule faults = chaos();
            Duration interval =
                    checkpointInterval != null
                            ? checkpointInterval
                            : faults.isEmpty() ? CHECKPOINT_INTERVAL : CHAOS_CHECKPOINT_INTERVAL;
            SecretSources.refuseOnCommandLine(jobSettings.keySet());
            for (String p : policies) {
                runs.add(
                        new DemoSettings(
                                fleet,
                                p,
                                duration,
                                interval,
                                parallelism,
                                drain,
                                delivery,
                                faults,
                                jobSettings,
                                prometheusPort));
            }
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }

        Map<String, FleetResult> results = new LinkedHashMap<>();
        Map<String, Map<String, Object>> twins = new LinkedHashMap<>();
        Map<String, Object> settings = new LinkedHashMap<>();
        try (ShutdownSignal signal = new ShutdownSignal()) {
            if (runs.size() > 1) {
                warmUp(runs.get(0), signal);
            }
            for (DemoSettings run : runs) {
                if (signal.requested()) {
                    break;
                }
                Path dir = compare.isEmpty() ? out : out.resolve(run.policy());
                DemoRun.Outcome outcome;
                try (Progress progress = new Progress("demo", 1, !quiet)) {
                    outcome =
                            new DemoRun(run, line -> say(progress, line))
                                    .withControlScript(controlScript)
                                    .run(signal::requested, progress::status);
                }
                FleetResult result = outcome.result();
                results.put(run.policy(), result);
                System.out.println();
                System.out.println("qrouter demo, policy " + run.policy() + ":");
                System.out.print(FleetReport.summaryTable(result));
                @SuppressWarnings("unchecked")
                Map<String, Object> twin = (Map<String, Object>) outcome.facts().get("twin");
                twins.put(run.policy(), twin);
                System.out.println(twinLine(result, twin));
                System.out.println(anatomyLine(result));
                if (outcome.facts().get("outliers") instanceof Map<?, ?> outliers) {
                    System.out.print(outlierLines(outliers));
                }
                if (outcome.facts().get("chaos") instanceof Map<?, ?> faults) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> section = (Map<String, Object>) faults;
                    System.out.print(ChaosReport.summary(section));
                }
                Path html = FleetReport.write(result, dir, outcome.facts());
                System.out.println(
                        "  report                 "
                                + html.toAbsolutePath()
                                + " (beside it: "
                                + String.join(
                                        ", ",
                                        FleetReport.FILES.subList(1, FleetReport.FILES.size()))
                                + ", …)");
                settings.putAll(outcome.facts());
            }
            if (!compare.isEmpty() && !results.isEmpty()) {
                printComparison(results, twins, settings);
            }
        }
        return 0;
    }

    /**
     * Compiles the hot code of the broker, the job and the fleet before the first measured run:
     * without it the first policy of a comparison runs on a cold JVM and pays for the others' warm
     * start.
     */
    private void warmUp(DemoSettings first, ShutdownSignal signal) throws Exception {
        Duration length =
                first.duration().compareTo(JVM_WARM_UP) < 0 ? first.duration() : JVM_WARM_UP;
        DemoSettings warm =
                new DemoSettings(
                        first.fleet(),
                        first.policy(),
                        length,
                        first.checkpointInterval(),
                        first.parallelism(),
                        Duration.ofSeconds(5),
                        first.deliveryGuarantee(),
                        ChaosSchedule.NONE,
                        first.jobSettings(),
                        0);
        System.err.println(
                "demo: warming up the JVM for " + length.toSeconds() + " s (not reported)");
        try (Progress progress = new Progress("warm-up", 1, !quiet)) {
            new DemoRun(warm, line -> {}).run(signal::requested, progress::status);
        }
    }

    /** The faults of this run: none, the default schedule (--chaos) or the one given. */
    private ChaosSchedule chaos() {
        if (brokerDowntime.isNegative() || brokerDowntime.compareTo(Duration.ofSeconds(60)) > 0) {
            throw new IllegalArgumentException(
                    "--broker-downtime must be in [0s, 60s] (got "
                            + brokerDowntime.toMillis()
                            + "ms)");
        }
        if (chaosSchedule != null) {
            return ChaosSchedule.parse(
                    chaosSchedule, duration, brokerDowntime, new DurationConverter()::convert);
        }
        return chaos ? ChaosSchedule.defaultFor(duration, brokerDowntime) : ChaosSchedule.NONE;
    }

    private void say(Progress progress, String line) {
        if (!quiet) {
            progress.status("");
            System.err.print("\r");
        }
        System.err.println("demo: " + line);
    }

    /** The twin's prediction beside the measured figures, on one line. */
    static String twinLine(FleetResult r, Map<String, Object> twin) {
        if (twin == null) {
            return "  twin (simulator)       n/a (nothing decided, or a policy the simulator does not model)";
        }
        return String.format(
                Locale.ROOT,
                "  twin (simulator)       wait mean %s (measured %s), p99 %s (measured %s); "
                        + "abandoned %s (measured %s)",
                FleetReport.num(waitOf(twin, "mean")),
                FleetReport.num(r.waitSeconds().get("mean")),
                FleetReport.num(waitOf(twin, "p99")),
                FleetReport.num(r.waitSeconds().get("p99")),
                percentOf(
                        ((Number) twin.get("abandoned")).longValue(),
                        ((Number) twin.get("decided")).longValue()),
                percentOf(r.abandoned(), r.admitted()));
    }

    /**
     * The control-log events of the run, one line each, and per ejection the decisions its server
     * got meanwhile (read back from the topics).
     */
    static String outlierLines(Map<?, ?> outliers) {
        StringBuilder out = new StringBuilder();
        for (Object o : (List<?>) outliers.get("events")) {
            Map<?, ?> e = (Map<?, ?>) o;
            out.append(
                    String.format(
                            Locale.ROOT,
                            "  control-log %8.1f s   %s%n",
                            ((Number) e.get("at_seconds")).doubleValue(),
                            e.get("event")));
        }
        for (Object o : (List<?>) outliers.get("ejections")) {
            Map<?, ?> e = (Map<?, ?>) o;
            out.append(
                    String.format(
                            Locale.ROOT,
                            "  ejected                %s from %.1f s to %s: %s decisions for it meanwhile%n",
                            e.get("server"),
                            ((Number) e.get("from_seconds")).doubleValue(),
                            e.get("until_seconds") == null
                                    ? "the end"
                                    : String.format(
                                            Locale.ROOT,
                                            "%.1f s",
                                            ((Number) e.get("until_seconds")).doubleValue()),
                            e.get("decisions_during")));
        }
        return out.toString();
    }

    /** Where a decision's delivery latency went, hop by hop (p50 / p99 in milliseconds). */
    static String anatomyLine(FleetResult r) {
        StringBuilder line = new StringBuilder("  latency hops (ms)      ");
        r.latencyAnatomySeconds()
                .forEach(
                        (hop, summary) ->
                                line.append(hop.replace('_', ' '))
                                        .append(' ')
                                        .append(millis(summary.get("p50")))
                                        .append('/')
                                        .append(millis(summary.get("p99")))
                                        .append("  "));
        return line.append("(p50/p99)").toString();
    }

    private static String millis(Object seconds) {
        return seconds == null
                ? "n/a"
                : String.format(Locale.ROOT, "%.1f", ((Number) seconds).doubleValue() * 1000);
    }

    @SuppressWarnings("unchecked")
    private static Object waitOf(Map<String, Object> twin, String statistic) {
        return twin == null
                ? null
                : ((Map<String, Object>) twin.get("wait_seconds")).get(statistic);
    }

    private static String percentOf(long part, long whole) {
        return whole == 0 ? "n/a" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }

    private void printComparison(
            Map<String, FleetResult> results,
            Map<String, Map<String, Object>> twins,
            Map<String, Object> settings) {
        System.out.println();
        System.out.println(
                "Same workload (seed "
                        + workload.seed
                        + ") under each policy (twin: the simulator's"
                        + " replay of the same tasks with the run's delays):");
        System.out.print(CompareReport.table(results, twins));
        String first = results.keySet().iterator().next();
        SameDelaysTwin sameDelays = SameDelaysTwin.of(out.resolve(first));
        Map<String, double[]> everyPolicy = sameDelays.everyPolicy(List.copyOf(results.keySet()));
        System.out.print(SameDelaysTwin.line(first, everyPolicy));
        System.out.print(
                SameDelaysTwin.routersLine(first, sameDelays.oneRouter(everyPolicy.get(first))));
        settings.remove("policy");
        settings.remove("flink_web_ui");
        Path html = CompareReport.write(results, twins, settings, out);
        System.out.println(
                "  table                  " + out.resolve("compare.csv").toAbsolutePath());
        System.out.println("  report                 " + html.toAbsolutePath());
    }
}
