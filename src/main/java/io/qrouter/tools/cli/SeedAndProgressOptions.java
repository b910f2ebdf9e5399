package io.qrouter.tools.cli;

import picocli.CommandLine.Option;

/**
 * The options every {@code experiment} shares: the random seed and whether to draw the progress
 * bar.
 */
final class SeedAndProgressOptions {
    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--no-progress", description = "Do not show the progress bar.")
    boolean noProgress;

    boolean showProgress() {
        return !noProgress;
    }
}
