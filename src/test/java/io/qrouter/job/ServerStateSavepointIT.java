package io.qrouter.job;

import static io.qrouter.job.KafkaJobTestKit.heartbeat;
import static io.qrouter.job.KafkaJobTestKit.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.tools.health.CheckpointRestore;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A savepoint of the job restores into a freshly built one with each server's state: its queue, its
 * heartbeat count, its estimator windows and its down timer. One server reports 30 tasks (26 served
 * in 50 ms each, 4 still waiting) and heartbeats, under RocksDB (so its state passes through the
 * write-back cache and the hand-written serializers); the job is stopped with a savepoint; a new
 * job restores it and gets no input at all. All the second job can write is the server's down
 * record, when its restored down timer fires: a fresh state would have neither the timer nor the
 * figures it reports, which must be those of the server's last heartbeat.
 */
class ServerStateSavepointIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String SERVER = "s-1";
    private static final int WAITING = 4;

    /** Silence before the server counts as down: the savepoint must complete well within it. */
    private static final Duration DOWN_TIMEOUT = Duration.ofSeconds(20);

    @RegisterExtension static final EmbeddedBroker BROKER = new EmbeddedBroker();

    @TempDir Path dir;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void perServerStateSurvivesASavepointIntoANewJob() throws Exception {
        try (KafkaJobTestKit feed = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = feed.freshTopics("savepoint");
            JobConfig config =
                    feed.config(
                            settings(
                                    topics,
                                    "job.name=server-state-savepoint-it",
                                    "state.backend=rocksdb",
                                    "server.metrics-refresh.ms=0",
                                    "server.down-timeout.ms=" + DOWN_TIMEOUT.toMillis()));
            String metricsTopic = topics.get(ConfigKey.TOPIC_SERVER_METRICS);

            String savepoint;
            ServerMetrics lastAlive;
            long lastHeartbeat;
            try (KafkaJobTestKit first = new KafkaJobTestKit(BROKER.bootstrapServers())) {
                JobClient job = first.start(config, 1);
                sendTaskEvents(feed, topics.get(ConfigKey.TOPIC_SERVER_EVENTS));
                // heartbeats every 200 ms until one reports the estimates the events made; not
                // KafkaJobTestKit.beatEvery200Millis: these report a queue, and the test counts
                // them
                AtomicInteger sentCount = new AtomicInteger();
                AtomicLong lastSentAt = new AtomicLong();
                ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor();
                beats.scheduleAtFixedRate(
                        () -> {
                            feed.send(
                                    topics.get(ConfigKey.TOPIC_HEARTBEATS),
                                    SERVER,
                                    Heartbeat.newBuilder(heartbeat(SERVER))
                                            .setQueueLength(WAITING)
                                            .build());
                            feed.flush();
                            sentCount.incrementAndGet();
                            lastSentAt.set(System.currentTimeMillis());
                        },
                        0,
                        200,
                        TimeUnit.MILLISECONDS);
                try {
                    first.readCommitted(
                            metricsTopic,
                            ServerMetrics.class,
                            WAIT,
                            m -> ofServer(m).stream().anyMatch(x -> x.getMu() != null));
                } finally {
                    beats.shutdown();
                    assertThat(beats.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
                }
                int sent = sentCount.get();
                lastHeartbeat = lastSentAt.get();
                // one record per heartbeat (refresh 0): the last one's counts them all
                lastAlive =
                        withTriggers(
                                first.readCommitted(
                                        metricsTopic,
                                        ServerMetrics.class,
                                        WAIT,
                                        m -> withTriggers(m, sent) != null),
                                sent);
                savepoint =
                        job.stopWithSavepoint(
                                        false,
                                        dir.resolve("savepoints").toUri().toString(),
                                        SavepointFormatType.CANONICAL)
                                .get(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
            assertThat(Duration.ofMillis(System.currentTimeMillis() - lastHeartbeat))
                    .as("the savepoint came after the down timeout: raise DOWN_TIMEOUT")
                    .isLessThan(DOWN_TIMEOUT);
            assertThat(lastAlive.getAlive()).isTrue();
            assertThat(lastAlive.getQueueLength()).isEqualTo(WAITING);
            assertThat(lastAlive.getLambda()).isNotNull();

            try (KafkaJobTestKit second = new KafkaJobTestKit(BROKER.bootstrapServers())) {
                CheckpointRestore restore = CheckpointRestore.resolve(config, savepoint);
                assertThat(restore.restorePath()).as(restore.description()).isNotNull();
                Instant restarted = Instant.now();
                second.start(config, 1, restore);
                ServerMetrics down =
                        down(
                                second.readCommitted(
                                        metricsTopic,
                                        ServerMetrics.class,
                                        WAIT,
                                        m -> down(m) != null));
                System.out.printf(
                        "restored %s; the down record %s after the restart: %s%n",
                        restore.restorePath().getName(),
                        Duration.between(restarted, down.getAt()),
                        down);
                assertThat(down.getAlive()).isFalse();
                assertThat(down.getAt()).isAfter(restarted);
                assertThat(down.getQueueLength()).isEqualTo(WAITING);
                assertThat(down.getHeartbeatTriggers()).isEqualTo(lastAlive.getHeartbeatTriggers());
                // every service took 50 ms: 20/s, from the restored window buckets
                assertThat(down.getMu()).isCloseTo(20.0, within(1e-9)).isEqualTo(lastAlive.getMu());
                assertThat(down.getLambda()).isNotNull().isEqualTo(lastAlive.getLambda());
                assertThat(down.getRecommendedHeartbeatMillis())
                        .isEqualTo(lastAlive.getRecommendedHeartbeatMillis());
            }
        }
    }

    /**
     * 30 tasks enqueued 100 ms apart, ending over two seconds ago; all but the last {@link
     * #WAITING} started 10 ms after and completed 50 ms later (μ = 20/s; enough arrivals and
     * completions for λ and μ with the default minima of 20).
     */
    private static void sendTaskEvents(KafkaJobTestKit feed, String topic) {
        long t0 = System.currentTimeMillis() - 5_000;
        for (int i = 0; i < 30; i++) {
            long enqueued = t0 + 100L * i;
            event(feed, topic, i, TaskEventType.ENQUEUED, enqueued);
            if (i < 30 - WAITING) {
                event(feed, topic, i, TaskEventType.STARTED, enqueued + 10);
                event(feed, topic, i, TaskEventType.COMPLETED, enqueued + 60);
            }
        }
        feed.flush();
    }

    private static void event(
            KafkaJobTestKit feed, String topic, int task, TaskEventType type, long at) {
        feed.send(
                topic,
                SERVER,
                TaskEvent.newBuilder()
                        .setServerId(SERVER)
                        .setTaskId("t-" + task)
                        .setType(type)
                        .setEventTime(Instant.ofEpochMilli(at))
                        .build());
    }

    private static List<ServerMetrics> ofServer(List<ServerMetrics> records) {
        return records.stream().filter(m -> m.getServerId().equals(SERVER)).toList();
    }

    private static ServerMetrics withTriggers(List<ServerMetrics> records, long heartbeats) {
        return ofServer(records).stream()
                .filter(m -> m.getHeartbeatTriggers() == heartbeats)
                .findFirst()
                .orElse(null);
    }

    private static ServerMetrics down(List<ServerMetrics> records) {
        return ofServer(records).stream().filter(m -> !m.getAlive()).findFirst().orElse(null);
    }
}
