package io.qrouter.tools.cli;

import io.qrouter.tools.experiments.RoutersExperiment;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(
        name = "routers",
        mixinStandardHelpOptions = true,
        description =
                "Scale-out: every policy with R = 1, 2, 4, … 64 parallel routers on 1,000 servers at rho 0.9"
                        + " and 0.95, reports and decisions late as in the Flink job. Writes routers.csv,"
                        + " routers_<load>.png and summary.md into --out.")
final class RoutersCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin OutputOption output = new OutputOption("out/routers");

    @CommandLine.Mixin SweepSizeOptions size = new SweepSizeOptions(1000, 100000);

    @CommandLine.Mixin LoadsOption loads = new LoadsOption(RoutersExperiment.DEFAULT_LOADS);

    @CommandLine.Mixin
    RouterCountsOption routers = new RouterCountsOption(RoutersExperiment.DEFAULT_ROUTERS);

    @CommandLine.Mixin ThreadsOption parallel = new ThreadsOption(2);

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        size.validate(spec);
        loads.validate(spec);
        routers.validate(spec);
        parallel.validate(spec);
        new RoutersExperiment(
                        new RoutersExperiment.Options(
                                size.servers,
                                size.tasks,
                                loads.loads,
                                routers.routers,
                                common.seed,
                                parallel.threads,
                                common.showProgress()))
                .run(output.out);
        ExperimentReport.writeAndAnnounce(
                spec, output.out, "routers.csv, routers_<load>.png, summary.md");
    }
}
