package io.qrouter.tools.cli;

import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Option values parsed by the science packages, whose errors do not know which option they came
 * from.
 */
final class OptionValues {
    private OptionValues() {}

    /**
     * The exit-2 error {@code message} (which names the option and its valid range) unless {@code
     * valid}.
     */
    static void require(CommandSpec spec, boolean valid, String message) {
        if (!valid) {
            throw new CommandLine.ParameterException(spec.commandLine(), message);
        }
    }

    /**
     * {@code parser}'s value; its IllegalArgumentException becomes the exit-2 error "OPTION:
     * message".
     */
    static <T> T parse(CommandSpec spec, String option, Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), option + ": " + e.getMessage());
        }
    }
}
