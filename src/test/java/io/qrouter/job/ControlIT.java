package io.qrouter.job;

import static io.qrouter.job.KafkaJobTestKit.heartbeat;
import static io.qrouter.job.KafkaJobTestKit.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.core.control.CommandSignature;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.convert.ControlCommands;
import io.qrouter.tools.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code qrouter control} end to end: the CLI against the whole job on a MiniCluster and a real
 * in-process broker. A drain, a policy switch, live settings and bad commands, each answered on
 * control-log, with the decisions and server-metrics that follow.
 */
class ControlIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String SECRET = "control-it-secret-0123456789abcdef";

    @RegisterExtension static final EmbeddedBroker BROKER = new EmbeddedBroker();

    @TempDir Path dir;

    private record Result(int exitCode, String output, long millis) {
        /** The job's answer, without the latency line under it. */
        String answer() {
            return output.lines().findFirst().orElse("");
        }
    }

    private Result control(Map<ConfigKey, String> topics, Path secretFile, String... command) {
        List<String> args =
                new ArrayList<>(
                        List.of(
                                "control",
                                "--bootstrap",
                                BROKER.bootstrapServers(),
                                "--secret-file",
                                secretFile.toString(),
                                "--issuer",
                                "it",
                                "--timeout",
                                "30s",
                                "--topic",
                                topics.get(ConfigKey.TOPIC_CONTROL),
                                "--log-topic",
                                topics.get(ConfigKey.TOPIC_CONTROL_LOG)));
        args.addAll(List.of(command));
        StringWriter out = new StringWriter();
        long start = System.nanoTime();
        int code =
                new CommandLine(new Main())
                        .setOut(new PrintWriter(out))
                        .execute(args.toArray(String[]::new));
        return new Result(code, out.toString().trim(), (System.nanoTime() - start) / 1_000_000);
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void drainPolicySwitchAndBadCommandsThroughTheCli() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret"), SECRET + "\n");
        Path wrongSecret = Files.writeString(dir.resolve("wrong"), "not-the-job-secret-at-all");
        ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor();
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("ctl");
            kit.start(kit.config(settings(topics, "control.hmac-secret=" + SECRET)), 2);
            kit.beatEvery200Millis(
                    beats, topics.get(ConfigKey.TOPIC_HEARTBEATS), List.of("s-1", "s-2", "s-3"));
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                    ServerMetrics.class,
                    WAIT,
                    m -> m.stream().map(ServerMetrics::getServerId).distinct().count() == 3);

            Result drain = control(topics, secret, "drain", "s-1");
            assertThat(drain.exitCode()).as(drain.output()).isZero();
            assertThat(drain.output()).startsWith("applied: s-1: DRAINING");
            assertThat(drain.output())
                    .containsPattern(
                            "\\(logged by the job \\d+ ms after this command started, \\d+ ms after"
                                    + " its JVM started\\)");
            List<String> afterDrain = kit.sendTasks(topics, "drained", 30);
            List<RoutingDecision> decided =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DECISIONS),
                            RoutingDecision.class,
                            WAIT,
                            d -> ids(d).containsAll(afterDrain));
            assertThat(decided)
                    .filteredOn(d -> afterDrain.contains(d.getTaskId()))
                    .extracting(RoutingDecision::getServerId)
                    .doesNotContain("s-1");

            Result policy = control(topics, secret, "policy", "round-robin");
            assertThat(policy.exitCode()).as(policy.output()).isZero();
            assertThat(policy.output()).contains("policy round-robin");
            List<String> afterSwitch = kit.sendTasks(topics, "switched", 20);
            List<RoutingDecision> switched =
                    kit
                            .readCommitted(
                                    topics.get(ConfigKey.TOPIC_DECISIONS),
                                    RoutingDecision.class,
                                    WAIT,
                                    d -> ids(d).containsAll(afterSwitch))
                            .stream()
                            .filter(d -> afterSwitch.contains(d.getTaskId()))
                            .toList();
            assertThat(switched).extracting(RoutingDecision::getPolicy).containsOnly("round-robin");
            assertThat(switched)
                    .extracting(RoutingDecision::getServerId)
                    .containsOnly("s-2", "s-3");

            Result unknownServer = control(topics, secret, "drain", "s-9");
            assertThat(unknownServer.exitCode()).isEqualTo(1);
            assertThat(unknownServer.answer()).isEqualTo("refused: unknown server \"s-9\"");
            Result unknownPolicy = control(topics, secret, "policy", "fastest");
            assertThat(unknownPolicy.exitCode()).isEqualTo(1);
            assertThat(unknownPolicy.output()).startsWith("refused: unknown policy \"fastest\"");
            Result badWeight = control(topics, secret, "weight", "s-2", "1000");
            assertThat(badWeight.output())
                    .startsWith("refused: weight must be a number in [0.01, 100.0]");
            Result wrongKey = control(topics, wrongSecret, "drain", "s-2");
            assertThat(wrongKey.exitCode()).isEqualTo(1);
            assertThat(wrongKey.answer()).isEqualTo("refused: wrong signature");

            // Garbage, an unsigned command and a replay of an applied one, straight onto the topic.
            kit.sendRaw(
                    topics.get(ConfigKey.TOPIC_CONTROL),
                    "fleet",
                    new byte[] {(byte) 0xde, (byte) 0xad});
            ControlCommand applied =
                    ControlCommands.signed(
                            new CommandSignature(SECRET),
                            "replayed-1",
                            "it",
                            System.currentTimeMillis(),
                            "maintenance",
                            "s-3",
                            Map.of());
            kit.send(topics.get(ConfigKey.TOPIC_CONTROL), "s-3", applied);
            kit.send(topics.get(ConfigKey.TOPIC_CONTROL), "s-3", applied);
            ControlCommand unsigned =
                    ControlCommands.signed(
                            null,
                            "unsigned-1",
                            "it",
                            System.currentTimeMillis(),
                            "drain",
                            "s-2",
                            Map.of());
            kit.send(topics.get(ConfigKey.TOPIC_CONTROL), "s-2", unsigned);
            kit.flush();
            List<ControlLogEntry> log =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_CONTROL_LOG),
                            ControlLogEntry.class,
                            WAIT,
                            l ->
                                    l.stream().anyMatch(e -> "unsigned-1".equals(e.getCommandId()))
                                            && l.stream()
                                                            .filter(
                                                                    e ->
                                                                            "replayed-1"
                                                                                    .equals(
                                                                                            e
                                                                                                    .getCommandId()))
                                                            .count()
                                                    == 2
                                            && l.stream()
                                                    .anyMatch(
                                                            e ->
                                                                    e.getReason()
                                                                            .startsWith(
                                                                                    "not a readable ControlCommand"))
                                            && l.stream()
                                                    .anyMatch(
                                                            e -> "DRAINED".equals(e.getAction())));
            // written by two operators (control-auth refuses the replay, control applies the
            // first): read order is not decision order; the refusal saying "replay" shows which
            // came
            // first
            assertThat(log)
                    .filteredOn(e -> "replayed-1".equals(e.getCommandId()))
                    .extracting(ControlLogEntry::getOutcome)
                    .containsExactlyInAnyOrder("APPLIED", "REFUSED");
            assertThat(log)
                    .filteredOn(
                            e ->
                                    "replayed-1".equals(e.getCommandId())
                                            && "REFUSED".equals(e.getOutcome()))
                    .singleElement()
                    .satisfies(e -> assertThat(e.getReason()).containsIgnoringCase("replay"));
            assertThat(log)
                    .filteredOn(e -> "unsigned-1".equals(e.getCommandId()))
                    .extracting(ControlLogEntry::getReason)
                    .containsExactly("unsigned command");
            assertThat(log)
                    .filteredOn(e -> "DRAINED".equals(e.getAction()))
                    .extracting(ControlLogEntry::getTarget)
                    .containsExactly("s-1");

            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                    ServerMetrics.class,
                    WAIT,
                    m ->
                            m.stream()
                                            .anyMatch(
                                                    x ->
                                                            x.getServerId().equals("s-1")
                                                                    && x.getAdminState()
                                                                            .equals("drained"))
                                    && m.stream()
                                            .anyMatch(
                                                    x ->
                                                            x.getServerId().equals("s-3")
                                                                    && x.getAdminState()
                                                                            .equals(
                                                                                    "maintenance")));
            System.out.printf(
                    "control round trips (CLI start to answer), ms: drain %d, policy %d, refused %d%n",
                    drain.millis(), policy.millis(), unknownServer.millis());
        } finally {
            beats.shutdownNow();
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void liveSettingsThroughTheCli() throws Exception {
        Path secret = Files.writeString(dir.resolve("secret"), SECRET + "\n");
        ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor();
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("live");
            kit.start(kit.config(settings(topics, "control.hmac-secret=" + SECRET)), 2);
            beats.scheduleAtFixedRate(
                    () -> kit.send(topics.get(ConfigKey.TOPIC_HEARTBEATS), "s-1", heartbeat("s-1")),
                    0,
                    200,
                    TimeUnit.MILLISECONDS);
            long configuredMax = Long.parseLong(ConfigKey.HEARTBEAT_MAX_INTERVAL_MS.defaultValue());
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                    ServerMetrics.class,
                    WAIT,
                    m ->
                            m.stream()
                                    .anyMatch(
                                            x ->
                                                    x.getRecommendedHeartbeatMillis()
                                                            == configuredMax));

            Result set =
                    control(
                            topics,
                            secret,
                            "set",
                            "heartbeat.min-interval.ms=40",
                            "heartbeat.max-interval.ms=60");
            assertThat(set.exitCode()).as(set.output()).isZero();
            assertThat(set.output())
                    .startsWith(
                            "applied: server state: heartbeat.max-interval.ms "
                                    + configuredMax
                                    + " -> 60, heartbeat.min-interval.ms 250 -> 40");
            // the idle server's next heartbeats are answered with the new maximum
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                    ServerMetrics.class,
                    WAIT,
                    m -> m.stream().anyMatch(x -> x.getRecommendedHeartbeatMillis() == 60));

            Result badValue = control(topics, secret, "set", "heartbeat.min-interval.ms=0");
            assertThat(badValue.exitCode()).isEqualTo(1);
            assertThat(badValue.answer())
                    .isEqualTo(
                            "refused: config key 'heartbeat.min-interval.ms' must be an integer in"
                                    + " [1, 3600000] (got '0')");
            Result notLive = control(topics, secret, "set", "server.estimator-window.ms=1000");
            assertThat(notLive.exitCode()).isEqualTo(1);
            assertThat(notLive.output())
                    .startsWith("refused: 'server.estimator-window.ms' needs a restart")
                    .contains("live keys: server.down-timeout.ms");

            List<ControlLogEntry> log =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_CONTROL_LOG),
                            ControlLogEntry.class,
                            WAIT,
                            l -> l.size() >= 3);
            // the topic has two partitions: its entries come back in the order they were issued
            // only once sorted
            assertThat(
                            log.stream()
                                    .sorted(Comparator.comparing(ControlLogEntry::getIssuedAt))
                                    .toList())
                    .as("one entry per command")
                    .extracting(ControlLogEntry::getOutcome)
                    .containsExactly("APPLIED", "REFUSED", "REFUSED");
            assertThat(log).extracting(ControlLogEntry::getAction).containsOnly("set");
        } finally {
            beats.shutdownNow();
        }
    }

    private static List<String> ids(List<RoutingDecision> decisions) {
        return decisions.stream().map(RoutingDecision::getTaskId).toList();
    }
}
