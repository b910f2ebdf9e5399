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
import io.qrouter.tools.kafka.CommittedRecords;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A black hole under open admission, on a real broker: a server that only beats (reporting μ = 10⁶,
 * so every policy wants it) and never acknowledges a task is ejected within router.ack-timeout.ms
 * of its first decision, the ejection is on control-log, and every task it swallowed is on
 * dead-letter, or, with router.redecide-unacknowledged, decided again. Two honest servers
 * acknowledge what they read from {@code decisions}.
 */
class BlackHoleIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long ACK_TIMEOUT_MILLIS = 1_000;

    @RegisterExtension static final EmbeddedBroker BROKER = new EmbeddedBroker();

    /** The servers' beats and acknowledgements, for one test. */
    private final ScheduledExecutorService load = Executors.newScheduledThreadPool(2);

    private final AtomicBoolean running = new AtomicBoolean(true);

    @AfterEach
    void stopTheServers() {
        running.set(false);
        load.shutdownNow();
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aBlackHoleIsEjectedWithinTheTimeoutAndItsTasksAreDeadLettered() throws Exception {
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("hole");
            List<String> tasks = routeBesideAHole(kit, topics, false);
            List<RoutingDecision> decided = kit.decisionsOf(topics, tasks, WAIT);
            List<RoutingDecision> toHole =
                    decided.stream().filter(d -> d.getServerId().equals("hole")).toList();
            assertThat(toHole).isNotEmpty();
            ControlLogEntry ejection = ejectionOf(kit, topics);
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
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void withRedecideEveryTaskTheHoleSwallowedIsDecidedAgainToAnHonestServer() throws Exception {
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("hole-redecide");
            List<String> tasks = routeBesideAHole(kit, topics, true);
            Set<String> sent = Set.copyOf(tasks);
            List<RoutingDecision> decided =
                    kit
                            .readCommitted(
                                    topics.get(ConfigKey.TOPIC_DECISIONS),
                                    RoutingDecision.class,
                                    WAIT,
                                    all -> everyHoleTaskRedecided(all, sent))
                            .stream()
                            .filter(d -> sent.contains(d.getTaskId()))
                            .toList();
            List<String> toHole =
                    decided.stream()
                            .filter(d -> d.getServerId().equals("hole"))
                            .map(RoutingDecision::getTaskId)
                            .toList();
            List<RoutingDecision> again =
                    decided.stream().filter(d -> d.getRedecidedFrom() != null).toList();
            System.out.printf(
                    "black hole, re-deciding: %d tasks sent to it, %d decided again%n",
                    toHole.size(), again.size());
            assertThat(toHole).isNotEmpty();
            assertThat(again)
                    .extracting(RoutingDecision::getTaskId)
                    .containsExactlyInAnyOrderElementsOf(toHole);
            assertThat(again).allSatisfy(d -> assertThat(d.getServerId()).startsWith("s-"));
            assertThat(again).extracting(RoutingDecision::getRedecidedFrom).containsOnly("hole");
            assertThat(decided)
                    .as("one decision per task, plus the re-decisions")
                    .hasSize(tasks.size() + again.size());
            assertThat(ejectionOf(kit, topics).getReason()).endsWith("its tasks re-decided");
            // the ejection is logged after its tasks are settled: every dead letter is written
            List<String> deadLettered = new java.util.ArrayList<>();
            AvroCodec<DeadLetter> letters = AvroCodec.of(DeadLetter.class);
            Properties client = new Properties();
            client.put("bootstrap.servers", BROKER.bootstrapServers());
            CommittedRecords.read(
                    client,
                    topics.get(ConfigKey.TOPIC_DEAD_LETTER),
                    0,
                    r -> deadLettered.add(letters.decode(r.value()).getTaskId()));
            assertThat(deadLettered).doesNotContainAnyElementsOf(toHole);
        }
    }

    private static boolean everyHoleTaskRedecided(List<RoutingDecision> all, Set<String> sent) {
        Set<String> toHole = new java.util.HashSet<>();
        Set<String> decided = new java.util.HashSet<>();
        Set<String> again = new java.util.HashSet<>();
        for (RoutingDecision d : all) {
            if (!sent.contains(d.getTaskId())) {
                continue;
            }
            decided.add(d.getTaskId());
            if (d.getServerId().equals("hole")) {
                toHole.add(d.getTaskId());
            }
            if (d.getRedecidedFrom() != null) {
                again.add(d.getTaskId());
            }
        }
        return decided.size() == sent.size() && !toHole.isEmpty() && again.containsAll(toHole);
    }

    /**
     * Starts the job (jsq, open admission), two honest servers and a hole beating with μ = 10⁶,
     * then sends a task every 20 ms for 4 s: the hole takes them until it is ejected.
     */
    private List<String> routeBesideAHole(
            KafkaJobTestKit kit, Map<ConfigKey, String> topics, boolean redecide) throws Exception {
        kit.start(
                kit.config(
                        settings(
                                topics,
                                "server.admission=open",
                                "router.policy=jsq",
                                "router.ack-timeout.ms=" + ACK_TIMEOUT_MILLIS,
                                "router.redecide-unacknowledged=" + redecide)),
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
        List<String> tasks = new java.util.ArrayList<>();
        for (int i = 0; i < 200; i++) {
            tasks.addAll(kit.sendTasks(topics, "b" + i, 1));
            Thread.sleep(20);
        }
        return tasks;
    }

    private static ControlLogEntry ejectionOf(KafkaJobTestKit kit, Map<ConfigKey, String> topics)
            throws Exception {
        return kit
                .readCommitted(
                        topics.get(ConfigKey.TOPIC_CONTROL_LOG),
                        ControlLogEntry.class,
                        WAIT,
                        log -> log.stream().anyMatch(e -> "EJECTED".equals(e.getAction())))
                .stream()
                .filter(e -> "EJECTED".equals(e.getAction()))
                .findFirst()
                .orElseThrow();
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
