package io.qrouter.tools.cli;

import io.qrouter.bench.HotPathBench;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.report.Json;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        subcommands = BenchPipelineCommand.class,
        description = {
            "Benchmarks of the routing and simulation hot paths: the paper-000 run (6000 tasks, 1000 servers),",
            "a large run (1,000,000 tasks over 10,000 servers) and the cost of one K-based decision at N = 1,000 to 100,000.",
            "Reports wall and CPU time (on a shared machine the wall time includes the neighbours).",
            "`bench pipeline` measures the whole job on Kafka against a bare pipe (see its --help)."
        })
final class BenchCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--policy",
            defaultValue = "heartbeat-k-live",
            description = "Policy of the simulation runs (default: ${DEFAULT-VALUE}).")
    String policy;

    @Option(
            names = "--large-tasks",
            defaultValue = "1000000",
            description = "Tasks of the large run, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int largeTasks;

    @Option(
            names = "--large-servers",
            defaultValue = "10000",
            description = "Servers of the large run, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int largeServers;

    @Option(names = "--skip-large", description = "Leave out the large run.")
    boolean skipLarge;

    @Option(
            names = "--decisions",
            defaultValue = "1000000",
            description = "Timed decisions per N, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int decisions;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Override
    public void run() {
        PolicyName name = OptionValues.parse(spec, "--policy", () -> PolicyName.parse(policy));
        if (largeTasks < 1 || largeServers < 1 || decisions < 1) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--large-tasks, --large-servers and --decisions must be >= 1");
        }
        PrintWriter out = spec.commandLine().getOut();
        HotPathBench.Timings timings =
                HotPathBench.run(name, !skipLarge, largeTasks, largeServers, decisions);
        List<HotPathBench.RunTiming> runs = timings.runs();
        List<HotPathBench.DecisionTiming> decisionTimings = timings.decisions();
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("cpus", Runtime.getRuntime().availableProcessors());
            m.put(
                    "runs",
                    runs.stream()
                            .map(
                                    r ->
                                            Map.of(
                                                    "what",
                                                    r.what(),
                                                    "policy",
                                                    r.config().policy().configName(),
                                                    "events",
                                                    r.events(),
                                                    "wall_seconds",
                                                    r.wallSeconds(),
                                                    "cpu_seconds",
                                                    r.cpuSeconds()))
                            .toList());
            m.put(
                    "decisions",
                    decisionTimings.stream()
                            .map(
                                    d ->
                                            Map.of(
                                                    "policy",
                                                    d.policy().configName(),
                                                    "servers",
                                                    d.servers(),
                                                    "wall_ns",
                                                    d.nanosPerDecision(),
                                                    "cpu_ns",
                                                    d.cpuNanosPerDecision()))
                            .toList());
            out.println(Json.write(m));
        } else {
            out.printf(
                    Locale.ROOT,
                    "simulation runs, policy %s (%d cpus visible):%n",
                    name,
                    Runtime.getRuntime().availableProcessors());
            for (HotPathBench.RunTiming r : runs) {
                out.printf(
                        Locale.ROOT,
                        "  %-58s %10.3f s wall %10.3f s cpu %,12d events %,14.0f events/cpu-s%n",
                        r.what(),
                        r.wallSeconds(),
                        r.cpuSeconds(),
                        r.events(),
                        r.eventsPerCpuSecond());
            }
            out.println("one decision plus one snapshot update:");
            for (HotPathBench.DecisionTiming d : decisionTimings) {
                out.printf(
                        Locale.ROOT,
                        "  %-18s N=%,8d %10.0f ns wall %10.0f ns cpu%n",
                        d.policy(),
                        d.servers(),
                        d.nanosPerDecision(),
                        d.cpuNanosPerDecision());
            }
        }
        out.flush();
    }
}
