package io.qrouter.tools.cli;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.core.control.CommandSignature;
import io.qrouter.core.control.CommandWords;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.convert.ControlCommands;
import io.qrouter.tools.kafka.ControlClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code qrouter control}: sends one signed command to a running job and prints its answer from the
 * control-log.
 */
@CommandLine.Command(
        name = "control",
        mixinStandardHelpOptions = true,
        description = {
            "Steer a running qrouter job: send one signed command on the control topic and wait for the "
                    + "job's answer on control-log. Exit code 0 applied, 1 refused, 3 no answer in time.",
            "",
            "Commands:",
            "  drain SERVER            no new tasks; its tasks finish; control-log reports it drained",
            "  maintenance SERVER      no tasks at all",
            "  active SERVER           back in service",
            "  weight SERVER W         weight in [0.01, 100] (scales its service rate for K-based policies)",
            "  policy NAME [d=N] [k-weights=A,S,R] [idle-queue=on|off]   switch the routing policy",
            "  k-weights A,S,R         K's weights alpha,sigma,r (normalised to sum 1)",
            "  power-of-d D            d of power-of-d, in [1, 64]",
            "  idle-queue on|off       heartbeat-k(-live) takes idle servers first, or ranks by K alone",
            "  set KEY=VALUE ...       change per-server state settings live, validated like the configuration:",
            "                          server.down-timeout.ms, heartbeat.min-interval.ms, heartbeat.max-interval.ms,",
            "                          server.estimator-min-events, server.update-coalesce.ms",
            "                          (the estimator window and buckets need a restart)",
            "  register ID|PATTERN ... admit servers (ids, or patterns such as rack-7-*) under allow-list or",
            "                          signed admission",
            "  deregister ID|PATTERN ... admit them no more (entries as registered); a listed server is forgotten",
            "  servers                 show the admission mode and the allow-list",
            "",
            "The HMAC secret (the job's control.hmac-secret) comes from --secret-file or the environment variable "
                    + ControlCli.SECRET_ENV
                    + "; it is never printed."
        })
final class ControlCli implements Callable<Integer> {
    static final String SECRET_ENV = "QROUTER_CONTROL_SECRET";
    static final int REFUSED = 1;
    static final int NO_ANSWER = 3;

    @Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--bootstrap",
            required = true,
            paramLabel = "HOST:PORT",
            description = "Kafka bootstrap servers.")
    String bootstrap;

    @Option(
            names = "--secret-file",
            paramLabel = "FILE",
            description =
                    "File holding the HMAC secret (UTF-8, surrounding whitespace ignored); default: $"
                            + SECRET_ENV
                            + ".")
    Path secretFile;

    @Option(
            names = "--issuer",
            description = "Who sends the command, as logged (default: the user name).")
    String issuer = System.getProperty("user.name", "operator");

    @Option(
            names = "--timeout",
            defaultValue = "30s",
            converter = DurationConverter.class,
            description = "How long to wait for the job's answer (default ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(
            names = "--topic",
            defaultValue = TopicNames.CONTROL,
            description = "Control topic (default ${DEFAULT-VALUE}).")
    String topic;

    @Option(
            names = "--log-topic",
            defaultValue = TopicNames.CONTROL_LOG,
            description = "Control-log topic (default ${DEFAULT-VALUE}).")
    String logTopic;

    @Option(
            names = "--kafka",
            paramLabel = "KEY=VALUE",
            description =
                    "Extra Kafka client setting (repeatable), e.g. "
                            + "security.protocol=SASL_SSL.")
    Map<String, String> kafka = new LinkedHashMap<>();

    @Parameters(
            index = "0",
            paramLabel = "COMMAND",
            description =
                    "The action, as named on the control topic: policy, k-weights, power-of-d, "
                            + "idle-queue, drain, maintenance, active, weight, set, register, deregister or "
                            + "servers.")
    String action;

    @Parameters(
            index = "1..*",
            paramLabel = "ARG",
            description = "The command's arguments (see above).")
    List<String> arguments = List.of();

    @Override
    public Integer call() throws Exception {
        long startedAt = System.currentTimeMillis();
        List<String> words = new ArrayList<>(List.of(action));
        words.addAll(arguments);
        io.qrouter.core.control.Command command;
        try {
            command =
                    CommandWords.parse(
                            UUID.randomUUID().toString(),
                            issuer,
                            System.currentTimeMillis(),
                            words);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        CommandSignature signature = new CommandSignature(secret());
        Properties properties = new Properties();
        properties.putAll(kafka);
        properties.put("bootstrap.servers", bootstrap);
        PrintWriter out = spec.commandLine().getOut();
        Optional<ControlLogEntry> answer =
                new ControlClient(properties, topic, logTopic)
                        .send(ControlCommands.record(command, signature), timeout);
        if (answer.isEmpty()) {
            out.println(
                    "no answer within "
                            + timeout.toSeconds()
                            + " s on "
                            + logTopic
                            + " (is the job running and "
                            + "reading "
                            + topic
                            + "?) for command "
                            + command.commandId());
            out.flush();
            return NO_ANSWER;
        }
        ControlLogEntry entry = answer.get();
        boolean applied = "APPLIED".equals(entry.getOutcome());
        out.println((applied ? "applied: " : "refused: ") + entry.getReason());
        out.println(latency(entry.getLoggedAt().toEpochMilli(), startedAt));
        out.flush();
        return applied ? 0 : REFUSED;
    }

    /**
     * How long the answer took, by the job's clock against this one's (the same host's in a demo):
     * from the command's start, and from the JVM's, which a one-shot client pays too.
     */
    static String latency(long loggedAtMillis, long startedAtMillis) {
        long jvmStartedAt = ManagementFactory.getRuntimeMXBean().getStartTime();
        return String.format(
                Locale.ROOT,
                "(logged by the job %d ms after this command started, %d ms after its JVM started)",
                loggedAtMillis - startedAtMillis,
                loggedAtMillis - jvmStartedAt);
    }

    private String secret() throws IOException {
        String secret;
        if (secretFile != null) {
            secret = Files.readString(secretFile, StandardCharsets.UTF_8).strip();
        } else {
            secret = System.getenv(SECRET_ENV);
        }
        if (secret == null || secret.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "no HMAC secret: set "
                            + SECRET_ENV
                            + " or pass --secret-file (the job refuses unsigned commands)");
        }
        try {
            new CommandSignature(secret);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        return secret;
    }
}
