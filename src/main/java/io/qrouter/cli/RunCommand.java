package io.qrouter.cli;

import io.qrouter.job.ConfigDocs;
import io.qrouter.job.ConfigException;
import io.qrouter.job.JobConfig;
import io.qrouter.job.QrouterJob;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true, modelTransformer = RunCommand.KeysInHelp.class,
        description = {
            "Run the Flink job in the current environment: a local MiniCluster under `java -jar`, the cluster under "
                    + "`flink run`. Reads Kafka topics, writes decisions, metrics, heartbeat log, DSRS assignments "
                    + "and dead letters back to Kafka.",
            "Exit code 2 on an invalid configuration (the message names the key and its valid values)."
        })
final class RunCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "Properties file with the job configuration.")
    Path configFile;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Overrides one configuration key (repeatable; applied after --config).")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--print-config", description = "Print the resolved configuration (secrets masked) and exit.")
    boolean printConfig;

    @Override
    public Integer call() throws Exception {
        JobConfig config;
        try {
            config = JobConfig.load(configFile, overrides);
        } catch (ConfigException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (printConfig) {
            spec.commandLine().getOut().print(config);
            spec.commandLine().getOut().flush();
            return 0;
        }
        QrouterJob.run(config);
        return 0;
    }

    /** Puts every configuration key, with its default and valid values, under {@code qrouter run --help}. */
    static final class KeysInHelp implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            spec.usageMessage().footerHeading("%nConfiguration keys (key = default):%n");
            spec.usageMessage().footer(ConfigDocs.helpText().replace("%", "%%"));
            return spec;
        }
    }
}
