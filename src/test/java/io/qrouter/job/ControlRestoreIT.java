package io.qrouter.job;

import static io.qrouter.job.KafkaJobTestKit.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.control.CommandSignature;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.convert.ControlCommands;
import io.qrouter.tools.health.CheckpointRestore;
import io.qrouter.tools.kafka.ControlClient;
import java.io.Closeable;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13's acceptance, black-box through Kafka: a policy switch, a weight change and a drain take
 * effect on the decisions within a second of being applied, and still hold after the job is stopped
 * and a new one restores its checkpoint (as {@code qrouter run} resumes). Nothing here knows the
 * job's operators or state: commands go in on {@code control}, the answers come from {@code
 * control-log}, the effects are read from {@code decisions}.
 *
 * <p>Three servers heartbeat (μ = 10/s, empty queues: routers count the tasks they sent as in
 * flight, for {@code router.in-flight-timeout.ms}), 100 tasks a second. The job starts with
 * round-robin; the switch to heartbeat-k-live shows in the decisions' policy field; the drain of
 * s-1 stops its decisions; a weight of 10 on s-2 makes heartbeat-k-live see it ten times as fast,
 * so it takes every task until its K catches up with s-3's (a run of consecutive decisions that
 * balanced routing never gives) and about 1.8 times s-3's share after.
 */
class ControlRestoreIT {
    private static final Duration WAIT = Duration.ofSeconds(40);
    private static final String SECRET = "control-restore-it-secret-0123456789";
    private static final List<String> SERVERS = List.of("s-1", "s-2", "s-3");

    /** Consecutive decisions to s-2 that say the weight took effect. */
    private static final int RUN = 10;

    @RegisterExtension static final EmbeddedBroker BROKER = new EmbeddedBroker();

