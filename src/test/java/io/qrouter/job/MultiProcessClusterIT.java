package io.qrouter.job;

import static io.qrouter.job.KafkaJobTestKit.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.tools.kafka.EmbeddedKafka;
import io.qrouter.tools.kafka.TempDirectories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.flink.configuration.RestOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The job on a real multi-process Flink session cluster (one JobManager and two TaskManagers, each
 * its own JVM, {@link FlinkProcessCluster}), submitted as the slim job jar through the REST API as
 * a user would ({@code /jars/upload}, {@code /jars/:id/run}), so the cluster's child-first
 * classloading of the jar is exercised, which a MiniCluster never does. Tasks and heartbeats go to
 * a real broker; one TaskManager is killed with SIGKILL mid-run; the fixed-delay restart strategy
 * restores the last checkpoint. Checked by reading the topics back (read_committed): every task
 * sent has exactly one decision, and tasks created after the kill are decided.
 */
class MultiProcessClusterIT {
    private static final Path JOB_JAR = Path.of("target", "qrouter-job.jar");
    private static final Duration WAIT = Duration.ofSeconds(150);
    private static final List<String> SERVERS = List.of("s-1", "s-2", "s-3");

    /** The cluster's config.yaml, besides addresses and ports. */
    private static final Map<String, String> CLUSTER_SETTINGS =
            Map.ofEntries(
                    Map.entry("jobmanager.memory.process.size", "1024m"),
                    Map.entry("taskmanager.memory.process.size", "1024m"),
                    Map.entry("taskmanager.memory.managed.size", "32m"),
                    Map.entry("taskmanager.numberOfTaskSlots", "2"),
                    // one slot on each TaskManager, so the one killed runs part of the job
                    Map.entry("taskmanager.load-balance.mode", "SLOTS"),
                    Map.entry("parallelism.default", "2"),
                    Map.entry("restart-strategy.type", "fixed-delay"),
                    Map.entry("restart-strategy.fixed-delay.attempts", "20"),
                    Map.entry("restart-strategy.fixed-delay.delay", "1 s"),
                    // a killed TaskManager is noticed within seconds (default: 50 s)
                    Map.entry("heartbeat.interval", "1000"),
                    Map.entry("heartbeat.timeout", "5000"));

