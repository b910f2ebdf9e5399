package io.qrouter.tools.cli;

import io.qrouter.tools.experiments.DsrsExperiment;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "dsrs",
        aliases = "paper-002",
        mixinStandardHelpOptions = true,
        description =
                "Seed 002: DSRS drift-plus-penalty against random and the LP optimum. Writes CSV and PNG per "
                        + "figure, summary.md and summary.json into --out.")
final class DsrsCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin OutputOption output = new OutputOption("out/dsrs");

    @Option(
            names = "--slots",
            defaultValue = "100000",
            description = "Slots per run, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int slots;

    @Option(
            names = "--warmup",
            defaultValue = "10000",
            description =
                    "Slots at the start of each V-sweep run left out of its averages, in [0, slots) (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(
            names = "--time-slots",
            defaultValue = "5000",
            description = "Slots of the over-time figures 3–8, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int timeSlots;

    @Option(
            names = "--v-values",
            split = ",",
            description = "V values of the sweep, each > 0 (default: 1,2,5,…,1000).")
    List<Double> vValues = DsrsExperiment.Options.DEFAULT_V;

    @Option(
            names = "--v",
            defaultValue = "50",
            description = "V of the over-time figures 3–8, > 0 (default: ${DEFAULT-VALUE}).")
    double v;

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        OptionValues.require(spec, slots >= 1, "--slots must be ≥ 1 (got " + slots + ")");
        OptionValues.require(
                spec, timeSlots >= 1, "--time-slots must be ≥ 1 (got " + timeSlots + ")");
        OptionValues.require(
                spec,
                warmup >= 0 && warmup < slots,
                "--warmup must be in [0, --slots) = [0, " + slots + ") (got " + warmup + ")");
        OptionValues.require(
                spec, v > 0 && Double.isFinite(v), "--v must be finite and > 0 (got " + v + ")");
        OptionValues.require(
                spec,
                !vValues.isEmpty() && vValues.stream().allMatch(x -> x > 0 && Double.isFinite(x)),
                "--v-values must be finite values > 0 (got " + vValues + ")");
        List<DsrsExperiment.VPoint> sweep =
                new DsrsExperiment(
                                new DsrsExperiment.Options(
                                        slots,
                                        warmup,
                                        timeSlots,
                                        vValues,
                                        v,
                                        common.seed,
                                        common.showProgress()))
                        .run(output.out);
        var stdout = spec.commandLine().getOut();
        stdout.printf(Locale.ROOT, "%10s %12s %12s %10s%n", "V", "cost", "backlog", "gap");
        for (DsrsExperiment.VPoint p : sweep) {
            stdout.printf(
                    Locale.ROOT,
                    "%10g %12.4f %12.1f %10.3g%%%n",
                    p.V(),
                    p.cost(),
                    p.backlog(),
                    100 * p.gap());
        }
        ExperimentReport.writeAndAnnounce(
                spec, output.out, "summary.md, summary.json, CSV and PNG per figure");
    }
}
