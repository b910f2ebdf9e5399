package io.qrouter.tools.cli;

import io.qrouter.tools.report.DirectoryReport;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * report.html of an experiment's --out directory, with the command's options (as given or
 * defaulted) as settings.
 */
final class ExperimentReport {
    private ExperimentReport() {}

    static Path write(CommandSpec spec, Path out) {
        return DirectoryReport.write(out, "qrouter experiment " + spec.name(), settings(spec));
    }

    /**
     * Writes report.html and tells the user what is in {@code out} ({@code files}) and where the
     * page is.
     */
    static void writeAndAnnounce(CommandSpec spec, Path out, String files) {
        Path html = write(spec, out);
        var stdout = spec.commandLine().getOut();
        stdout.println("wrote " + out.toAbsolutePath() + " (" + files + ")");
        stdout.println("report: " + html.toAbsolutePath());
        stdout.flush();
    }

    /**
     * Every option of the command but --help and --version, by its longest name, with its value.
     */
    static Map<String, Object> settings(CommandSpec spec) {
        Map<String, Object> settings = new LinkedHashMap<>();
        for (OptionSpec option : spec.options()) {
            if (!option.usageHelp() && !option.versionHelp()) {
                Object value = option.getValue();
                settings.put(option.longestName(), value);
            }
        }
        return settings;
    }
}
