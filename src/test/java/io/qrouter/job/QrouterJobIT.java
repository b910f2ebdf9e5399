package io.qrouter.job;

import static io.qrouter.job.KafkaJobTestKit.heartbeat;
import static io.qrouter.job.KafkaJobTestKit.settings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.SlotAssignment;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.dsrs.DsrsOffline;
import io.qrouter.core.dsrs.SlotInput;
import io.qrouter.core.dsrs.SlotParameters;
import io.qrouter.core.dsrs.SlotRecord;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.operators.GaBatchFunction;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The whole job on a MiniCluster against a real in-process Kafka broker: Avro in, Avro out, exactly
 * once.
 */
class QrouterJobIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final List<String> LIVE_SERVERS = List.of("s-1", "s-2", "s-3");
    private static final String SILENT_SERVER = "s-silent";

    @RegisterExtension static final EmbeddedBroker BROKER = new EmbeddedBroker();

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void everyTaskGetsExactlyOneDecisionForALiveServerAndBadInputIsDeadLetteredWhileTheJobRuns()
            throws Exception {
        ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor();
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("eo");
            JobConfig config =
                    kit.config(
                            settings(
                                    topics,
                                    "server.down-timeout.ms=1000",
                                    "router.parallelism=2",
                                    "sink.delivery-guarantee=exactly-once"));
            kit.start(config, 2);

            // One server reports once and falls silent; the others keep reporting every 200 ms.
            kit.send(
                    topics.get(ConfigKey.TOPIC_HEARTBEATS),
                    SILENT_SERVER,
                    heartbeat(SILENT_SERVER));
            kit.beatEvery200Millis(
                    heartbeats, topics.get(ConfigKey.TOPIC_HEARTBEATS), LIVE_SERVERS);
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                    ServerMetrics.class,
                    WAIT,
                    metrics ->
                            metrics.stream()
                                    .anyMatch(
                                            m ->
                                                    m.getServerId().equals(SILENT_SERVER)
                                                            && !m.getAlive()));

            List<String> firstBatch = kit.sendTasks(topics, "a", 150);
            List<RoutingDecision> firstDecisions =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DECISIONS),
                            RoutingDecision.class,
                            WAIT,
                            decided -> taskIds(decided).containsAll(firstBatch));

            // Servers report the lifecycle of the tasks they got; then bad records arrive on every
            // input.
            for (RoutingDecision d : firstDecisions) {
                for (TaskEventType type :
                        List.of(
                                TaskEventType.ENQUEUED,
                                TaskEventType.STARTED,
                                TaskEventType.COMPLETED)) {
                    kit.send(
                            topics.get(ConfigKey.TOPIC_SERVER_EVENTS),
                            d.getServerId(),
                            TaskEvent.newBuilder()
                                    .setServerId(d.getServerId())
                                    .setTaskId(d.getTaskId())
                                    .setType(type)
                                    .setEventTime(Instant.now())
                                    .build());
                }
            }
            kit.sendRaw(
                    topics.get(ConfigKey.TOPIC_TASKS),
                    "garbage",
                    new byte[] {(byte) 0xde, (byte) 0xad, 1, 2});
            kit.send(
                    topics.get(ConfigKey.TOPIC_SERVER_EVENTS),
                    "s-1",
                    TaskEvent.newBuilder()
                            .setServerId("s-1")
                            .setTaskId("t-odd")
                            .setType(TaskEventType.UNKNOWN)
                            .setEventTime(Instant.now())
                            .build());
            kit.send(
                    topics.get(ConfigKey.TOPIC_HEARTBEATS),
                    "s-2",
                    Heartbeat.newBuilder(heartbeat("s-2")).setQueueLength(-3).build());
            List<String> secondBatch = kit.sendTasks(topics, "b", 150);

            List<RoutingDecision> decisions =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DECISIONS),
                            RoutingDecision.class,
                            WAIT,
                            decided -> taskIds(decided).containsAll(secondBatch));
            List<DeadLetter> deadLetters =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DEAD_LETTER),
                            DeadLetter.class,
                            WAIT,
                            letters -> letters.size() >= 3);
            List<HeartbeatLog> log =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_HEARTBEAT_LOG),
                            HeartbeatLog.class,
                            WAIT,
                            entries -> completedIn(entries) >= firstDecisions.size());
            kit.failIfJobStopped();

            List<String> allTasks = new ArrayList<>(firstBatch);
            allTasks.addAll(secondBatch);
            Map<String, Long> decisionsPerTask =
                    decisions.stream()
                            .collect(
                                    Collectors.groupingBy(
                                            RoutingDecision::getTaskId, Collectors.counting()));
            assertThat(decisionsPerTask.keySet()).containsExactlyInAnyOrderElementsOf(allTasks);
            assertThat(decisionsPerTask.values()).as("decisions per task").containsOnly(1L);
            assertThat(decisions).extracting(RoutingDecision::getServerId).isSubsetOf(LIVE_SERVERS);
            assertThat(decisions)
                    .extracting(RoutingDecision::getPolicy)
                    .containsOnly("heartbeat-k-live");

            assertThat(deadLetters).hasSize(3);
            Map<String, DeadLetter> byTopic =
                    deadLetters.stream()
                            .collect(
                                    Collectors.toMap(
                                            DeadLetter::getSourceTopic, Function.identity()));
            assertThat(byTopic.get(topics.get(ConfigKey.TOPIC_TASKS)).getReason())
                    .contains("not a valid TaskRequest");
            assertThat(byTopic.get(topics.get(ConfigKey.TOPIC_TASKS)).getRawBytes().remaining())
                    .isEqualTo(4);
            assertThat(byTopic.get(topics.get(ConfigKey.TOPIC_SERVER_EVENTS)).getReason())
                    .isEqualTo("type: unknown event type");
            assertThat(byTopic.get(topics.get(ConfigKey.TOPIC_SERVER_EVENTS)).getTaskId())
                    .isEqualTo("t-odd");
            assertThat(byTopic.get(topics.get(ConfigKey.TOPIC_HEARTBEATS)).getReason())
                    .isEqualTo("queueLength: negative (-3)");
            assertThat(deadLetters).allSatisfy(d -> assertThat(d.getOffset()).isNotNegative());

            // Each lifecycle event is counted once in the heartbeat log: exactly once through state
            // and sink.
            assertThat(completedIn(log)).isEqualTo(firstDecisions.size());

            // server-metrics is a changelog: no record repeats its server's previous one (the 30 s
            // refresh is longer than this run)
            List<ServerMetrics> metrics =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                            ServerMetrics.class,
                            WAIT,
                            ms ->
                                    ms.stream()
                                                    .map(ServerMetrics::getServerId)
                                                    .filter(LIVE_SERVERS::contains)
                                                    .count()
                                            > LIVE_SERVERS.size());
            for (String server : LIVE_SERVERS) {
                List<ServerMetrics> shown =
                        metrics.stream()
                                .filter(m -> m.getServerId().equals(server))
                                .sorted(Comparator.comparing(ServerMetrics::getAt))
                                .map(QrouterJobIT::content)
                                .toList();
                for (int i = 1; i < shown.size(); i++) {
                    assertThat(shown.get(i))
                            .as(server + " record " + i)
                            .isNotEqualTo(shown.get(i - 1));
                }
            }
        } finally {
            heartbeats.shutdownNow();
        }
    }

    /** What a server-metrics record shows, less its time and heartbeat counter. */
    private static ServerMetrics content(ServerMetrics m) {
        return ServerMetrics.newBuilder(m).setAt(Instant.EPOCH).setHeartbeatTriggers(0).build();
    }

    /**
     * DSRS in the job equals io.qrouter.core.dsrs.DsrsOffline on the same arrivals, capacities and
     * costs.
     */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void dsrsAssignmentsEqualTheOfflineComputation() throws Exception {
        long tau = 200;
        double v = 10;
        Map<String, Double> ratePerSecond = Map.of("s-1", 10.0, "s-2", 20.0, "s-3", 5.0);
        ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor();
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("dsrs");
            kit.start(
                    kit.config(
                            settings(
                                    topics,
                                    "dsrs.slot.ms=" + tau,
                                    "dsrs.v=" + v,
                                    "dsrs.unit-costs=s-1=1,s-2=2,s-3=0.5,video/s-1=0.25",
                                    // a server must not be taken for down while the test machine is
                                    // busy
                                    "server.down-timeout.ms=30000")),
                    2);
            heartbeats.scheduleAtFixedRate(
                    () ->
                            ratePerSecond.forEach(
                                    (server, rate) ->
                                            kit.send(
                                                    topics.get(ConfigKey.TOPIC_HEARTBEATS),
                                                    server,
                                                    Heartbeat.newBuilder(heartbeat(server))
                                                            .setServiceRatePerSecond(rate)
                                                            .build())),
                    0,
                    200,
                    TimeUnit.MILLISECONDS);

            // 30 slots of random arrivals, a few seconds ahead, so no task is late whenever the job
            // gets to them;
            // one key, hence one partition, so they arrive in event-time order.
            long firstSlot = (System.currentTimeMillis() + 8_000) / tau;
            int slots = 30;
            SplittableRandom random = new SplittableRandom(2002);
            List<SlotInput> inputs = new ArrayList<>();
            List<TaskRequest> tasks = new ArrayList<>();
            for (long slot = firstSlot; slot < firstSlot + slots; slot++) {
                for (String service : List.of("search", "video")) {
                    int arrivals = random.nextInt(7);
                    if (arrivals > 0) {
                        inputs.add(new SlotInput(slot, service, arrivals));
                    }
                    for (int k = 0; k < arrivals; k++) {
                        tasks.add(
                                TaskRequest.newBuilder()
                                        .setTaskId("d-" + slot + "-" + service + "-" + k)
                                        .setServiceType(service)
                                        .setCreatedAt(
                                                Instant.ofEpochMilli(
                                                        slot * tau + random.nextLong(tau)))
                                        .build());
                    }
                }
            }
            tasks.sort(Comparator.comparing(TaskRequest::getCreatedAt));
            // A last task far ahead moves the tasks' watermark past every slot above (its own slot
            // stays open).
            tasks.add(
                    TaskRequest.newBuilder()
                            .setTaskId("d-sentinel")
                            .setServiceType("sentinel")
                            .setCreatedAt(Instant.ofEpochMilli((firstSlot + 200) * tau))
                            .build());
            tasks.forEach(task -> kit.send(topics.get(ConfigKey.TOPIC_TASKS), "dsrs", task));
            kit.flush();

            List<String> systems = List.of("s-1", "s-2", "s-3");
            double[] capacity =
                    systems.stream()
                            .mapToDouble(s -> ratePerSecond.get(s) * tau / 1000.0)
                            .toArray();
            List<SlotRecord> expected =
                    DsrsOffline.run(
                            systems,
                            tau,
                            inputs,
                            SlotParameters.fixed(
                                    Map.of("search", capacity, "video", capacity),
                                    Map.of(
                                            "search",
                                            new double[] {1, 2, 0.5},
                                            "video",
                                            new double[] {0.25, 2, 0.5})),
                            v);

            List<SlotAssignment> actual =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DSRS_ASSIGNMENTS),
                            SlotAssignment.class,
                            WAIT,
                            got ->
                                    got.stream()
                                                    .filter(
                                                            a ->
                                                                    !a.getServiceType()
                                                                            .equals("sentinel"))
                                                    .count()
                                            >= expected.size());
            actual.removeIf(a -> a.getServiceType().equals("sentinel"));
            actual.sort(
                    Comparator.comparingLong(SlotAssignment::getSlot)
                            .thenComparing(SlotAssignment::getServiceType));

            assertThat(actual).hasSameSizeAs(expected);
            for (int i = 0; i < expected.size(); i++) {
                SlotRecord e = expected.get(i);
                SlotAssignment a = actual.get(i);
                String where = "slot " + e.slot() + " " + e.serviceType();
                assertThat(a.getSlot()).as(where).isEqualTo(e.slot());
                assertThat(a.getServiceType()).as(where).isEqualTo(e.serviceType());
                assertThat(a.getMecSystem()).as(where).isEqualTo(e.mecSystem());
                assertThat(a.getCount()).as(where).isEqualTo(e.count());
                assertThat(a.getCost()).as(where).isCloseTo(e.cost(), within(1e-9));
                assertThat(a.getSlotStart().toEpochMilli())
                        .as(where)
                        .isEqualTo(e.slotStartMillis());
                assertThat(a.getV()).as(where).isEqualTo(v);
                // a record lists the backlogs only: a system it does not list has none
                Map<String, Double> backlogs = new java.util.TreeMap<>(e.queuesAfter());
                backlogs.values().removeIf(q -> q == 0);
                assertThat(a.getQueuesAfter().keySet()).as(where).isEqualTo(backlogs.keySet());
                backlogs.forEach(
                        (system, q) ->
                                assertThat(a.getQueuesAfter().get(system))
                                        .as(where + " Q " + system)
                                        .isCloseTo(q, within(1e-9)));
            }
            // the input really exercised the choice: more than one MEC system was chosen
            assertThat(actual.stream().map(SlotAssignment::getMecSystem).distinct().count())
                    .isGreaterThan(1);
        } finally {
            heartbeats.shutdownNow();
        }
    }

    /** GA batch mode through the same pipeline, with the other sink guarantee and state backend. */
    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void gaBatchModeAtLeastOnceOnRocksDbDecidesEveryTask() throws Exception {
        ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor();
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("ga");
            kit.start(
                    kit.config(
                            settings(
                                    topics,
                                    "router.policy=ga-batch",
                                    "ga.batch-size=10",
                                    "ga.window.ms=300",
                                    "ga.generations=10",
                                    "sink.delivery-guarantee=at-least-once",
                                    "state.backend=rocksdb",
                                    "server.down-timeout.ms=30000")),
                    2);
            kit.beatEvery200Millis(
                    heartbeats, topics.get(ConfigKey.TOPIC_HEARTBEATS), LIVE_SERVERS);
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                    ServerMetrics.class,
                    WAIT,
                    metrics ->
                            metrics.stream()
                                    .map(ServerMetrics::getServerId)
                                    .collect(Collectors.toSet())
                                    .containsAll(LIVE_SERVERS));

            List<String> sent = kit.sendTasks(topics, "ga", 60);
            List<RoutingDecision> decisions =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DECISIONS),
                            RoutingDecision.class,
                            WAIT,
                            decided -> taskIds(decided).containsAll(sent));

            assertThat(decisions)
                    .extracting(RoutingDecision::getTaskId)
                    .containsExactlyInAnyOrderElementsOf(sent);
            assertThat(decisions)
                    .extracting(RoutingDecision::getRule)
                    .containsOnly(GaBatchFunction.RULE);
            assertThat(decisions).extracting(RoutingDecision::getPolicy).containsOnly("mv-ga");
            assertThat(decisions).extracting(RoutingDecision::getServerId).isSubsetOf(LIVE_SERVERS);
        } finally {
            heartbeats.shutdownNow();
        }
    }

    private static Set<String> taskIds(List<RoutingDecision> decisions) {
        return decisions.stream()
                .map(RoutingDecision::getTaskId)
                .collect(Collectors.toCollection(HashSet::new));
    }

    private static long completedIn(List<HeartbeatLog> log) {
        return log.stream().mapToLong(entry -> entry.getEvents().getCompleted()).sum();
    }
}
