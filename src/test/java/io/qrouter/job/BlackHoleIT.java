package io.qrouter.job;

import static io.qrouter.job.KafkaJobTestKit.heartbeat;
import static io.qrouter.job.KafkaJobTestKit.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.serde.AvroCodec;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A black hole under open admission, on a real broker: a server that only beats (reporting μ = 10⁶,
 * so every policy wants it) and never acknowledges a task is ejected within router.ack-timeout.ms
 * of its first decision, the ejection is on control-log, and every task it swallowed is on
 * dead-letter. Two honest servers acknowledge what they read from {@code decisions}.
 */
class BlackHoleIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long ACK_TIMEOUT_MILLIS = 1_000;

    @RegisterExtension static final EmbeddedBroker BROKER = new EmbeddedBroker();

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aBlackHoleIsEjectedWithinTheTimeoutAndItsTasksAreDeadLettered() throws Exception {
        ScheduledExecutorService load = Executors.newScheduledThreadPool(2);
        AtomicBoolean running = new AtomicBoolean(true);
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("hole");
            kit.start(
                    kit.config(
                            settings(
                                    topics,
                                    "server.admission=open",
                                    "router.policy=jsq",
                                    "router.ack-timeout.ms=" + ACK_TIMEOUT_MILLIS)),
                    1);
            String beats = topics.get(ConfigKey.TOPIC_HEARTBEATS);
            kit.beatEvery200Millis(load, beats, List.of("s-1", "s-2"));
            load.scheduleAtFixedRate(
                    () -> {
                        var beat = heartbeat("hole");
                        beat.setServiceRatePerSecond(1e6);
                        kit.send(beats, "hole", beat);
                    },
                    0,
                    200,
                    TimeUnit.MILLISECONDS);
            load.submit(() -> acknowledge(kit, topics, running));
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                    ServerMetrics.class,
                    WAIT,
                    m -> m.stream().map(ServerMetrics::getServerId).distinct().count() == 3);

            // a task every 20 ms for 4 s: the hole takes them until it is ejected
            List<String> tasks = new java.util.ArrayList<>();
            for (int i = 0; i < 200; i++) {
                tasks.addAll(kit.sendTasks(topics, "b" + i, 1));
                Thread.sleep(20);
            }
            List<RoutingDecision> decided = kit.decisionsOf(topics, tasks, WAIT);
            List<RoutingDecision> toHole =
                    decided.stream().filter(d -> d.getServerId().equals("hole")).toList();
            assertThat(toHole).isNotEmpty();
            ControlLogEntry ejection =
                    kit
                            .readCommitted(
                                    topics.get(ConfigKey.TOPIC_CONTROL_LOG),
                                    ControlLogEntry.class,
                                    WAIT,
                                    log ->
                                            log.stream()
                                                    .anyMatch(e -> "EJECTED".equals(e.getAction())))
                            .stream()
                            .filter(e -> "EJECTED".equals(e.getAction()))
                            .findFirst()
                            .orElseThrow();
            assertThat(ejection.getTarget()).isEqualTo("hole");
            long first = toHole.get(0).getDecidedAt().toEpochMilli();
            long ejectedAfter = ejection.getLoggedAt().toEpochMilli() - first;
            long last = toHole.get(toHole.size() - 1).getDecidedAt().toEpochMilli();
            System.out.printf(
                    "black hole: first decision to ejection %d ms (timeout %d ms), %d tasks sent to it%n",
                    ejectedAfter, ACK_TIMEOUT_MILLIS, toHole.size());
            // ejected at the first decision past the timeout: with a task every 20 ms, within
            // a few tens of ms of it
            assertThat(ejectedAfter).isBetween(ACK_TIMEOUT_MILLIS, ACK_TIMEOUT_MILLIS + 500);
            assertThat(last).isLessThanOrEqualTo(ejection.getLoggedAt().toEpochMilli());
            Set<String> swallowed =
                    Set.copyOf(toHole.stream().map(RoutingDecision::getTaskId).toList());
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_DEAD_LETTER),
                    DeadLetter.class,
                    WAIT,
                    letters ->
                            letters.stream()
                                    .map(DeadLetter::getTaskId)
                                    .collect(java.util.stream.Collectors.toSet())
                                    .containsAll(swallowed));
        } finally {
            running.set(false);
            load.shutdownNow();
        }
    }

    /** The honest servers: an ENQUEUED for every decision of theirs, at once. */
    private static void acknowledge(
            KafkaJobTestKit kit, Map<ConfigKey, String> topics, AtomicBoolean running) {
        Properties props = new Properties();
        props.put("bootstrap.servers", BROKER.bootstrapServers());
        props.put("group.id", "acks-" + UUID.randomUUID());
        props.put("auto.offset.reset", "earliest");
        AvroCodec<RoutingDecision> codec = AvroCodec.of(RoutingDecision.class);
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topics.get(ConfigKey.TOPIC_DECISIONS)));
            while (running.get()) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(50))) {
                    RoutingDecision d = codec.decode(record.value());
                    if (d.getServerId().startsWith("s-")) {
                        kit.send(
                                topics.get(ConfigKey.TOPIC_SERVER_EVENTS),
                                d.getServerId(),
                                TaskEvent.newBuilder()
                                        .setServerId(d.getServerId())
                                        .setTaskId(d.getTaskId())
                                        .setType(TaskEventType.ENQUEUED)
                                        .setEventTime(Instant.now())
                                        .build());
                        kit.flush();
                    }
                }
            }
        }
    }
}
