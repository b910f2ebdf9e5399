package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.tools.kafka.CommittedRecords;
import io.qrouter.tools.kafka.EmbeddedKafka;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet against a real broker, with a stand-in router instead of the Flink job: round-robin
 * decisions (transactional, so read_committed matters), one server-metrics record recommending a
 * faster heartbeat to server-1, every 50th task sent to the dead-letter topic instead of being
 * decided, and every 30th rejected (a REJECTED decision, no server, as loss-aware admission writes
 * it). The router pauses for 2.5 s once: the fleet must report that stall.
 */
class FleetIT {
    private static final int SERVERS = 4;

    @Test
    void servesDecisionsPublishesEventsAndHeartbeatsAndAccountsForEveryTask(@TempDir Path out)
            throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start().createTopics(2)) {
            AtomicBoolean routing = new AtomicBoolean(true);
            AtomicBoolean paused = new AtomicBoolean(false);
            Thread router =
                    new Thread(
                            () -> route(kafka.bootstrapServers(), routing, paused),
                            "stand-in-router");
            router.start();
            FleetConfig config =
                    new FleetConfig(
                            kafka.bootstrapServers(),
                            SERVERS,
                            60,
                            "poisson",
                            0.7,
                            0.5,
                            0.5,
                            1000,
                            42,
                            "it",
                            "fleet-it",
                            Map.of(),
                            0,
                            1.0,
                            FailingServers.NONE,
                            ServerModel.DEFAULT);
            FleetResult result;
            List<String> alerts;
            try (Fleet fleet = Fleet.start(config)) {
                Thread.sleep(2500);
                paused.set(true);
                Thread.sleep(2500);
                paused.set(false);
                Thread.sleep(1500);
                fleet.stopProducing();
                assertThat(fleet.awaitDecisions(Duration.ofSeconds(20))).isTrue();
                result = fleet.stop();
                alerts = fleet.takeAlerts();
            } finally {
                routing.set(false);
                router.join();
            }

            assertThat(result.sent()).isGreaterThan(150);
            assertThat(result.undecided()).isZero();
            assertThat(result.deadLetter()).isEqualTo(result.sent() / 50);
            // The fleet's counts against what the topics hold (read_committed), not against its own
            // tallies.
            Set<String> sentIds =
                    committedTaskIds(
                            kafka.bootstrapServers(),
                            TopicNames.TASKS,
                            bytes -> AvroCodec.of(TaskRequest.class).decode(bytes).getTaskId());
            Set<String> decidedIds =
                    committedTaskIds(
                            kafka.bootstrapServers(),
                            TopicNames.DECISIONS,
                            bytes -> AvroCodec.of(RoutingDecision.class).decode(bytes).getTaskId());
            Set<String> deadIds =
                    committedTaskIds(
                            kafka.bootstrapServers(),
                            TopicNames.DEAD_LETTER,
                            bytes ->
                                    AvroCodec.of(io.qrouter.avro.DeadLetter.class)
                                            .decode(bytes)
                                            .getTaskId());
            assertThat(sentIds).hasSize((int) result.sent());
            assertThat(decidedIds)
                    .hasSize((int) result.decided())
                    .doesNotContainAnyElementsOf(deadIds);
            assertThat(deadIds).hasSize((int) result.deadLetter());
            Set<String> answered = new HashSet<>(decidedIds);
            answered.addAll(deadIds);
            assertThat(answered).isEqualTo(sentIds);
            assertThat(result.unknownServer()).isZero();
            Set<String> rejectedIds =
                    committedTaskIds(
                            kafka.bootstrapServers(),
                            TopicNames.DECISIONS,
                            bytes -> {
                                RoutingDecision d =
                                        AvroCodec.of(RoutingDecision.class).decode(bytes);
                                return d.getRule().equals("REJECTED") ? d.getTaskId() : "";
                            });
            rejectedIds.remove("");
            assertThat(rejectedIds).isNotEmpty().hasSize((int) result.rejected());
            assertThat(result.timelines())
                    .filteredOn(t -> t.outcome().equals("REJECTED"))
                    .extracting(TaskTimeline::taskId)
                    .containsExactlyInAnyOrderElementsOf(rejectedIds);
            assertThat(result.duplicateDecisions()).isZero();
            assertThat(result.completed()).isGreaterThan(result.decided() / 2);
            // the pause: tasks waiting and no decision for more than --stall-after (1 s), said and
            // reported
            assertThat(alerts)
                    .anyMatch(a -> a.startsWith("STALL: "))
                    .anyMatch(a -> a.startsWith("routing resumed"));
            assertThat(result.longestStallSeconds()).isBetween(2.0, 4.0);

            Map<TaskEventType, Integer> events = new EnumMap<>(TaskEventType.class);
            Map<String, Integer> heartbeatsByServer = new HashMap<>();
            int leaving = 0;
            for (ConsumerRecord<String, byte[]> r :
                    readAll(kafka.bootstrapServers(), TopicNames.SERVER_EVENTS)) {
                TaskEvent e = AvroCodec.of(TaskEvent.class).decode(r.value());
                assertThat(r.key()).isEqualTo(e.getServerId());
                events.merge(e.getType(), 1, Integer::sum);
            }
            for (ConsumerRecord<String, byte[]> r :
                    readAll(kafka.bootstrapServers(), TopicNames.HEARTBEATS)) {
                Heartbeat h = AvroCodec.of(Heartbeat.class).decode(r.value());
                heartbeatsByServer.merge(h.getServerId(), 1, Integer::sum);
                leaving += h.getLeaving() ? 1 : 0;
            }
            assertThat(events.get(TaskEventType.ENQUEUED)).isEqualTo((int) result.admitted());
            assertThat(events.get(TaskEventType.COMPLETED)).isEqualTo((int) result.completed());
            assertThat(events.getOrDefault(TaskEventType.ABANDONED, 0))
                    .isEqualTo((int) result.abandoned());
            assertThat(leaving).isEqualTo(SERVERS);
            // server-1 was told (a few seconds in) to beat every 100 ms, the others keep 1 s
            assertThat(heartbeatsByServer.get("server-1"))
                    .isGreaterThan(2 * heartbeatsByServer.get("server-2"));

            FleetReport.write(result, out, Map.of());
            for (String file : FleetReport.FILES) {
                assertThat(out.resolve(file)).isNotEmptyFile();
            }
            assertThat(Files.readString(out.resolve("report.json")))
                    .contains("\"queued_at_end\"")
                    .doesNotContain("NaN");
        }
    }

    private static void route(String bootstrap, AtomicBoolean running, AtomicBoolean paused) {
        AvroCodec<TaskRequest> tasks = AvroCodec.of(TaskRequest.class);
        AvroCodec<RoutingDecision> decisions = AvroCodec.of(RoutingDecision.class);
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "stand-in-router");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "stand-in-router");
        try (KafkaConsumer<String, byte[]> consumer =
                        new KafkaConsumer<>(
                                c, new StringDeserializer(), new ByteArrayDeserializer());
                KafkaProducer<String, byte[]> producer =
                        new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            producer.initTransactions();
            consumer.subscribe(Set.of(TopicNames.TASKS));
            long n = 0;
            while (running.get()) {
                if (paused.get()) {
                    java.util.concurrent.locks.LockSupport.parkNanos(20_000_000);
                    continue;
                }
                var records = consumer.poll(Duration.ofMillis(100));
                if (records.isEmpty()) {
                    continue;
                }
                producer.beginTransaction();
                if (n == 0) { // the fleet consumes from its start: answer after its first task
                    ServerMetrics fast =
                            ServerMetrics.newBuilder()
                                    .setServerId("server-1")
                                    .setAt(Instant.now())
                                    .setAlive(true)
                                    .setQueueLength(0)
                                    .setRecommendedHeartbeatMillis(100)
                                    .build();
                    producer.send(
                            new ProducerRecord<>(
                                    TopicNames.SERVER_METRICS,
                                    "server-1",
                                    AvroCodec.of(ServerMetrics.class).encode(fast)));
                }
                for (ConsumerRecord<String, byte[]> r : records) {
                    TaskRequest task = tasks.decode(r.value());
                    n++;
                    if (n % 50 == 0) {
                        io.qrouter.avro.DeadLetter letter =
                                io.qrouter.avro.DeadLetter.newBuilder()
                                        .setSourceTopic(TopicNames.TASKS)
                                        .setReason("no server alive")
                                        .setTaskId(task.getTaskId())
                                        .setAt(Instant.now())
                                        .build();
                        producer.send(
                                new ProducerRecord<>(
                                        TopicNames.DEAD_LETTER,
                                        task.getTaskId(),
                                        AvroCodec.of(io.qrouter.avro.DeadLetter.class)
                                                .encode(letter)));
                        continue;
                    }
                    boolean rejected = n % 30 == 0;
                    String server = rejected ? "" : "server-" + (1 + n % SERVERS);
                    RoutingDecision d =
                            RoutingDecision.newBuilder()
                                    .setTaskId(task.getTaskId())
                                    .setServerId(server)
                                    .setRule(
                                            rejected
                                                    ? "REJECTED"
                                                    : n % 2 == 0 ? "IDLE_QUEUE" : "MIN_K")
                                    .setPolicy("stand-in")
                                    .setDecidedAt(Instant.now())
                                    .setTaskCreatedAt(task.getCreatedAt())
                                    .build();
                    producer.send(
                            new ProducerRecord<>(
                                    TopicNames.DECISIONS, server, decisions.encode(d)));
                }
                producer.commitTransaction();
            }
        }
    }

    private static Set<String> committedTaskIds(
            String bootstrap, String topic, Function<byte[], String> taskId) {
        Properties client = new Properties();
        client.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        Set<String> ids = new HashSet<>();
        CommittedRecords.read(client, topic, 0, r -> ids.add(taskId.apply(r.value())));
        return ids;
    }

    private static List<ConsumerRecord<String, byte[]>> readAll(String bootstrap, String topic) {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "reader-" + topic);
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        try (KafkaConsumer<String, byte[]> consumer =
                new KafkaConsumer<>(c, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(Set.of(topic));
            List<ConsumerRecord<String, byte[]>> all = new java.util.ArrayList<>();
            int emptyPolls = 0;
            while (emptyPolls < 3) {
                var records = consumer.poll(Duration.ofMillis(500));
                if (records.isEmpty() && !all.isEmpty()) {
                    emptyPolls++;
                }
                records.forEach(all::add);
            }
            return all;
        }
    }
}
