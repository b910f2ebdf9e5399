package io.qrouter.job;

import static io.qrouter.job.KafkaJobTestKit.heartbeat;
import static io.qrouter.job.KafkaJobTestKit.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.core.text.Printable;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.serde.AnyInputBytesTest;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.job.serde.AvroRecordSerializer;
import io.qrouter.tools.demo.PoisonRecords;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Poison records against the running job (MiniCluster, real broker, restart strategy none, so any
 * failure fails the test): the records that stopped routing in issue 10 — a heartbeat with a 600 KB
 * server id, tasks with 600 KB and 1 MB ids and a NaN load — and an output record over the size
 * limit. Each becomes one bounded dead letter and routing goes on. Plus the limit itself, measured
 * against the producer and the broker.
 */
class PoisonRecordsIT {
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final List<String> SERVERS = List.of("s-1", "s-2", "s-3");

    @RegisterExtension static final EmbeddedBroker BROKER = new EmbeddedBroker();

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void oversizedHeartbeatAndTasksAreEachDeadLetteredOnceAndRoutingGoesOn() throws Exception {
        ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor();
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("poison");
            kit.start(kit.config(settings(topics, "server.down-timeout.ms=30000")), 2);
            String heartbeatsTopic = topics.get(ConfigKey.TOPIC_HEARTBEATS);
            String tasksTopic = topics.get(ConfigKey.TOPIC_TASKS);
            kit.beatEvery200Millis(beats, heartbeatsTopic, SERVERS);
            List<String> before = kit.sendTasks(topics, "before", 50);
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_DECISIONS),
                    RoutingDecision.class,
                    WAIT,
                    decided -> taskIds(decided).containsAll(before));

            byte[] hugeHeartbeat =
                    PoisonRecords.oversizedServerIdHeartbeat(PoisonRecords.OVERSIZED_ID);
            byte[] hugeTask = PoisonRecords.nanLoadTask("t".repeat(PoisonRecords.OVERSIZED_ID));
            byte[] hugerTask = PoisonRecords.nanLoadTask("u".repeat(PoisonRecords.HUGE_ID));
            kit.sendRaw(heartbeatsTopic, "huge-server", hugeHeartbeat);
            kit.sendRaw(tasksTopic, "huge-task", hugeTask);
            kit.sendRaw(tasksTopic, "huger-task", hugerTask);
            List<String> after = kit.sendTasks(topics, "after", 50);

            List<RoutingDecision> decisions =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DECISIONS),
                            RoutingDecision.class,
                            WAIT,
                            decided -> taskIds(decided).containsAll(after));
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_DEAD_LETTER),
                    DeadLetter.class,
                    WAIT,
                    letters -> letters.size() >= 3);
            // more checkpoints pass (the job keeps running and committing): still exactly three
            Thread.sleep(2_000);
            List<DeadLetter> letters =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DEAD_LETTER),
                            DeadLetter.class,
                            WAIT,
                            got -> got.size() >= 3);
            kit.failIfJobStopped();

            assertThat(letters).hasSize(3);
            Map<Integer, DeadLetter> byLength =
                    letters.stream()
                            .collect(
                                    Collectors.toMap(
                                            DeadLetter::getRawLength, Function.identity()));
            assertThat(byLength)
                    .containsOnlyKeys(hugeHeartbeat.length, hugeTask.length, hugerTask.length);
            assertDeadLetter(
                    byLength.get(hugeHeartbeat.length),
                    heartbeatsTopic,
                    hugeHeartbeat,
                    "serverId: longer than validation.max-id-length = 256 characters (614400)",
                    null);
            assertDeadLetter(
                    byLength.get(hugeTask.length),
                    tasksTopic,
                    hugeTask,
                    "taskId: longer than validation.max-id-length = 256 characters (614400)",
                    "t".repeat(255) + Printable.TRUNCATED);
            assertDeadLetter(
                    byLength.get(hugerTask.length),
                    tasksTopic,
                    hugerTask,
                    "taskId: longer than validation.max-id-length = 256 characters (1000000)",
                    "u".repeat(255) + Printable.TRUNCATED);

            Map<String, Long> perTask =
                    decisions.stream()
                            .collect(
                                    Collectors.groupingBy(
                                            RoutingDecision::getTaskId, Collectors.counting()));
            List<String> all = new ArrayList<>(before);
            all.addAll(after);
            assertThat(perTask.keySet()).containsExactlyInAnyOrderElementsOf(all);
            assertThat(perTask.values()).containsOnly(1L);
        } finally {
            beats.shutdownNow();
        }
    }

    /**
     * A DSRS assignment lists every backlogged MEC system: slow servers with 2,000-character names
     * each take one slot's arrivals in turn, so after nine slots an assignment passes
     * sink.max-record-bytes. It becomes a dead letter, and the job goes on.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void anOutputRecordOverTheLimitBecomesADeadLetterAndTheJobGoesOn() throws Exception {
        List<String> fleet =
                IntStream.range(0, 20).mapToObj(i -> String.format("%02000d", i)).toList();
        ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor();
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("too-large");
            kit.start(
                    kit.config(
                            settings(
                                    topics,
                                    "server.down-timeout.ms=30000",
                                    "validation.max-id-length=2048",
                                    "sink.max-record-bytes=16384",
                                    "dsrs.slot.ms=200")),
                    2);
            String heartbeatsTopic = topics.get(ConfigKey.TOPIC_HEARTBEATS);
            // 0.05 tasks/s serves 0.01 task per 200 ms slot: a system given a slot's arrivals
            // keeps its backlog, so each later slot goes to another one (Eq. 23 takes the lowest Q)
            beats.scheduleAtFixedRate(
                    () ->
                            fleet.forEach(
                                    s ->
                                            kit.send(
                                                    heartbeatsTopic,
                                                    s,
                                                    Heartbeat.newBuilder(heartbeat(s))
                                                            .setServiceRatePerSecond(0.05)
                                                            .build())),
                    0,
                    500,
                    TimeUnit.MILLISECONDS);
            List<String> sent = new ArrayList<>();
            for (int batch = 0; batch < 14; batch++) {
                sent.addAll(kit.sendTasks(topics, "a" + batch, 4));
                Thread.sleep(300); // one batch per 200 ms slot
            }
            Thread.sleep(3_000); // later tasks move the watermark past the first ones' slots
            sent.addAll(kit.sendTasks(topics, "b", 30));

            List<DeadLetter> letters =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DEAD_LETTER),
                            DeadLetter.class,
                            WAIT,
                            got -> !got.isEmpty());
            List<RoutingDecision> decisions =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DECISIONS),
                            RoutingDecision.class,
                            WAIT,
                            decided -> taskIds(decided).containsAll(sent));
            kit.failIfJobStopped();

            String dsrsTopic = topics.get(ConfigKey.TOPIC_DSRS_ASSIGNMENTS);
            RecordLimits limits =
                    RecordLimits.from(JobConfig.defaults().with("sink.max-record-bytes", "16384"));
            assertThat(letters)
                    .allSatisfy(
                            letter -> {
                                assertThat(letter.getSourceTopic()).isEqualTo(dsrsTopic);
                                assertThat(letter.getReason())
                                        .startsWith(
                                                "output record too large for " + dsrsTopic + ": ")
                                        .endsWith("> sink.max-record-bytes = 16384; not written");
                                assertThat(letter.getRawLength()).isGreaterThan(16_384);
                                assertThat(AvroCodec.of(DeadLetter.class).encode(letter).length)
                                        .isLessThanOrEqualTo(limits.maxDeadLetterBytes());
                            });
            assertThat(decisions).extracting(RoutingDecision::getTaskId).doesNotHaveDuplicates();
        } finally {
            beats.shutdownNow();
        }
    }

    /**
     * The largest sink.max-record-bytes the job accepts with the default producer (max.request.size
     * − 1024) is written by a real producer to the real broker; one byte more is replaced. The
     * producer's own ceiling, found by bisection, lies above it (Kafka frames a lone record in
     * under 100 bytes).
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void recordsAtTheLimitReachTheBrokerOneByteMoreIsReplacedAndTheProducersCeilingIsAbove()
            throws Exception {
        int maxRequestSize =
                Integer.parseInt(
                        ProducerConfig.configDef()
                                .defaultValues()
                                .get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG)
                                .toString());
        int limit = maxRequestSize - JobConfig.RECORD_FRAMING_BYTES;
        RecordLimits limits =
                RecordLimits.from(JobConfig.defaults().with("sink.max-record-bytes", "" + limit));
        var serializer =
                new AvroRecordSerializer<>(
                        "limit-decisions",
                        RoutingDecision.class,
                        RoutingDecision::getServerId,
                        "limit-dead-letter",
                        limits);
        RoutingDecision small = decision("");
        int overhead = "s-1".length() + AvroCodec.of(RoutingDecision.class).encode(small).length;
        // the policy's length prefix grows from 1 byte (empty) to 3 bytes (about 1 MB)
        RoutingDecision atLimit = decision("p".repeat(limit - overhead - 2));
        RoutingDecision overLimit = decision("p".repeat(limit - overhead - 1));

        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, BROKER.bootstrapServers());
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            ProducerRecord<byte[], byte[]> written = serializer.serialize(atLimit, null, null);
            assertThat(written.topic()).isEqualTo("limit-decisions");
            assertThat(written.key().length + written.value().length).isEqualTo(limit);
            producer.send(written).get(30, TimeUnit.SECONDS);

            ProducerRecord<byte[], byte[]> replaced = serializer.serialize(overLimit, null, null);
            assertThat(replaced.topic()).isEqualTo("limit-dead-letter");
            producer.send(replaced).get(30, TimeUnit.SECONDS);

            int ceiling = largestAcceptedValue(producer, limit, maxRequestSize);
            System.out.printf(
                    "sink.max-record-bytes ceiling %d; largest value the producer and broker take with a "
                            + "3-byte key: %d (framing %d bytes of max.request.size %d)%n",
                    limit, ceiling, maxRequestSize - ceiling - 3, maxRequestSize);
            assertThat(ceiling + 3).isGreaterThan(limit);
            assertThatThrownBy(
                            () ->
                                    producer.send(
                                                    new ProducerRecord<>(
                                                            "limit-raw",
                                                            "s-1".getBytes(),
                                                            new byte[ceiling + 1]))
                                            .get(30, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(RecordTooLargeException.class);
        }
    }

    /**
     * Bisection over value sizes with a 3-byte key: the largest the producer sends and the broker
     * stores.
     */
    private static int largestAcceptedValue(
            KafkaProducer<byte[], byte[]> producer, int accepted, int refused) throws Exception {
        int low = accepted;
        int high = refused;
        while (high - low > 1) {
            int mid = (low + high) >>> 1;
            try {
                producer.send(new ProducerRecord<>("limit-raw", "s-1".getBytes(), new byte[mid]))
                        .get(30, TimeUnit.SECONDS);
                low = mid;
            } catch (ExecutionException e) {
                assertThat(e.getCause()).isInstanceOf(RecordTooLargeException.class);
                high = mid;
            }
        }
        return low;
    }

    private static void assertDeadLetter(
            DeadLetter letter, String topic, byte[] raw, String reason, String taskId) {
        assertThat(letter.getSourceTopic()).isEqualTo(topic);
        assertThat(letter.getReason()).isEqualTo(reason);
        assertThat(letter.getRawSha256()).isEqualTo(AnyInputBytesTest.sha256(raw));
        assertThat(letter.getRawBytes().remaining()).isEqualTo(1024);
        assertThat(letter.getTaskId()).isEqualTo(taskId);
        assertThat(AvroCodec.of(DeadLetter.class).encode(letter).length).isLessThan(2_000);
    }

    private static RoutingDecision decision(String policy) {
        return RoutingDecision.newBuilder()
                .setTaskId("t-1")
                .setServerId("s-1")
                .setRule("MIN_K")
                .setPolicy(policy)
                .setDecidedAt(Instant.ofEpochMilli(1_000))
                .build();
    }

    private static Set<String> taskIds(List<RoutingDecision> decisions) {
        return decisions.stream().map(RoutingDecision::getTaskId).collect(Collectors.toSet());
    }
}
