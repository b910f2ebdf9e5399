package io.qrouter.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.job.config.TopicNames;
import io.qrouter.tools.fleet.Ejections;
import io.qrouter.tools.fleet.FailingServers;
import io.qrouter.tools.fleet.Fleet;
import io.qrouter.tools.fleet.FleetConfig;
import io.qrouter.tools.fleet.FleetReport;
import io.qrouter.tools.fleet.FleetResult;
import io.qrouter.tools.fleet.ServerModel;
import io.qrouter.tools.fleet.TaskTimeline;
import io.qrouter.tools.kafka.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Outlier ejection end to end: the real job (MiniCluster, real in-process broker) with {@code
 * outlier.enabled=true}, and the fleet with server-3 failing every task. What the test checks is
 * read back from the topics, not from the fleet's tallies: server-3's FAILED events on
 * server-events, the EJECTED and RETURNED events on control-log, and on decisions that server-3 got
 * tasks before its ejection, none while it was out, and tasks again once it returned. The demo's
 * own reading of the same ({@link Ejections}, in report.json and report.html) must agree.
 */
class FailingServerEjectionIT {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String FAILING = "server-3";
    private static final long EJECTION_MILLIS = 4000;

    /**
     * How long after the EJECTED event a router may still decide for the server: the new control
     * state travels from the control operator to every router (milliseconds, more on a loaded
     * machine).
     */
    private static final long PROPAGATION_MILLIS = 1000;