    @TempDir Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void policyWeightAndDrainTakeEffectWithinASecondAndSurviveARestoreFromTheCheckpoint()
            throws Exception {
        Path checkpoints = Files.createDirectories(dir.resolve("checkpoints"));
        ScheduledExecutorService load = Executors.newScheduledThreadPool(2);
        AtomicReference<String> batch = new AtomicReference<>("before");
        AtomicLong sequence = new AtomicLong();
        try (KafkaJobTestKit feed = new KafkaJobTestKit(BROKER.bootstrapServers());
                Closeable stopLoad = load::shutdownNow) {
            Map<ConfigKey, String> topics = feed.freshTopics("restore");
            JobConfig config =
                    feed.config(
                            settings(
                                    topics,
                                    "control.hmac-secret=" + SECRET,
                                    "checkpoint.dir=" + checkpoints.toUri(),
                                    "job.name=control-restore-it",
                                    "router.policy=round-robin",
                                    "router.in-flight-timeout.ms=2000"));
            feed.beatEvery200Millis(load, topics.get(ConfigKey.TOPIC_HEARTBEATS), SERVERS);
            load.scheduleAtFixedRate(
                    () -> {
                        String id = "t-" + batch.get() + "-" + sequence.incrementAndGet();
                        feed.send(
                                topics.get(ConfigKey.TOPIC_TASKS),
                                id,
                                TaskRequest.newBuilder()
                                        .setTaskId(id)
                                        .setCreatedAt(Instant.now())
                                        .setServiceType("video")
                                        .build());
                    },
                    0,
                    10,
                    TimeUnit.MILLISECONDS);
            String decisionsTopic = topics.get(ConfigKey.TOPIC_DECISIONS);
            ControlClient control =
                    new ControlClient(
                            clientProperties(),
                            topics.get(ConfigKey.TOPIC_CONTROL),
                            topics.get(ConfigKey.TOPIC_CONTROL_LOG));

            Instant weightApplied;
            try (KafkaJobTestKit first = new KafkaJobTestKit(BROKER.bootstrapServers())) {
                CheckpointRestore fresh =
                        CheckpointRestore.resolve(config, CheckpointRestore.LATEST);
                assertThat(fresh.restorePath()).as(fresh.description()).isNull();
                first.start(config, 1, fresh);
                first.readCommitted(
                        decisionsTopic,
                        RoutingDecision.class,
                        WAIT,
                        d -> d.stream().map(RoutingDecision::getServerId).distinct().count() == 3);

                // the policy switch: the decisions' policy field
                Instant policyApplied =
                        apply(control, "policy", null, Map.of("name", "heartbeat-k-live"));
                List<RoutingDecision> afterPolicy =
                        readUntil(first, decisionsTopic, policyApplied.plusMillis(1500));
                Instant firstNewPolicy =
                        afterPolicy.stream()
                                .filter(d -> d.getPolicy().equals("heartbeat-k-live"))
                                .map(RoutingDecision::getDecidedAt)
                                .min(Comparator.naturalOrder())
                                .orElseThrow();
                assertThat(decidedAfter(afterPolicy, policyApplied.plusSeconds(1)))
                        .isNotEmpty()
                        .extracting(RoutingDecision::getPolicy)
                        .containsOnly("heartbeat-k-live");

                // the drain: no decision for s-1 after it
                Thread.sleep(1500);
                Instant drainApplied = apply(control, "drain", "s-1", Map.of());
                List<RoutingDecision> afterDrain =
                        readUntil(first, decisionsTopic, drainApplied.plusMillis(1500));
                Instant lastToDrained =
                        afterDrain.stream()
                                .filter(d -> d.getServerId().equals("s-1"))
                                .map(RoutingDecision::getDecidedAt)
                                .max(Comparator.naturalOrder())
                                .orElseThrow();
                assertThat(decidedAfter(afterDrain, drainApplied.plusSeconds(1)))
                        .isNotEmpty()
                        .extracting(RoutingDecision::getServerId)
                        .doesNotContain("s-1");

                // the weight: s-2 takes a run of decisions, then more than s-3
                Thread.sleep(1500);
                weightApplied = apply(control, "weight", "s-2", Map.of("weight", "10"));
                List<RoutingDecision> afterWeight =
                        readUntil(first, decisionsTopic, weightApplied.plusMillis(3000));
                List<RoutingDecision> before =
                        inOrder(afterWeight, drainApplied.plusSeconds(1), weightApplied);
                assertThat(runStart(before)).as("no such run before the weight").isNull();
                Instant weightEffect =
                        runStart(inOrder(afterWeight, weightApplied, weightApplied.plusSeconds(3)));
                assertThat(weightEffect).as("a run of %d decisions to s-2", RUN).isNotNull();

                long policyMillis = between(policyApplied, firstNewPolicy);
                long drainMillis = Math.max(0, between(drainApplied, lastToDrained));
                long weightMillis = between(weightApplied, weightEffect);
                System.out.printf(
                        "control effect latency after the applied entry on control-log, ms: policy %d,"
                                + " drain %d (last decision to the drained server), weight %d%n",
                        policyMillis, drainMillis, weightMillis);
                assertThat(policyMillis).isLessThanOrEqualTo(1000);
                assertThat(drainMillis).isLessThanOrEqualTo(1000);
                assertThat(weightMillis).isLessThanOrEqualTo(1000);

                // stop the job after a checkpoint completed with all three in force
                Instant settled = Instant.now();
                waitForCheckpointAfter(checkpoints, settled);
            }

            try (KafkaJobTestKit second = new KafkaJobTestKit(BROKER.bootstrapServers())) {
                CheckpointRestore restore =
                        CheckpointRestore.resolve(config, CheckpointRestore.LATEST);
                assertThat(restore.restorePath()).as(restore.description()).isNotNull();
                assertThat(restore.description()).startsWith("resuming from checkpoint chk-");
                Instant restarted = Instant.now();
                second.start(config, 1, restore);
                readUntil(second, decisionsTopic, restarted);
                batch.set("after");
                List<RoutingDecision> after =
                        second
                                .readCommitted(
                                        decisionsTopic,
                                        RoutingDecision.class,
                                        WAIT,
                                        d ->
                                                d.stream()
                                                                .filter(
                                                                        x ->
                                                                                x.getTaskId()
                                                                                        .startsWith(
                                                                                                "t-after-"))
                                                                .count()
                                                        >= 300)
                                .stream()
                                .filter(x -> x.getTaskId().startsWith("t-after-"))
                                .toList();
                assertThat(after)
                        .extracting(RoutingDecision::getPolicy)
                        .containsOnly("heartbeat-k-live");
                assertThat(after).extracting(RoutingDecision::getServerId).doesNotContain("s-1");
                long toS2 = after.stream().filter(d -> d.getServerId().equals("s-2")).count();
                long toS3 = after.stream().filter(d -> d.getServerId().equals("s-3")).count();
                System.out.printf(
                        "after the restore (%s): %d decisions, s-2 %d, s-3 %d, s-1 0%n",
                        restore.restorePath().getName(), after.size(), toS2, toS3);
                assertThat((double) toS2)
                        .as("the weight still applies: s-2 (weight 10) against s-3")
                        .isGreaterThan(1.3 * toS3);
            }
        }
    }

