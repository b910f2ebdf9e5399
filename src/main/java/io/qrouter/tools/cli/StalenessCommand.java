package io.qrouter.tools.cli;

import io.qrouter.tools.sim.StalenessExperiment;
import java.nio.file.Path;
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

    @Option(
            names = "--out",
            defaultValue = "out/staleness",
            description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--servers",
            defaultValue = "100",
            description = "Servers N, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int servers;

    @Option(
            names = "--tasks",
            defaultValue = "20000",
            description = "Tasks per point, ≥ 10 (default: ${DEFAULT-VALUE}).")
    int tasks;

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

    @Option(
            names = "--routers",
            split = ",",
            description = "Router counts, each ≥ 1 (default: 1,4).")
    List<Integer> routers = StalenessExperiment.DEFAULT_ROUTERS;

    @Option(
            names = "--threads",
            defaultValue = "2",
            description = "Runs in parallel, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int threads;

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        OptionValues.require(spec, servers >= 1, "--servers must be >= 1 (got " + servers + ")");
        OptionValues.require(spec, tasks >= 10, "--tasks must be >= 10 (got " + tasks + ")");
        OptionValues.require(
                spec, load > 0 && Double.isFinite(load), "--load must be > 0 (got " + load + ")");
        OptionValues.require(
                spec,
                delays.stream().allMatch(d -> d >= 0 && Double.isFinite(d)),
                "--delays must be finite values >= 0 (got " + delays + ")");
        OptionValues.require(
                spec,
                routers.stream().allMatch(r -> r >= 1),
                "--routers must be >= 1 each (got " + routers + ")");
        OptionValues.require(spec, threads >= 1, "--threads must be >= 1 (got " + threads + ")");
        StalenessExperiment experiment =
                new StalenessExperiment(
                        new StalenessExperiment.Options(
                                servers,
                                tasks,
                                load,
                                delays,
                                routers,
                                common.seed,
                                threads,
                                common.showProgress()));
        experiment.run(out);
        ExperimentReport.writeAndAnnounce(spec, out, "staleness.csv, summary.md, PNG charts");
    }
}
