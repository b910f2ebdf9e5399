package io.qrouter.tools.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The size of each point of a simulator sweep: {@code --servers} and {@code --tasks} per point,
 * with each experiment's own defaults.
 */
final class SweepSizeOptions {
    @Option(names = "--servers", description = "Servers N, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int servers;

    @Option(names = "--tasks", description = "Tasks per point, ≥ 10 (default: ${DEFAULT-VALUE}).")
    int tasks;

    SweepSizeOptions(int servers, int tasks) {
        this.servers = servers;
        this.tasks = tasks;
    }

    /** The exit-2 error of the first value out of range. */
    void validate(CommandSpec spec) {
        OptionValues.require(spec, servers >= 1, "--servers must be >= 1 (got " + servers + ")");
        OptionValues.require(spec, tasks >= 10, "--tasks must be >= 10 (got " + tasks + ")");
    }
}
