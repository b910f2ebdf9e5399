package io.qrouter.tools.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the runnable jar: one subcommand per thing a user does. */
@Command(
        name = "qrouter",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Queue-aware task router on Apache Flink.",
        subcommands = {
            DemoCommand.class,
            RunCommand.class,
            AnalyzeCommand.class,
            SimulateCommand.class,
            ExperimentCommand.class,
            FleetCommand.class,
            BenchCommand.class,
            ControlCli.class,
            ServerKeyCommand.class,
            TwinCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main implements Runnable {

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit code (2 for invalid arguments), without exiting. */
    public static int execute(String... args) {
        return new CommandLine(new Main()).execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand");
    }
}
