package io.qrouter.tools.cli;

import io.qrouter.tools.experiments.AdmissionExperiment;
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

    @CommandLine.Mixin OutputOption output = new OutputOption("out/admission");

    @CommandLine.Mixin SweepSizeOptions size = new SweepSizeOptions(20, 200000);

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

    @CommandLine.Mixin ThreadsOption parallel = new ThreadsOption(1);

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        size.validate(spec);
        parallel.validate(spec);
        AdmissionExperiment experiment;
        try {
            experiment =
                    new AdmissionExperiment(
                            new AdmissionExperiment.Options(
                                    size.servers,
                                    size.tasks,
                                    alpha,
                                    loads,
                                    probabilities,
                                    common.seed,
                                    parallel.threads,
                                    common.showProgress()));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        experiment.run(output.out);
        ExperimentReport.writeAndAnnounce(
                spec, output.out, "admission.csv, summary.md, PNG charts");
    }
}