    /**
     * The slim jar holds what the cluster lacks and nothing it has, and fits the REST upload limit.
     */
    @Test
    void theJobJarHoldsWhatTheClusterLacksAndNoClassItHas() throws IOException {
        Set<String> clusterClasses = new HashSet<>();
        for (String jar : Files.readString(FlinkProcessCluster.CLASSPATH_FILE).trim().split(":")) {
            clusterClasses.addAll(classesIn(Path.of(jar)));
        }
        Set<String> jobClasses = classesIn(JOB_JAR);

        assertThat(jobClasses)
                .contains(
                        "io/qrouter/job/QrouterJob.class",
                        "org/apache/flink/connector/kafka/sink/KafkaSink.class",
                        "org/apache/flink/formats/avro/typeutils/AvroTypeInfo.class",
                        "org/apache/kafka/clients/producer/KafkaProducer.class",
                        "org/apache/avro/Schema.class");
        assertThat(clusterClasses)
                .contains(
                        "org/apache/flink/runtime/taskexecutor/TaskManagerRunner.class",
                        "org/apache/flink/streaming/api/environment/StreamExecutionEnvironment.class",
                        "org/apache/flink/connector/base/DeliveryGuarantee.class");
        assertThat(jobClasses.stream().filter(clusterClasses::contains).limit(20).toList())
                .as("classes both in the job jar and on the cluster")
                .isEmpty();
        assertThat(Files.size(JOB_JAR))
                .isLessThan(RestOptions.SERVER_MAX_CONTENT_LENGTH.defaultValue() / 2);
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void aTaskManagerKilledMidRunLosesAndDuplicatesNothingAndRoutingResumes() throws Exception {
        long testStart = System.nanoTime();
        Path dir = TempDirectories.create("qrouter-flink-cluster-");
        ScheduledExecutorService load = Executors.newScheduledThreadPool(2);
        try (EmbeddedKafka kafka = EmbeddedKafka.start();
                KafkaJobTestKit kit = new KafkaJobTestKit(kafka.bootstrapServers());
                FlinkProcessCluster cluster = FlinkProcessCluster.start(dir, 2, CLUSTER_SETTINGS)) {
            FlinkRestClient rest = new FlinkRestClient(cluster.rest());
            Map<ConfigKey, String> topics = kit.freshTopics("cluster");
            Path jobConfig = dir.resolve("qrouter.properties");
            Files.write(
                    jobConfig,
                    List.of(
                            settings(
                                    topics,
                                    "job.parallelism=2",
                                    "router.parallelism=2",
                                    "checkpoint.interval.ms=500",
                                    "checkpoint.dir=" + dir.resolve("checkpoints").toUri(),
                                    "source.starting-offsets=earliest",
                                    "watermark.idleness.ms=1000",
                                    "server.down-timeout.ms=60000",
                                    "server.allow-list=" + String.join(",", SERVERS),
                                    // the test's servers only beat: they acknowledge no task
                                    "router.ack-timeout.ms=0",
                                    "kafka.group.id=qrouter-cluster",
                                    "sink.transactional-id-prefix=qrouter-cluster",
                                    "sink.delivery-guarantee=exactly-once")));
            awaitTaskManagers(rest, cluster, 2);
            long clusterReady = System.nanoTime();

            String jarId = rest.uploadJar(JOB_JAR);
            // main runs inside the JobManager: a bad configuration is refused naming the key, and
            // the JobManager
            // lives on (main throws; a System.exit there would bring the JobManager down)
            assertThatThrownBy(
                            () ->
                                    rest.runJar(
                                            jarId,
                                            "io.qrouter.job.QrouterJob",
                                            List.of("--set", "checkpoint.interval.ms=5")))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("checkpoint.interval.ms");
            assertThat(rest.get("/overview").path("taskmanagers").asInt())
                    .as("the JobManager still answers")
                    .isEqualTo(2);
            String jobId =
                    rest.runJar(
                            jarId,
                            "io.qrouter.job.QrouterJob",
                            List.of(
                                    "--config",
                                    jobConfig.toString(),
                                    "--set",
                                    "kafka.bootstrap.servers=" + kafka.bootstrapServers()));
            await("all tasks of the job running", cluster, () -> rest.allTasksRunning(jobId));
            long jobRunning = System.nanoTime();

            AtomicLong sent = new AtomicLong();
            String tasksTopic = topics.get(ConfigKey.TOPIC_TASKS);
            kit.beatEvery200Millis(load, topics.get(ConfigKey.TOPIC_HEARTBEATS), SERVERS);
            load.scheduleAtFixedRate(
                    () -> {
                        String id = "t-" + sent.incrementAndGet();
                        kit.send(
                                tasksTopic,
                                id,
                                TaskRequest.newBuilder()
                                        .setTaskId(id)
                                        .setCreatedAt(Instant.now())
                                        .build());
                    },
                    0,
                    20,
                    TimeUnit.MILLISECONDS);
            String decisionsTopic = topics.get(ConfigKey.TOPIC_DECISIONS);
            kit.readCommitted(
                    decisionsTopic,
                    RoutingDecision.class,
                    WAIT,
                    watching(rest, jobId, cluster, decided -> decided.size() >= 200));

            Instant killedAt = Instant.now();
            cluster.killTaskManager(1);
            List<RoutingDecision> resumed =
                    kit.readCommitted(
                            decisionsTopic,
                            RoutingDecision.class,
                            WAIT,
                            watching(
                                    rest,
                                    jobId,
                                    cluster,
                                    decided ->
                                            decided.stream()
                                                    .anyMatch(
                                                            d ->
                                                                    d.getTaskCreatedAt()
                                                                            .isAfter(killedAt))));
            Instant resumedSeenAt = Instant.now();
            Thread.sleep(3_000);
            load.shutdownNow();
            load.awaitTermination(10, TimeUnit.SECONDS);
            kit.flush();

            Set<String> tasks =
                    kit
                            .readCommitted(
                                    tasksTopic,
                                    TaskRequest.class,
                                    WAIT,
                                    read -> read.size() >= sent.get())
                            .stream()
                            .map(TaskRequest::getTaskId)
                            .collect(Collectors.toSet());
            List<RoutingDecision> decisions =
                    kit.readCommitted(
                            decisionsTopic,
                            RoutingDecision.class,
                            WAIT,
                            watching(
                                    rest,
                                    jobId,
                                    cluster,
                                    decided ->
                                            decided.stream()
                                                    .map(RoutingDecision::getTaskId)
                                                    .collect(Collectors.toSet())
                                                    .containsAll(tasks)));
            Thread.sleep(2_000); // a few more checkpoints: nothing else may appear
            decisions =
                    kit.readCommitted(
                            decisionsTopic,
                            RoutingDecision.class,
                            WAIT,
                            decided -> decided.size() >= tasks.size());

            Map<String, Long> perTask =
                    decisions.stream()
                            .collect(
                                    Collectors.groupingBy(
                                            RoutingDecision::getTaskId, Collectors.counting()));
            assertThat(tasks).hasSize((int) sent.get());
            assertThat(perTask.keySet()).as("decided tasks").isEqualTo(tasks);
            assertThat(perTask.entrySet().stream().filter(e -> e.getValue() > 1).toList())
                    .as("duplicates")
                    .isEmpty();
            assertThat(decisions).extracting(RoutingDecision::getServerId).isSubsetOf(SERVERS);
            // both router subtasks decided, across the two TaskManagers
            assertThat(decisions)
                    .extracting(RoutingDecision::getRouterSubtask)
                    .containsOnly(0, 1)
                    .contains(0, 1);
            long restarts = rest.restarts(jobId, 1, Duration.ofSeconds(30));
            assertThat(restarts).as("restarts after the kill").isGreaterThanOrEqualTo(1);
            assertThat(rest.jobState(jobId)).isEqualTo("RUNNING");

            Instant firstAfterKill =
                    resumed.stream()
                            .map(RoutingDecision::getDecidedAt)
                            .filter(t -> t.isAfter(killedAt))
                            .min(Instant::compareTo)
                            .orElseThrow();
            System.out.printf(
                    "multi-process cluster: ready in %.1f s, job running %.1f s after that; %d tasks, "
                            + "%d decisions, %d lost, %d duplicated, %d restart(s); after the SIGKILL the first "
                            + "decision was made after %.1f s and a decision for a new task was visible "
                            + "(read_committed) after %.1f s; test %.1f s%n",
                    seconds(clusterReady - testStart),
                    seconds(jobRunning - clusterReady),
                    tasks.size(),
                    decisions.size(),
                    tasks.stream().filter(t -> !perTask.containsKey(t)).count(),
                    decisions.size() - perTask.size(),
                    restarts,
                    Duration.between(killedAt, firstAfterKill).toMillis() / 1000.0,
                    Duration.between(killedAt, resumedSeenAt).toMillis() / 1000.0,
                    seconds(System.nanoTime() - testStart));
            rest.cancel(jobId);
        } finally {
            load.shutdownNow();
            TempDirectories.delete(dir);
        }
    }

    /**
     * Wraps a read condition so that a failed job fails the wait at once, with the processes' logs.
     */
    private static <T> Predicate<List<T>> watching(
            FlinkRestClient rest,
            String jobId,
            FlinkProcessCluster cluster,
            Predicate<List<T>> done) {
        return records -> {
            try {
                String state = rest.jobState(jobId);
                if (state.equals("FAILED") || state.equals("CANCELED")) {
                    throw new AssertionError("the job is " + state + "\n" + cluster.logTails());
                }
            } catch (IOException e) {
                throw new AssertionError(
                        "the JobManager does not answer: " + e + "\n" + cluster.logTails(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            return done.test(records);
        };
    }

    private static void awaitTaskManagers(
            FlinkRestClient rest, FlinkProcessCluster cluster, int count)
            throws InterruptedException {
        await(
                count + " TaskManagers registered",
                cluster,
                () -> rest.get("/overview").path("taskmanagers").asInt() == count);
    }

    private interface Check {
        boolean holds() throws IOException, InterruptedException;
    }

    private static void await(String what, FlinkProcessCluster cluster, Check check)
            throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            try {
                if (check.holds()) {
                    return;
                }
            } catch (IOException notListeningYet) {
                // the JobManager's REST endpoint is still starting
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "timed out waiting for " + what + "\n" + cluster.logTails());
            }
            Thread.sleep(500);
        }
    }

    private static Set<String> classesIn(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream()
                    .map(ZipEntry::getName)
                    .filter(
                            n ->
                                    n.endsWith(".class")
                                            && !n.startsWith("META-INF/")
                                            && !n.endsWith("module-info.class"))
                    .collect(Collectors.toSet());
        }
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
