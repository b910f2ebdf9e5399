package io.qrouter.tools.cli;

import io.qrouter.tools.experiments.MeanVarianceGaExperiment;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "mean-variance-ga",
        aliases = "paper-001",
        mixinStandardHelpOptions = true,
        description =
                "Seed 001: mean-variance GA against DGA and FCFS. Writes CSV and PNG per figure, summary.md and "
                        + "summary.json into --out.")
final class MeanVarianceGaCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin OutputOption output = new OutputOption("out/mean-variance-ga");

    @Option(
            names = "--iterations",
            split = ",",
            description = "GA iterations of Figs. 2–4, each ≥ 0 (default: 5,10,…,60).")
    List<Integer> iterations = MeanVarianceGaExperiment.Options.DEFAULT_ITERATIONS;

    @Option(
            names = "--tasks",
            split = ",",
            description = "Task counts of Figs. 5–6, each ≥ 1 (default: 250,500,…,3000).")
    List<Integer> tasks = MeanVarianceGaExperiment.Options.DEFAULT_TASK_COUNTS;

    @Option(
            names = "--tasks-for-iterations",
            defaultValue = "1000",
            description = "Task count of Figs. 2–4, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int tasksForIterations;

    @Option(
            names = "--generations",
            defaultValue = "35",
            description =
                    "GA iterations of Figs. 5–6, ≥ 0 (default: ${DEFAULT-VALUE}, the paper's best).")
    int generations;

    @Option(
            names = "--repetitions",
            defaultValue = "5",
            description = "Batches averaged per point, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int repetitions;

    @CommandLine.Mixin SeedAndProgressOptions common;

    @Override
    public void run() {
        OptionValues.require(
                spec,
                !iterations.isEmpty() && iterations.stream().allMatch(g -> g >= 0),
                "--iterations must be values ≥ 0 (got " + iterations + ")");
        OptionValues.require(
                spec,
                !tasks.isEmpty() && tasks.stream().allMatch(n -> n >= 1),
                "--tasks must be values ≥ 1 (got " + tasks + ")");
        OptionValues.require(
                spec,
                tasksForIterations >= 1,
                "--tasks-for-iterations must be ≥ 1 (got " + tasksForIterations + ")");
        OptionValues.require(
                spec, generations >= 0, "--generations must be ≥ 0 (got " + generations + ")");
        OptionValues.require(
                spec, repetitions >= 1, "--repetitions must be ≥ 1 (got " + repetitions + ")");
        var result =
                new MeanVarianceGaExperiment(
                                new MeanVarianceGaExperiment.Options(
                                        iterations,
                                        tasks,
                                        tasksForIterations,
                                        generations,
                                        repetitions,
                                        common.seed,
                                        common.showProgress()))
                        .run(output.out);
        var stdout = spec.commandLine().getOut();
        stdout.printf(
                Locale.ROOT,
                "%6s %-22s %12s %12s %9s%n",
                "tasks",
                "alg",
                "makespan_s",
                "utilisation",
                "fitness");
        for (MeanVarianceGaExperiment.Point p : result.get("tasks")) {
            stdout.printf(
                    Locale.ROOT,
                    "%6d %-22s %12.2f %12.4f %9.4f%n",
                    p.x(),
                    p.algorithm(),
                    p.makespan(),
                    p.utilisation(),
                    p.fitness());
        }
        ExperimentReport.writeAndAnnounce(
                spec, output.out, "summary.md, summary.json, CSV and PNG per figure");
    }
}
