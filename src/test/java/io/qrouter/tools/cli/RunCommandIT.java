package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ServerMetrics;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.tools.fleet.DecisionAudit;
import io.qrouter.tools.fleet.FailingServers;
import io.qrouter.tools.fleet.Fleet;
import io.qrouter.tools.fleet.FleetConfig;
import io.qrouter.tools.fleet.FleetResult;
import io.qrouter.tools.fleet.ServerModel;
import io.qrouter.tools.fleet.TaskTimeline;
import io.qrouter.tools.health.CheckpointRestore;
import io.qrouter.tools.kafka.CommittedRecords;
import io.qrouter.tools.kafka.EmbeddedKafka;
import io.qrouter.tools.kafka.TempDirectories;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code qrouter run} as a user runs it. Killed with SIGKILL mid-run (its own JVM, {@code java -jar
 * target/qrouter.jar run}) and started again with the same command, it resumes from its newest
 * checkpoint: every server's state goes on where it was (read back from {@code server-metrics}), no
 * task is lost or decided twice (exactly-once, read_committed), decisions resume, and the
 * checkpoints of the dead run do not pile up. A job that fails for good ends the command with exit
 * code 1 and the root cause instead of leaving it hanging.
 */
class RunCommandIT {
    private static final Path CLI_JAR = Path.of("target", "qrouter.jar");
    private static final Duration WAIT = Duration.ofSeconds(120);
    private static final Pattern RESUMED = Pattern.compile("resuming from checkpoint (chk-\\d+) ");

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aJobThatFailsForGoodEndsTheRunWithExitCodeOneAndTheRootCause() {
        PrintStream originalErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int exit;
        try {
            // nothing listens on port 1: the sources cannot list their partitions, and restarts are
            // off
            exit =
                    Main.execute(
                            "run",
                            "--set",
                            "kafka.bootstrap.servers=localhost:1",
                            "--set",
                            "kafka.default.api.timeout.ms=2000",
                            "--set",
                            "kafka.request.timeout.ms=1000",
                            "--set",
                            "flink.restart-strategy.type=none");
        } finally {
            System.setErr(originalErr);
        }
        String printed = err.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(printed).isEqualTo(1);
        assertThat(printed)
                .contains(
                        "qrouter run: starting fresh: checkpoint.dir is not set",
                        "qrouter run: the job ended: FAILED: org.apache.kafka.common.errors.TimeoutException");
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void aRunKilledWithSigkillResumesItsStateAndLosesAndDuplicatesNothing() throws Exception {
        long testStart = System.currentTimeMillis();
        Path dir = TempDirectories.create("qrouter-run-it-");
        try (EmbeddedKafka kafka = EmbeddedKafka.start().createTopics(2)) {
            Path checkpoints = dir.resolve("checkpoints");
            List<String> command = runCommand(kafka.bootstrapServers(), checkpoints, dir);
            FleetConfig fleetConfig =
                    new FleetConfig(
                            kafka.bootstrapServers(),
                            4,
                            30,
                            "poisson",
                            0.7,
                            0.5,
                            2,
                            500,
                            3,
                            "resume",
                            "resume-fleet",
                            Map.of(),
                            0,
                            5,
                            FailingServers.NONE,
                            ServerModel.DEFAULT);

            Process first = start(command, dir.resolve("run-1.log"));
            Fleet fleet;
            long killedAt;
            Map<String, ServerMetrics> before;
            try {
                await(
                        "the first run's job running",
                        () -> log(dir, 1).contains("qrouter run: job running"),
                        first,
                        dir,
                        1);
                fleet = Fleet.start(fleetConfig);
                // run long enough for every server's estimates (20 events each) and a few
                // checkpoints
                await("300 decisions", () -> fleet.stats().decided() >= 300, first, dir, 1);
                Thread.sleep(3_000);
                before = lastMetricsPerServer(kafka.bootstrapServers(), testStart);
                killedAt = System.currentTimeMillis();
            } finally {
                first.destroyForcibly(); // SIGKILL: no shutdown hook, no cancel, transactions
                // left open
            }
            assertThat(first.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(first.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);

            long decidedAtKill = fleet.stats().decided();
            long secondStart = System.currentTimeMillis();
            Process second = start(command, dir.resolve("run-2.log"));
            FleetResult result;
            Map<String, ServerMetrics> after;
            long firstDecisionAfterRestart;
            long secondRunning;
            try {
                await(
                        "the second run's job running",
                        () -> log(dir, 2).contains("qrouter run: job running"),
                        second,
                        dir,
                        2);
                secondRunning = System.currentTimeMillis();
                await(
                        "a decision from the second run",
                        () -> fleet.stats().decided() > decidedAtKill,
                        second,
                        dir,
                        2);
                firstDecisionAfterRestart = System.currentTimeMillis();
                await(
                        "the second run's server metrics",
                        () ->
                                firstMetricsPerServer(kafka.bootstrapServers(), secondStart).size()
                                        == before.size(),
                        second,
                        dir,
                        2);
                after = firstMetricsPerServer(kafka.bootstrapServers(), secondStart);
                Thread.sleep(3_000);
                fleet.stopProducing();
                assertThat(fleet.awaitDecisions(WAIT))
                        .as("every task decided after the restart")
                        .isTrue();
                result = fleet.stop();
            } finally {
                second.destroy(); // SIGTERM, as Ctrl-C: the run cancels its job and keeps its
                // latest checkpoint
            }
            assertThat(second.waitFor(60, TimeUnit.SECONDS))
                    .as("the run stops on SIGTERM")
                    .isTrue();
            String firstLog = log(dir, 1);
            String secondLog = log(dir, 2);

            // what it said: a fresh start, then a resume from a named checkpoint, health lines, a
            // clean stop
            assertThat(firstLog)
                    .contains(
                            "qrouter run: starting fresh: no complete checkpoint of job 'qrouter'");
            Matcher resumed = RESUMED.matcher(secondLog);
            assertThat(resumed.find()).as(secondLog).isTrue();
            assertThat(secondLog)
                    .containsPattern(
                            "RUNNING +\\d+s  decisions [1-9]\\d* \\(last \\d+\\.\\d s ago\\)  "
                                    + "restarts 0  sink errors 0  checkpoints [1-9]")
                    .contains("qrouter run: stopping: cancelling the job");

            assertThat(firstDecisionAfterRestart - secondRunning)
                    .as("ms from the second job running to its first " + "committed decision")
                    .isLessThan(20_000);

            // the state went on: counters continue, estimates known at once and close to what they
            // were
            assertThat(after.keySet()).isEqualTo(before.keySet());
            for (String server : before.keySet()) {
                ServerMetrics was = before.get(server);
                ServerMetrics is = after.get(server);
                assertThat(is.getHeartbeatTriggers())
                        .as(server + " heartbeats counted")
                        .isGreaterThanOrEqualTo(was.getHeartbeatTriggers());
                assertThat(was.getLambda()).as(server + " lambda before the kill").isNotNull();
                assertThat(is.getLambda())
                        .as(server + " lambda right after the restart")
                        .isNotNull()
                        .isBetween(was.getLambda() / 2, was.getLambda() * 2);
            }

            // nothing lost, nothing twice: the topics read back, read_committed
            DecisionAudit audit =
                    DecisionAudit.read(
                            fleetConfig,
                            result.timelines().stream()
                                    .map(TaskTimeline::taskId)
                                    .collect(Collectors.toSet()),
                            Set.of(),
                            result.startEpochMillis());
            assertThat(audit.lostTasks()).as("lost").isZero();
            assertThat(audit.duplicateDecisions()).as("decided twice").isZero();
            assertThat(audit.decidedTasks() + audit.deadLetteredTasks())
                    .isEqualTo(result.sent() + result.warmupTasks());

            // retention: the checkpoint resumed was claimed and replaced; nothing of the dead run
            // is left
            Path jobDir = checkpoints.resolve(CheckpointRestore.jobId("qrouter").toHexString());
            List<String> left = checkpointDirectories(jobDir);
            assertThat(left)
                    .as("checkpoint directories after the second run")
                    .hasSizeBetween(1, 2)
                    .doesNotContain(resumed.group(1));
            System.out.printf(
                    "resume after SIGKILL: %s restored; the second run's job running %.1f s after its "
                            + "process started, its first decision visible %.1f s after that (%.1f s after the kill); %d tasks, %d lost, %d decided twice; heartbeats of "
                            + "server-1 %d -> %d, lambda %.2f -> %.2f; checkpoints left %s%n",
                    resumed.group(1),
                    (secondRunning - secondStart) / 1000.0,
                    (firstDecisionAfterRestart - secondRunning) / 1000.0,
                    (firstDecisionAfterRestart - killedAt) / 1000.0,
                    result.sent() + result.warmupTasks(),
                    audit.lostTasks(),
                    audit.duplicateDecisions(),
                    before.get("server-1").getHeartbeatTriggers(),
                    after.get("server-1").getHeartbeatTriggers(),
                    before.get("server-1").getLambda(),
                    after.get("server-1").getLambda(),
                    left);
        } finally {
            TempDirectories.delete(dir);
        }
    }

    /**
     * {@code java -jar target/qrouter.jar run …}: exactly-once, checkpoints every 500 ms in {@code
     * checkpoints}.
     */
    private static List<String> runCommand(String bootstrap, Path checkpoints, Path dir)
            throws IOException {
        List<String> command =
                new ArrayList<>(
                        List.of(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-Xmx1g",
                                "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")),
                                "-jar",
                                CLI_JAR.toAbsolutePath().toString(),
                                "run",
                                "--status-interval",
                                "1s"));
        for (String setting :
                List.of(
                        "kafka.bootstrap.servers=" + bootstrap,
                        "checkpoint.dir=" + checkpoints.toUri(),
                        "checkpoint.interval.ms=500",
                        "sink.delivery-guarantee=exactly-once",
                        "job.parallelism=2",
                        "watermark.idleness.ms=1000",
                        "server.allow-list=server-*")) {
            command.add("--set");
            command.add(setting);
        }
        return command;
    }

