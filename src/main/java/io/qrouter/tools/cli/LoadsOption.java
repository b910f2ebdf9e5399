package io.qrouter.tools.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --loads}: the loads ρ a sweep runs each point at. */
final class LoadsOption {
    @Option(
            names = "--loads",
            split = ",",
            description = "Loads rho, each > 0 (default: ${DEFAULT-VALUE}).")
    List<Double> loads;

    LoadsOption(List<Double> defaults) {
        this.loads = defaults;
    }

    /** The exit-2 error when a load is not a finite value above 0. */
    void validate(CommandSpec spec) {
        OptionValues.require(
                spec,
                loads.stream().allMatch(l -> l > 0 && Double.isFinite(l)),
                "--loads must be finite values > 0 (got " + loads + ")");
    }
}
