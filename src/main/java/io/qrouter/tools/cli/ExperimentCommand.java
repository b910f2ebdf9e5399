package io.qrouter.tools.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(
        name = "experiment",
        mixinStandardHelpOptions = true,
        description = "Reproduce a paper's evaluation (CSV, PNG charts, summary.md, summary.json).",
        subcommands = {
            LossAwareRoutingCommand.class,
            LoadSweepCommand.class,
            StalenessCommand.class,
            RealisticCommand.class,
            RoutersCommand.class,
            AdmissionCommand.class,
            MeanVarianceGaCommand.class,
            DsrsCommand.class
        })
final class ExperimentCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing experiment name");
    }
}
