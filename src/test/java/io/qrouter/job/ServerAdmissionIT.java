package io.qrouter.job;

import static io.qrouter.job.KafkaJobTestKit.heartbeat;
import static io.qrouter.job.KafkaJobTestKit.settings;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.core.control.CommandSignature;
import io.qrouter.core.control.CommandWords;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.convert.ControlCommands;
import io.qrouter.job.convert.ServerSignature;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Server admission end to end, on a real broker: the rogue clients of issue 30 (a heartbeat-only
 * server reporting μ = 10⁶, one faking lifecycle events, forged FAILING and leaving heartbeats for
 * a real server) get no decision, and each of their records is on dead-letter with the reason; a
 * signed {@code register} admits a server while the job runs, a {@code deregister} ends it.
 */
class ServerAdmissionIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String CONTROL_SECRET = "admission-it-control-0123456789";
    private static final String FLEET_SECRET = "admission-it-fleet-0123456789";
    private static final List<String> REAL = List.of("s-1", "s-2");

    @RegisterExtension static final EmbeddedBroker BROKER = new EmbeddedBroker();

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void allowListKeepsRoguesOutAndRegisterDeregisterChangeItLive() throws Exception {
        ScheduledExecutorService load = Executors.newSingleThreadScheduledExecutor();
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("allow");
            kit.start(
                    kit.config(
                            settings(
                                    topics,
                                    "server.allow-list=" + String.join(",", REAL),
                                    "control.hmac-secret=" + CONTROL_SECRET,
                                    "router.policy=jsq")),
                    2);
            String beats = topics.get(ConfigKey.TOPIC_HEARTBEATS);
            kit.beatEvery200Millis(load, beats, REAL);
            load.scheduleAtFixedRate(
                    () -> {
                        kit.send(beats, "evil-1", fast(heartbeat("evil-1")));
                        kit.send(
                                topics.get(ConfigKey.TOPIC_SERVER_EVENTS),
                                "evil-2",
                                fakeEvent("evil-2", "t-faked"));
                    },
                    0,
                    200,
                    TimeUnit.MILLISECONDS);
            awaitMetricsOf(kit, topics, REAL);

            List<String> first = kit.sendTasks(topics, "first", 40);
            assertThat(serversOf(kit.decisionsOf(topics, first, WAIT))).isSubsetOf(REAL);
            List<DeadLetter> refused =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DEAD_LETTER),
                            DeadLetter.class,
                            WAIT,
                            d -> refusedServers(d).containsAll(List.of("evil-1", "evil-2")));
            assertThat(refused)
                    .filteredOn(d -> d.getReason().startsWith("server evil-2"))
                    .allSatisfy(
                            d ->
                                    assertThat(d.getSourceTopic())
                                            .isEqualTo(topics.get(ConfigKey.TOPIC_SERVER_EVENTS)))
                    .allSatisfy(d -> assertThat(d.getReason()).contains("not admitted"));

            ControlLogEntry registered = control(kit, topics, "register", "evil-1");
            assertThat(registered.getOutcome()).isEqualTo("APPLIED");
            assertThat(registered.getReason()).contains("allow-list of 3");
            // idle and 10⁵ times faster than the others: jsq sends it tasks once it is admitted
            List<String> second = awaitDecidedTo(kit, topics, "evil-1", "second");
            assertThat(second).isNotEmpty();

            ControlLogEntry deregistered = control(kit, topics, "deregister", "evil-1");
            assertThat(deregistered.getOutcome()).isEqualTo("APPLIED");
            long after = deregistered.getLoggedAt().toEpochMilli();
            kit.readCommitted(
                    topics.get(ConfigKey.TOPIC_DEAD_LETTER),
                    DeadLetter.class,
                    WAIT,
                    d ->
                            d.stream()
                                    .anyMatch(
                                            l ->
                                                    l.getReason().startsWith("server evil-1")
                                                            && l.getAt().toEpochMilli() > after));
            List<String> third = kit.sendTasks(topics, "third", 40);
            assertThat(serversOf(kit.decisionsOf(topics, third, WAIT))).isSubsetOf(REAL);
            assertThat(control(kit, topics, "servers").getReason())
                    .isEqualTo("server.admission=allow-list; allow-list of 2: s-1, s-2");
        } finally {
            load.shutdownNow();
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void signedAdmissionRefusesUnsignedAndForgedRecords() throws Exception {
        ServerSignature keys = new ServerSignature(FLEET_SECRET);
        ServerSignature otherFleet = new ServerSignature("another-fleet-secret-0123");
        ScheduledExecutorService load = Executors.newSingleThreadScheduledExecutor();
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            Map<ConfigKey, String> topics = kit.freshTopics("signed");
            kit.start(
                    kit.config(
                            settings(
                                    topics,
                                    "server.hmac-secret=" + FLEET_SECRET,
                                    "server.admission=signed",
                                    "server.allow-list=",
                                    "router.policy=round-robin")),
                    2);
            String beats = topics.get(ConfigKey.TOPIC_HEARTBEATS);
            load.scheduleAtFixedRate(
                    () -> {
                        for (String id : REAL) {
                            kit.send(beats, id, signed(keys, heartbeat(id)));
                        }
                        kit.send(beats, "evil-1", fast(heartbeat("evil-1")));
                        kit.send(beats, "evil-2", signed(otherFleet, fast(heartbeat("evil-2"))));
                        Heartbeat forged = heartbeat("s-1");
                        forged.setHealth(Health.FAILING);
                        forged.setLeaving(true);
                        kit.send(beats, "s-1", signed(otherFleet, forged));
                    },
                    0,
                    200,
                    TimeUnit.MILLISECONDS);
            awaitMetricsOf(kit, topics, REAL);

            List<String> tasks = kit.sendTasks(topics, "signed", 40);
            List<RoutingDecision> decided = kit.decisionsOf(topics, tasks, WAIT);
            // round robin over the admitted: the forged FAILING and leaving beats of s-1 changed
            // nothing, so s-1 takes its half
            assertThat(serversOf(decided)).containsExactlyInAnyOrderElementsOf(REAL);
            // (two router subtasks, each alternating over its own share of the tasks)
            assertThat(decided.stream().filter(d -> d.getServerId().equals("s-1")).count())
                    .isGreaterThanOrEqualTo(19);
            List<DeadLetter> refused =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_DEAD_LETTER),
                            DeadLetter.class,
                            WAIT,
                            d ->
                                    d.stream().anyMatch(l -> l.getReason().startsWith("unsigned"))
                                            && d.stream()
                                                            .filter(
                                                                    l ->
                                                                            l.getReason()
                                                                                    .startsWith(
                                                                                            "wrong signature"))
                                                            .count()
                                                    >= 4);
            assertThat(refused).allSatisfy(d -> assertThat(d.getRawBytes()).isNotNull());
            List<ServerMetrics> metrics =
                    kit.readCommitted(
                            topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                            ServerMetrics.class,
                            Duration.ofSeconds(5),
                            m -> true);
            assertThat(metrics)
                    .extracting(ServerMetrics::getServerId)
                    .doesNotContain("evil-1", "evil-2");
            assertThat(metrics)
                    .filteredOn(m -> m.getServerId().equals("s-1"))
                    .allSatisfy(m -> assertThat(m.getAlive()).isTrue());
        } finally {
            load.shutdownNow();
        }
    }

    private static Heartbeat fast(Heartbeat beat) {
        beat.setServiceRatePerSecond(1e6);
        return beat;
    }

    private static Heartbeat signed(ServerSignature keys, Heartbeat beat) {
        beat.setSignature(ServerSignature.sign(keys.serverKey(beat.getServerId()), beat));
        return beat;
    }

    private static TaskEvent fakeEvent(String serverId, String taskId) {
        return TaskEvent.newBuilder()
                .setServerId(serverId)
                .setTaskId(taskId)
                .setType(TaskEventType.COMPLETED)
                .setEventTime(Instant.now())
                .build();
    }

    private static void awaitMetricsOf(
            KafkaJobTestKit kit, Map<ConfigKey, String> topics, List<String> servers)
            throws Exception {
        kit.readCommitted(
                topics.get(ConfigKey.TOPIC_SERVER_METRICS),
                ServerMetrics.class,
                WAIT,
                m ->
                        m.stream()
                                .map(ServerMetrics::getServerId)
                                .collect(Collectors.toSet())
                                .containsAll(servers));
    }

    /** Sends batches of tasks until one is decided to {@code server}; the tasks it got. */
    private static List<String> awaitDecidedTo(
            KafkaJobTestKit kit, Map<ConfigKey, String> topics, String server, String batch)
            throws Exception {
        for (int round = 0; round < 20; round++) {
            List<String> tasks = kit.sendTasks(topics, batch + round, 10);
            List<String> got =
                    kit.decisionsOf(topics, tasks, WAIT).stream()
                            .filter(d -> d.getServerId().equals(server))
                            .map(RoutingDecision::getTaskId)
                            .toList();
            if (!got.isEmpty()) {
                return got;
            }
            Thread.sleep(200);
        }
        return List.of();
    }

    private static Set<String> serversOf(List<RoutingDecision> decisions) {
        return decisions.stream().map(RoutingDecision::getServerId).collect(Collectors.toSet());
    }

    private static Set<String> refusedServers(List<DeadLetter> letters) {
        return letters.stream()
                .map(DeadLetter::getReason)
                .filter(r -> r.startsWith("server ") && r.contains("not admitted"))
                .map(r -> r.substring("server ".length(), r.indexOf(':')))
                .collect(Collectors.toSet());
    }

    /** Signs and sends {@code words}; the job's answer on control-log. */
    private static ControlLogEntry control(
            KafkaJobTestKit kit, Map<ConfigKey, String> topics, String... words) throws Exception {
        String id = UUID.randomUUID().toString();
        var command = CommandWords.parse(id, "it", System.currentTimeMillis(), List.of(words));
        kit.send(
                topics.get(ConfigKey.TOPIC_CONTROL),
                "fleet",
                ControlCommands.record(command, new CommandSignature(CONTROL_SECRET)));
        kit.flush();
        return kit
                .readCommitted(
                        topics.get(ConfigKey.TOPIC_CONTROL_LOG),
                        ControlLogEntry.class,
                        WAIT,
                        log -> log.stream().anyMatch(e -> e.getCommandId().equals(id)))
                .stream()
                .filter(e -> e.getCommandId().equals(id))
                .findFirst()
                .orElseThrow();
    }
}
