package io.qrouter.tools.cli;

import io.qrouter.job.QrouterJob;
import io.qrouter.job.config.ConfigDocs;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.tools.fleet.StallWatch;
import io.qrouter.tools.health.CheckpointRestore;
import io.qrouter.tools.health.JobHealth;
import io.qrouter.tools.health.JobWatch;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        modelTransformer = RunCommand.KeysInHelp.class,
        description = {
            "Run the Flink job on a local MiniCluster in this JVM (on a Flink cluster, submit target/qrouter-job.jar "
                    + "with `flink run` instead). Reads Kafka topics, writes decisions, metrics, heartbeat log, DSRS "
                    + "assignments and dead letters back to Kafka.",
            "Resumes from the newest complete checkpoint of the job in checkpoint.dir (see --restore) and says what "
                    + "it restored; prints the job's health every --status-interval and a STALL line when tasks wait "
                    + "with no decision for --stall-after. Ctrl-C cancels the job, keeping its latest checkpoint.",
            "Exit code 2 on an invalid configuration (the message names the key and its valid values), 1 when the "
                    + "job fails for good (with the root cause)."
        })
final class RunCommand implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description = "Properties file with the job configuration.")
    Path configFile;

    @Option(
            names = "--set",
            paramLabel = "KEY=VALUE",
            description = "Overrides one configuration key (repeatable; applied after --config).")
    List<String> overrides = new ArrayList<>();

    @Option(
            names = "--print-config",
            description = "Print the resolved configuration (secrets masked) and exit.")
    boolean printConfig;

    @Option(
            names = "--restore",
            defaultValue = CheckpointRestore.LATEST,
            paramLabel = "latest|none|PATH",
            description =
                    "Where to resume: latest (the newest complete checkpoint of this job.name in "
                            + "checkpoint.dir; a fresh start when there is none), none (a fresh start; the job's retained "
                            + "checkpoints are deleted), or a savepoint or checkpoint directory (or its _metadata file) "
                            + "(default ${DEFAULT-VALUE}).")
    String restore;

    @Option(
            names = "--status-interval",
            defaultValue = "10s",
            converter = DurationConverter.class,
            description =
                    "How often to print the job's health, in [1s, 1h] (default ${DEFAULT-VALUE}).")
    Duration statusInterval;

    @Option(
            names = "--stall-after",
            defaultValue = "30s",
            converter = DurationConverter.class,
            description =
                    "Print a STALL line when tasks wait in Kafka and no decision has been made for this long, "
                            + "in [1s, 1h] (default ${DEFAULT-VALUE}).")
    Duration stallAfter;

    @Override
    public Integer call() throws Exception {
        JobConfig config;
        try {
            config = JobConfig.load(configFile, overrides);
            requireIn("--status-interval", statusInterval);
            requireIn("--stall-after", stallAfter);
        } catch (IllegalArgumentException e) { // a ConfigException too: it names the key
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (printConfig) {
            spec.commandLine().getOut().print(config);
            spec.commandLine().getOut().flush();
            return 0;
        }
        CheckpointRestore restorePoint;
        try {
            restorePoint = CheckpointRestore.resolve(config, restore);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            say(
                    "cannot read checkpoint.dir "
                            + config.get(ConfigKey.CHECKPOINT_DIR)
                            + ": "
                            + e
                            + " (--restore none starts fresh without reading it)");
            return 1;
        }
        say(restorePoint.description());
        List<String> stale = restorePoint.deleteStale();
        if (!stale.isEmpty()) {
            say(
                    "deleted "
                            + stale.size()
                            + " checkpoint(s) of earlier runs that no run would resume: "
                            + String.join(", ", stale));
        }
        try (JobHealth health = JobHealth.open();
                ShutdownSignal signal = new ShutdownSignal()) {
            Configuration flink = health.reporterSettings();
            restorePoint.applyTo(flink);
            StreamExecutionEnvironment env =
                    StreamExecutionEnvironment.getExecutionEnvironment(flink);
            QrouterJob.buildPipeline(env, config);
            JobClient job = env.executeAsync(config.get(ConfigKey.JOB_NAME));
            say("job " + job.getJobID() + " submitted to a local MiniCluster");
            return watch(new JobWatch(job), health, signal);
        }
    }

    /**
     * Until the job ends (exit 1 unless it finished) or Ctrl-C (cancel, exit 0): health lines and
     * stall alerts.
     */
    private int watch(JobWatch job, JobHealth health, ShutdownSignal signal) throws Exception {
        long started = System.currentTimeMillis();
        long nextStatus = started + statusInterval.toMillis();
        StallWatch stalls = new StallWatch(stallAfter.toNanos() / 1e9);
        boolean running = false;
        while (!signal.sleep(Duration.ofSeconds(1))) {
            String ended = job.ended();
            if (ended != null) {
                say("the job ended: " + ended);
                return ended.equals(JobStatus.FINISHED.name()) ? 0 : 1;
            }
            long now = System.currentTimeMillis();
            JobHealth.Snapshot s = health.snapshot();
            JobStatus status;
            try {
                status = job.status();
            } catch (IllegalStateException clusterGone) {
                // the job and its local cluster just ended: ended() says how, next round
                continue;
            }
            if (!running && status == JobStatus.RUNNING) {
                running = true;
                say("job running");
            }
            double lastDecision =
                    (s.lastDecisionMillis() < 0 ? started : s.lastDecisionMillis()) / 1000.0;
            String alert = stalls.check(now / 1000.0, lastDecision, s.tasksWaiting());
            if (alert != null) {
                say(alert);
            }
            if (now >= nextStatus) {
                nextStatus += statusInterval.toMillis();
                say(
                        String.format(
                                Locale.ROOT,
                                "%s %5ds  %s%s",
                                status,
                                (now - started) / 1000,
                                s.line(now),
                                stalls.stalled() ? "  STALLED" : ""));
            }
        }
        say(
                "stopping: cancelling the job; its latest checkpoint stays in checkpoint.dir for the next run");
        job.cancel();
        return 0;
    }

    private static void requireIn(String option, Duration value) {
        if (value.compareTo(Duration.ofSeconds(1)) < 0
                || value.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException(
                    option + " must be in [1s, 1h] (got " + value.toMillis() + "ms)");
        }
    }

    private static void say(String line) {
        System.err.println("qrouter run: " + line);
    }

    /**
     * Puts every configuration key, with its default and valid values, under {@code qrouter run
     * --help}.
     */
    static final class KeysInHelp implements CommandLine.IModelTransformer {
        @Override
        public CommandSpec transform(CommandSpec spec) {
            spec.usageMessage().footerHeading("%nConfiguration keys (key = default):%n");
            spec.usageMessage().footer(ConfigDocs.helpText().replace("%", "%%"));
            return spec;
        }
    }
}
