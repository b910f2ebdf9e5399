package io.qrouter.cli;

import io.qrouter.policy.PolicyName;
import io.qrouter.sim.LossAwareRoutingExperiment;
import io.qrouter.sim.SimResult;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "loss-aware-routing",
        aliases = "paper-000",
        mixinStandardHelpOptions = true,
        description =
                "Seed 000: heartbeat routing against its baselines (6000 tasks, 1000 servers). Writes CSV and PNG"
                        + " per figure (Figs. 6-12), Tables 2-3, summary.md and summary.json into --out.")
final class LossAwareRoutingCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--out",
            defaultValue = "out/loss-aware-routing",
            description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--servers",
            defaultValue = "1000",
            description = "Servers N, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int servers;

    @Option(
            names = "--tasks",
            defaultValue = "6000",
            description = "Tasks M, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int tasks;

    @Option(
            names = "--load",
            defaultValue = "0.8",
            description = "Mean load over the arrival period, > 0 (default: ${DEFAULT-VALUE}).")
    double load;

    @Option(
            names = "--patience",
            defaultValue = "0.2",
            description = "Abandonment rate alpha_c, ≥ 0 (default: ${DEFAULT-VALUE}).")
    double patience;

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        LossAwareRoutingExperiment experiment;
        try {
            experiment =
                    new LossAwareRoutingExperiment(
                            new LossAwareRoutingExperiment.Options(
                                    servers,
                                    tasks,
                                    load,
                                    patience,
                                    common.seed,
                                    common.showProgress()));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Map<PolicyName, SimResult> results = experiment.run(out);
        var stdout = spec.commandLine().getOut();
        stdout.printf(
                Locale.ROOT,
                "%-18s %9s %9s %10s %10s %10s %10s%n",
                "policy",
                "completed",
                "abandon",
                "mean wait",
                "mean soj.",
                "p99 soj.",
                "F");
        results.forEach(
                (p, r) ->
                        stdout.printf(
                                Locale.ROOT,
                                "%-18s %9d %9.4f %10s %10s %10s %10.4f%n",
                                p.configName(),
                                r.completed(),
                                r.abandonRate(),
                                fmt(r.meanWait()),
                                fmt(r.meanSojourn()),
                                fmt(r.p99Sojourn()),
                                r.loadVariance()));
        ExperimentReport.writeAndAnnounce(
                spec, out, "summary.md, summary.json, CSV and PNG per figure and table");
    }

    private static String fmt(java.util.OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.3f", v.getAsDouble()) : "n/a";
    }
}
