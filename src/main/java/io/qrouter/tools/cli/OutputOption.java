package io.qrouter.tools.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** An experiment's {@code --out}: the directory its files and report go to, one default each. */
final class OutputOption {
    @Option(names = "--out", description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    OutputOption(String defaultDirectory) {
        this.out = Path.of(defaultDirectory);
    }
}
