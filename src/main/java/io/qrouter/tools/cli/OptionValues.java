package io.qrouter.tools.cli;

import io.qrouter.tools.sim.InvalidSettingException;
import io.qrouter.tools.sim.SimSetting;
import java.util.Map;
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

    /**
     * The exit-2 error for a value the simulator refused: named by the option that set it, from
     * {@code options}, or in the simulator's words when no option of the command sets it.
     */
    static CommandLine.ParameterException invalid(
            CommandSpec spec, IllegalArgumentException e, Map<SimSetting, String> options) {
        String message =
                e instanceof InvalidSettingException bad && options.containsKey(bad.setting())
                        ? bad.messageNaming(options.get(bad.setting()))
                        : e.getMessage();
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