    private static Process start(List<String> command, Path log) throws IOException {
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    private static String log(Path dir, int run) {
        try {
            return Files.readString(dir.resolve("run-" + run + ".log"));
        } catch (IOException e) {
            return "";
        }
    }

    private static void await(String what, BooleanSupplier done, Process run, Path dir, int index)
            throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!done.getAsBoolean()) {
            assertThat(run.isAlive())
                    .as("run " + index + " exited early:\n" + log(dir, index))
                    .isTrue();
            assertThat(System.nanoTime())
                    .as("timed out waiting for " + what + ":\n" + log(dir, index))
                    .isLessThan(deadline);
            Thread.sleep(200);
        }
    }

    /** The newest committed server-metrics record of each server. */
    private static Map<String, ServerMetrics> lastMetricsPerServer(String bootstrap, long since) {
        Map<String, ServerMetrics> last = new LinkedHashMap<>();
        readMetrics(bootstrap, since, m -> last.put(m.getServerId(), m));
        return last;
    }

    /** The first committed server-metrics record of each server written since {@code since}. */
    private static Map<String, ServerMetrics> firstMetricsPerServer(String bootstrap, long since) {
        Map<String, ServerMetrics> first = new LinkedHashMap<>();
        readMetrics(bootstrap, since, m -> first.putIfAbsent(m.getServerId(), m));
        return first;
    }

    private static void readMetrics(
            String bootstrap, long since, java.util.function.Consumer<ServerMetrics> each) {
        AvroCodec<ServerMetrics> codec = AvroCodec.of(ServerMetrics.class);
        java.util.Properties client = new java.util.Properties();
        client.put("bootstrap.servers", bootstrap);
        CommittedRecords.read(
                client,
                TopicNames.SERVER_METRICS,
                since,
                r -> each.accept(codec.decode(r.value())));
    }

    private static List<String> checkpointDirectories(Path jobDir) throws IOException {
        try (Stream<Path> files = Files.list(jobDir)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("chk-"))
                    .sorted()
                    .toList();
        }
    }
}
