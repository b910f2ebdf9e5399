package io.qrouter.tools.cli;

import io.qrouter.tools.experiments.StalenessExperiment;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "staleness",
        mixinStandardHelpOptions = true,
        description =
                "How useful is old information? Every policy at rho 0.9 while reports and decisions arrive"
                        + " later and later, with 1 and 4 routers. Writes staleness.csv, PNG charts and summary.md into --out.")
final class StalenessCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin OutputOption output = new OutputOption("out/staleness");

    @CommandLine.Mixin SweepSizeOptions size = new SweepSizeOptions(100, 20000);

    @Option(
            names = "--load",
            defaultValue = "0.9",
            description = "Load rho, > 0 (default: ${DEFAULT-VALUE}).")
    double load;

    @Option(
            names = "--delays",
            split = ",",
            description =
                    "Information delays in mean service times, each ≥ 0 (default: 0,0.25,0.5,1,2,3,5).")
    List<Double> delays = StalenessExperiment.DEFAULT_DELAYS;

    @CommandLine.Mixin
    RouterCountsOption routers = new RouterCountsOption(StalenessExperiment.DEFAULT_ROUTERS);

    @CommandLine.Mixin ThreadsOption parallel = new ThreadsOption(2);

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        size.validate(spec);
        OptionValues.require(
                spec, load > 0 && Double.isFinite(load), "--load must be > 0 (got " + load + ")");
        OptionValues.require(
                spec,
                delays.stream().allMatch(d -> d >= 0 && Double.isFinite(d)),
                "--delays must be finite values >= 0 (got " + delays + ")");
        routers.validate(spec);
        parallel.validate(spec);
        StalenessExperiment experiment =
                new StalenessExperiment(
                        new StalenessExperiment.Options(
                                size.servers,
                                size.tasks,
                                load,
                                delays,
                                routers.routers,
                                common.seed,
                                parallel.threads,
                                common.showProgress()));
        experiment.run(output.out);
        ExperimentReport.writeAndAnnounce(
                spec, output.out, "staleness.csv, summary.md, PNG charts");
    }
}
