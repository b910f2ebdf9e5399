package io.qrouter.tools.cli;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.experiments.LossAwareRoutingExperiment;
import io.qrouter.tools.sim.SimResult;
import io.qrouter.tools.sim.SimSetting;
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

    @CommandLine.Mixin OutputOption output = new OutputOption("out/loss-aware-routing");

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

    @Option(
            names = "--z-weights",
            defaultValue = "1,1",
            description =
                    "DELTA,ZETA of the strategy measure Z = DELTA*mean K + ZETA*P_J (Eq. 57), each >= 0"
                            + " (default: ${DEFAULT-VALUE}).")
    String zWeights;

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        LossAwareRoutingExperiment experiment;
        double[] z = OptionValues.parse(spec, "--z-weights", () -> pair(zWeights));
        try {
            experiment =
                    new LossAwareRoutingExperiment(
                            new LossAwareRoutingExperiment.Options(
                                    servers,
                                    tasks,
                                    load,
                                    patience,
                                    z[0],
                                    z[1],
                                    common.seed,
                                    common.showProgress()));
        } catch (IllegalArgumentException e) {
            throw OptionValues.invalid(
                    spec,
                    e,
                    Map.of(
                            SimSetting.SERVERS, "--servers",
                            SimSetting.TASKS, "--tasks",
                            SimSetting.LOAD, "--load",
                            SimSetting.PATIENCE, "--patience"));
        }
        Map<PolicyName, SimResult> results = experiment.run(output.out);
        var stdout = spec.commandLine().getOut();
        stdout.printf(
                Locale.ROOT,
                "%-18s %9s %9s %10s %10s %10s %10s %10s%n",
                "policy",
                "completed",
                "abandon",
                "mean wait",
                "mean soj.",
                "p99 soj.",
                "F",
                "Z");
        results.forEach(
                (p, r) ->
                        stdout.printf(
                                Locale.ROOT,
                                "%-18s %9d %9.4f %10s %10s %10s %10.4f %10.4f%n",
                                p.configName(),
                                r.completed(),
                                r.abandonRate(),
                                fmt(r.meanWait()),
                                fmt(r.meanSojourn()),
                                fmt(r.p99Sojourn()),
                                r.loadVariance(),
                                r.meanStrategyMeasureZ()));
        ExperimentReport.writeAndAnnounce(
                spec, output.out, "summary.md, summary.json, CSV and PNG per figure and table");
    }

    private static double[] pair(String text) {
        String[] parts = text.split(",", -1);
        if (parts.length != 2) {
            throw new IllegalArgumentException(
                    "expected DELTA,ZETA, e.g. 1,1 (got \"" + text + "\")");
        }
        return new double[] {
            Double.parseDouble(parts[0].trim()), Double.parseDouble(parts[1].trim())
        };
    }

    private static String fmt(java.util.OptionalDouble v) {
        return v.isPresent() ? String.format(Locale.ROOT, "%.3f", v.getAsDouble()) : "n/a";
    }
}
