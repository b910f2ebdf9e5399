package io.qrouter.tools.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --threads}: how many simulator runs of a sweep go in parallel. */
final class ThreadsOption {
    @Option(names = "--threads", description = "Runs in parallel, ≥ 1 (default: ${DEFAULT-VALUE}).")
    int threads;

    ThreadsOption(int threads) {
        this.threads = threads;
    }

    /** The exit-2 error unless at least one. */
    void validate(CommandSpec spec) {
        OptionValues.require(spec, threads >= 1, "--threads must be >= 1 (got " + threads + ")");
    }
}