    private static Properties clientProperties() {
        Properties p = new Properties();
        p.put("bootstrap.servers", BROKER.bootstrapServers());
        return p;
    }

    /** Sends a signed command and waits for the job to apply it: when it was logged applied. */
    private static Instant apply(
            ControlClient control, String action, String target, Map<String, String> arguments)
            throws Exception {
        ControlLogEntry entry =
                control.send(
                                ControlCommands.signed(
                                        new CommandSignature(SECRET),
                                        UUID.randomUUID().toString(),
                                        "control-restore-it",
                                        System.currentTimeMillis(),
                                        action,
                                        target,
                                        arguments),
                                WAIT)
                        .orElseThrow(() -> new AssertionError("no answer to " + action));
        assertThat(entry.getOutcome()).as("%s: %s", action, entry.getReason()).isEqualTo("APPLIED");
        return entry.getLoggedAt();
    }

    /** The decisions read until one was decided after {@code until}. */
    private static List<RoutingDecision> readUntil(KafkaJobTestKit kit, String topic, Instant until)
            throws Exception {
        return kit.readCommitted(
                topic,
                RoutingDecision.class,
                WAIT,
                d -> d.stream().anyMatch(x -> x.getDecidedAt().isAfter(until)));
    }

    private static List<RoutingDecision> decidedAfter(List<RoutingDecision> decisions, Instant t) {
        return decisions.stream().filter(d -> d.getDecidedAt().isAfter(t)).toList();
    }

    /** The decisions made in [from, to), in decision order. */
    private static List<RoutingDecision> inOrder(
            List<RoutingDecision> decisions, Instant from, Instant to) {
        return decisions.stream()
                .filter(d -> !d.getDecidedAt().isBefore(from) && d.getDecidedAt().isBefore(to))
                .sorted(Comparator.comparing(RoutingDecision::getDecidedAt))
                .toList();
    }

    /** When the first run of {@link #RUN} consecutive decisions to s-2 started, or null. */
    private static Instant runStart(List<RoutingDecision> ordered) {
        int run = 0;
        for (int i = 0; i < ordered.size(); i++) {
            run = ordered.get(i).getServerId().equals("s-2") ? run + 1 : 0;
            if (run == RUN) {
                return ordered.get(i - RUN + 1).getDecidedAt();
            }
        }
        return null;
    }

    private static long between(Instant from, Instant to) {
        return Duration.between(from, to).toMillis();
    }

    /** Waits until a checkpoint of the job completes (its _metadata written) after {@code t}. */
    private static void waitForCheckpointAfter(Path checkpoints, Instant t) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            try (Stream<Path> files = Files.walk(checkpoints)) {
                if (files.filter(f -> f.getFileName().toString().equals("_metadata"))
                        .anyMatch(f -> modifiedAfter(f, t))) {
                    return;
                }
            } catch (UncheckedIOException e) {
                // the walk met a checkpoint directory Flink deleted meanwhile (subsumed by a newer
                // one): look again
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no checkpoint completed within " + WAIT.toSeconds() + " s");
    }

    private static boolean modifiedAfter(Path file, Instant t) {
        try {
            return Files.getLastModifiedTime(file).toInstant().isAfter(t);
        } catch (java.io.IOException e) {
            return false; // deleted meanwhile: a newer checkpoint replaced it
        }
    }
}
