package io.qrouter.tools.cli;

import io.qrouter.tools.sim.AdmissionExperiment;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "admission",
        mixinStandardHelpOptions = true,
        description =
                "Loss-aware admission under overload (rho 1.1 and 1.3): goodput, admitted tasks' abandonment and"
                        + " wait against the maximum loss probability p, admission off included. Writes admission.csv, PNG"
                        + " charts and summary.md into --out.")
final class AdmissionCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--out",
            defaultValue = "out/admission",
            description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(
            names = "--servers",
            defaultValue = "20",
            description = "Servers N, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int servers;

    @Option(
            names = "--tasks",
            defaultValue = "200000",
            description = "Tasks per point, ≥ 10 (default: ${DEFAULT-VALUE}).")
    int tasks;

    @Option(
            names = "--alpha",
            defaultValue = "0.5",
            description =
                    "Abandonment rate alpha_c of a waiting task, > 0 "
                            + "(default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--loads", split = ",", description = "Loads rho, each > 0 (default: 1.1,1.3).")
    List<Double> loads = AdmissionExperiment.DEFAULT_LOADS;

    @Option(
            names = "--p",
            split = ",",
            description =
                    "Maximum loss probabilities, each in (0, 1]; 1 = admission off "
                            + "(default: 1,0.5,0.3,0.2,0.1,0.05).")
    List<Double> probabilities = AdmissionExperiment.DEFAULT_PROBABILITIES;

    @Option(
            names = "--threads",
            defaultValue = "1",
            description = "Runs in parallel, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int threads;

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        OptionValues.require(spec, threads >= 1, "--threads must be >= 1 (got " + threads + ")");
        AdmissionExperiment experiment;
        try {
            experiment =
                    new AdmissionExperiment(
                            new AdmissionExperiment.Options(
                                    servers,
                                    tasks,
                                    alpha,
                                    loads,
                                    probabilities,
                                    common.seed,
                                    threads,
                                    common.showProgress()));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        experiment.run(out);
        ExperimentReport.writeAndAnnounce(spec, out, "admission.csv, summary.md, PNG charts");
    }
}
