package io.qrouter.tools.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --routers}: the router counts a sweep runs each point with. */
final class RouterCountsOption {
    @Option(
            names = "--routers",
            split = ",",
            description = "Router counts, each ≥ 1 (default: ${DEFAULT-VALUE}).")
    List<Integer> routers;

    RouterCountsOption(List<Integer> defaults) {
        this.routers = defaults;
    }

    /** The exit-2 error when a count is below 1. */
    void validate(CommandSpec spec) {
        OptionValues.require(
                spec,
                routers.stream().allMatch(r -> r >= 1),
                "--routers must be >= 1 each (got " + routers + ")");
    }
}