    @RegisterExtension static final EmbeddedBroker BROKER = new EmbeddedBroker();

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aServerThatFailsItsTasksIsEjectedGetsNoTasksAndReturns(@TempDir Path out)
            throws Exception {
        Topics.createAll(BROKER.bootstrapServers(), 2, (short) 1);
        try (KafkaJobTestKit kit = new KafkaJobTestKit(BROKER.bootstrapServers())) {
            kit.start(
                    kit.config(
                            "outlier.enabled=true",
                            "outlier.consecutive-failures=5",
                            "outlier.base-ejection.ms=" + EJECTION_MILLIS,
                            // one of four servers may be out (the default 10 % would allow none)
                            "outlier.max-ejection-share=0.25"),
                    2);
            FleetConfig config =
                    new FleetConfig(
                            BROKER.bootstrapServers(),
                            4,
                            40,
                            "poisson",
                            0.6,
                            0.3,
                            2,
                            200,
                            11,
                            "ejection-it",
                            "ejection-it-fleet",
                            Map.of(),
                            0,
                            30,
                            new FailingServers(List.of(FAILING), 1.0),
                            ServerModel.DEFAULT);
            FleetResult result;
            try (Fleet fleet = Fleet.start(config)) {
                // long enough for the ejection (after five failures), its 4 s and the return
                Thread.sleep(14_000);
                fleet.stopProducing();
                assertThat(fleet.awaitDecisions(WAIT)).isTrue();
                result = fleet.stop();
            }

            List<TaskEvent> failed =
                    kit
                            .readCommitted(
                                    TopicNames.SERVER_EVENTS,
                                    TaskEvent.class,
                                    WAIT,
                                    events -> failedCount(events) >= result.failed())
                            .stream()
                            .filter(e -> e.getType() == TaskEventType.FAILED)
                            .toList();
            assertThat(result.failed()).isPositive();
            assertThat(failed)
                    .hasSize((int) result.failed())
                    .allSatisfy(e -> assertThat(e.getServerId()).isEqualTo(FAILING))
                    .allSatisfy(e -> assertThat(e.getReason()).startsWith("simulated failure"));
            assertThat(result.timelines())
                    .filteredOn(t -> "FAILED".equals(t.outcome()))
                    .extracting(TaskTimeline::serverId)
                    .containsOnly(FAILING);

            List<ControlLogEntry> events =
                    kit
                            .readCommitted(
                                    TopicNames.CONTROL_LOG,
                                    ControlLogEntry.class,
                                    WAIT,
                                    log -> eventTime(log, "RETURNED " + FAILING) > 0)
                            .stream()
                            .filter(e -> "EVENT".equals(e.getOutcome()))
                            .toList();
            assertThat(events)
                    .extracting(ControlLogEntry::getReason)
                    .allSatisfy(r -> assertThat(r).containsAnyOf(FAILING, "PANIC"))
                    .anySatisfy(
                            r ->
                                    assertThat(r)
                                            .startsWith("EJECTED " + FAILING + " for 4000 ms")
                                            .endsWith("5 failures in a row"));
            long ejectedAt = eventTime(events, "EJECTED " + FAILING);
            long returnedAt = eventTime(events, "RETURNED " + FAILING);
            assertThat(returnedAt - ejectedAt).isBetween(EJECTION_MILLIS, EJECTION_MILLIS + 2000);

            List<RoutingDecision> decisions =
                    kit.readCommitted(
                            TopicNames.DECISIONS,
                            RoutingDecision.class,
                            WAIT,
                            d -> d.size() >= result.decided());
            assertThat(decidedFor(decisions, FAILING, 0, ejectedAt))
                    .as("server-3 got tasks until it had failed five")
                    .isGreaterThanOrEqualTo(5);
            assertThat(decidedFor(decisions, FAILING, ejectedAt + PROPAGATION_MILLIS, returnedAt))
                    .as("no task for server-3 while it is ejected")
                    .isZero();
            assertThat(
                            decisions.stream()
                                    .filter(d -> !d.getServerId().equals(FAILING))
                                    .filter(d -> within(d, ejectedAt, returnedAt))
                                    .count())
                    .as("the others got tasks meanwhile")
                    .isGreaterThan(20);
            assertThat(decidedFor(decisions, FAILING, returnedAt, Long.MAX_VALUE))
                    .as("back in service after the ejection")
                    .isPositive();

            Ejections read = Ejections.read(config, result.startEpochMillis());
            Ejections.Ejection first = read.ejections().get(0);
            assertThat(first.serverId()).isEqualTo(FAILING);
            assertThat(first.fromSeconds())
                    .isEqualTo((ejectedAt - result.startEpochMillis()) / 1000.0);
            assertThat(first.untilSeconds())
                    .isEqualTo((returnedAt - result.startEpochMillis()) / 1000.0);
            assertThat(first.decisionsDuring())
                    .isEqualTo(decidedFor(decisions, FAILING, ejectedAt + 1, returnedAt));
            assertThat(read.events())
                    .extracting(Ejections.Event::text)
                    .containsAll(events.stream().map(ControlLogEntry::getReason).toList());
            FleetReport.write(result, out, Map.of("outliers", read.toJson()));
            assertThat(Files.readString(out.resolve("report.html")))
                    .contains("Outlier ejection")
                    .contains("EJECTED " + FAILING);
        }
    }

    private static long failedCount(List<TaskEvent> events) {
        return events.stream().filter(e -> e.getType() == TaskEventType.FAILED).count();
    }

    /** When the first event whose reason starts with {@code prefix} was logged; 0 if none. */
    private static long eventTime(List<ControlLogEntry> log, String prefix) {
        return log.stream()
                .filter(e -> e.getReason() != null && e.getReason().startsWith(prefix))
                .mapToLong(e -> e.getLoggedAt().toEpochMilli())
                .findFirst()
                .orElse(0);
    }

    private static long decidedFor(
            List<RoutingDecision> decisions, String serverId, long fromMillis, long untilMillis) {
        return decisions.stream()
                .filter(d -> d.getServerId().equals(serverId))
                .filter(d -> within(d, fromMillis, untilMillis))
                .count();
    }

    private static boolean within(RoutingDecision d, long fromMillis, long untilMillis) {
        long at = d.getDecidedAt().toEpochMilli();
        return at >= fromMillis && at < untilMillis;
    }
}
