package io.qrouter.tools.cli;

import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.tools.experiments.LoadSweepExperiment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "load-sweep",
        mixinStandardHelpOptions = true,
        description =
                "Every policy from rho 0.5 to 0.99, without and with impatience, 1 and 4 routers, stale heartbeats."
                        + " Writes load_sweep.csv, PNG charts, summary.md and summary.json into --out.")
final class LoadSweepCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin OutputOption output = new OutputOption("out/load-sweep");

    @CommandLine.Mixin SweepSizeOptions size = new SweepSizeOptions(100, 20000);

    @CommandLine.Mixin LoadsOption loads = new LoadsOption(LoadSweepExperiment.DEFAULT_LOADS);

    @Option(
            names = "--heartbeat-ms",
            defaultValue = "1000",
            description = "Heartbeat interval of an idle server, ms (default: ${DEFAULT-VALUE}).")
    long heartbeatMaxMillis;

    @Option(
            names = "--heartbeat-min-ms",
            defaultValue = "200",
            description = "Heartbeat interval of a loaded server, ms (default: ${DEFAULT-VALUE}).")
    long heartbeatMinMillis;

    @CommandLine.Mixin ThreadsOption parallel = new ThreadsOption(2);

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        size.validate(spec);
        loads.validate(spec);
        AdaptiveHeartbeat heartbeat =
                OptionValues.parse(
                        spec,
                        "--heartbeat-ms / --heartbeat-min-ms",
                        () -> new AdaptiveHeartbeat(heartbeatMinMillis, heartbeatMaxMillis));
        parallel.validate(spec);
        LoadSweepExperiment experiment;
        try {
            experiment =
                    new LoadSweepExperiment(
                            new LoadSweepExperiment.Options(
                                    size.servers,
                                    size.tasks,
                                    loads.loads,
                                    heartbeat,
                                    common.seed,
                                    parallel.threads,
                                    common.showProgress()));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        experiment.run(output.out);
        ExperimentReport.writeAndAnnounce(
                spec, output.out, "load_sweep.csv, summary.md, summary.json, PNG charts");
    }
}
