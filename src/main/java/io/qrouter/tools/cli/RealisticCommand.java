package io.qrouter.tools.cli;

import io.qrouter.tools.experiments.RealisticExperiment;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "realistic",
        mixinStandardHelpOptions = true,
        description =
                "Every policy, the model-free peers included, on the servers users have: exponential, lognormal"
                        + " SCV 4, h2:10 and a real trace of service times; one slot or a mix of 1/4/16; steady or"
                        + " antagonists; 1 and 4 routers, at rho 0.9. Cells with antagonists run 4 times"
                        + " --tasks, so that the halving time rests on a few hundred slowdowns. Writes"
                        + " realistic.csv, realistic.png and summary.md into --out.")
final class RealisticCommand implements Runnable {
    static final String SHIPPED_TRACE = "src/test/resources/traces/azure-vm-benchmark-runtimes.csv";

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin OutputOption output = new OutputOption("out/realistic");

    @CommandLine.Mixin SweepSizeOptions size = new SweepSizeOptions(100, 50000);

    @Option(
            names = "--load",
            defaultValue = "0.9",
            description = "Load rho, > 0 (default: ${DEFAULT-VALUE}).")
    double load;

    @Option(
            names = "--trace",
            defaultValue = SHIPPED_TRACE,
            description =
                    "CSV of service times for the trace cells (default: the shipped Azure VM trace, ${DEFAULT-VALUE}).")
    Path trace;

    @CommandLine.Mixin
    RouterCountsOption routers = new RouterCountsOption(RealisticExperiment.DEFAULT_ROUTERS);

    @CommandLine.Mixin ThreadsOption parallel = new ThreadsOption(2);

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        size.validate(spec);
        int mostTasks = Integer.MAX_VALUE / RealisticExperiment.ANTAGONIST_TASK_FACTOR;
        OptionValues.require(
                spec,
                size.tasks <= mostTasks,
                "--tasks must be in [10, "
                        + mostTasks
                        + "]: cells with antagonists run "
                        + RealisticExperiment.ANTAGONIST_TASK_FACTOR
                        + " times as many (got "
                        + size.tasks
                        + ")");
        OptionValues.require(
                spec, load > 0 && Double.isFinite(load), "--load must be > 0 (got " + load + ")");
        OptionValues.require(
                spec,
                Files.isReadable(trace),
                "--trace must be a readable CSV of service times (got " + trace + ")");
        routers.validate(spec);
        parallel.validate(spec);
        new RealisticExperiment(
                        new RealisticExperiment.Options(
                                size.servers,
                                size.tasks,
                                load,
                                trace.toString(),
                                routers.routers,
                                common.seed,
                                parallel.threads,
                                common.showProgress()))
                .run(output.out);
        ExperimentReport.writeAndAnnounce(
                spec, output.out, "realistic.csv, realistic.png, summary.md");
    }
}
