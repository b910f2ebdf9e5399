package io.qrouter.job.operators;

import static io.qrouter.avro.TaskEventType.COMPLETED;
import static io.qrouter.avro.TaskEventType.ENQUEUED;
import static io.qrouter.avro.TaskEventType.STARTED;
import static io.qrouter.job.Records.event;
import static io.qrouter.job.Records.heartbeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.job.Harnesses;
import io.qrouter.job.records.ServerUpdate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the per-server state reports on each heartbeat and lifecycle event: the updates to the
 * routers, server metrics, the heartbeat log, the estimates behind them, and the tasks each update
 * acknowledges.
 */
class ServerStateFunctionTest extends ServerStateFunctionTestBase {
    @Test
    void eachHeartbeatEmitsOneSnapshotOneMetricsRecordAndOneLogEntry() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processEvent(event("s1", "t1", ENQUEUED, 100), 100);
        harness.processEvent(event("s1", "t1", STARTED, 150), 150);
        harness.processEvent(event("s1", "t2", ENQUEUED, 200), 200);
        harness.processHeartbeat(heartbeat("s1", 1_000, 2), 1_000);

        ServerUpdate snapshot = single(harness.extractOutputValues());
        assertThat(snapshot.getServerId()).isEqualTo("s1");
        assertThat(snapshot.isAlive()).isTrue();
        assertThat(snapshot.isIdle()).isFalse();
        assertThat(snapshot.getQueueLength()).isEqualTo(2);
        assertThat(snapshot.getHeartbeatAt()).isEqualTo(1_000);
        assertThat(snapshot.getHeartbeatTriggers()).isEqualTo(1);
        assertThat(snapshot.getCpu()).isEqualTo(0.5);

        ServerMetrics metrics = single(sideOutput(ServerStateFunction.METRICS));
        assertThat(metrics.getServerId()).isEqualTo("s1");
        assertThat(metrics.getAlive()).isTrue();
        assertThat(metrics.getAt().toEpochMilli()).isEqualTo(1_000);
        assertThat(metrics.getHeartbeatTriggers()).isEqualTo(1);
        assertThat(metrics.getModel()).isEqualTo("reneging");

        HeartbeatLog log = single(sideOutput(ServerStateFunction.HEARTBEAT_LOG));
        assertThat(log.getServerId()).isEqualTo("s1");
        assertThat(log.getEvents().getEnqueued()).isEqualTo(2);
        assertThat(log.getEvents().getStarted()).isEqualTo(1);
        assertThat(log.getStatus().getQueueLength()).isEqualTo(2);
        assertThat(log.getHeartbeatIntervalMillis()).isEqualTo(1_000);

        // The counts in the log are per heartbeat interval (a new queue length: an update too).
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 2_000, 3)).setCpu(0.9).build(), 2_000);
        List<HeartbeatLog> logs = sideOutput(ServerStateFunction.HEARTBEAT_LOG);
        assertThat(logs).hasSize(2);
        assertThat(logs.get(1).getEvents().getEnqueued()).isZero();
        assertThat(harness.extractOutputValues().get(1).getHeartbeatTriggers()).isEqualTo(2);
    }

    @Test
    void aHeartbeatThatTellsTheRoutersNothingNewIsLoggedButNotBroadcast() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("s1", 1_000, 2), 1_000);
        harness.processHeartbeat(heartbeat("s1", 2_000, 2), 2_000);
        harness.processHeartbeat(heartbeat("s1", 3_000, 2), 3_000);
        assertThat(harness.extractOutputValues()).hasSize(1);
        assertThat(sideOutput(ServerStateFunction.METRICS)).hasSize(1);
        assertThat(sideOutput(ServerStateFunction.HEARTBEAT_LOG)).hasSize(3);

        // any change a router or DSRS uses is news: queue, health, service rate; not the cpu,
        // which only the GA reads
        harness.processHeartbeat(heartbeat("s1", 4_000, 3), 4_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 5_000, 3)).setCpu(0.25).build(), 5_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 6_000, 3))
                        .setCpu(0.25)
                        .setHealth(Health.FAILING)
                        .build(),
                6_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 7_000, 3))
                        .setCpu(0.75)
                        .setHealth(Health.FAILING)
                        .setServiceRatePerSecond(7)
                        .build(),
                7_000);
        assertThat(harness.extractOutputValues())
                .extracting(ServerUpdate::getHeartbeatAt)
                .containsExactly(1_000L, 4_000L, 6_000L, 7_000L);
        assertThat(harness.extractOutputValues().get(3).getCpu())
                .as("an update emitted for other news carries the cpu as it is")
                .isEqualTo(0.75);
    }

    @Test
    void aHeartbeatMovingOnlyTheCpuIsNewsWhenTheGaRoutes() throws Exception {
        harness = Harnesses.serverState(settings("router.policy", "ga-batch"), null);
        harness.processHeartbeat(heartbeat("s1", 1_000, 2), 1_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 2_000, 2)).setCpu(0.25).build(), 2_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 3_000, 2)).setCpu(0.25).build(), 3_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 4_000, 2)).setMemory(0.5).build(), 4_000);
        assertThat(harness.extractOutputValues())
                .extracting(ServerUpdate::getHeartbeatAt)
                .containsExactly(1_000L, 2_000L, 4_000L);
    }

    /**
     * 30 tasks, one every 100 ms from t = 0, each served at once for 50 ms: lambda = 10/s, mu =
     * 20/s.
     */
    private void feedDeterministicStream() throws Exception {
        for (int i = 0; i < 30; i++) {
            long t = 100L * i;
            harness.processEvent(event("s1", "t" + i, ENQUEUED, t), t);
            harness.processEvent(event("s1", "t" + i, STARTED, t), t);
            harness.processEvent(event("s1", "t" + i, COMPLETED, t + 50), t + 50);
        }
    }

    @Test
    void estimatorsFedByLifecycleEventsDriveTheRenegingMetricsAndK() throws Exception {
        harness = Harnesses.serverState(settings, null);
        feedDeterministicStream();
        harness.processHeartbeat(heartbeat("s1", 3_000, 0), 3_000);

        ServerMetrics m = single(sideOutput(ServerStateFunction.METRICS));
        // Eq. (1): 30 arrivals over the 3 s since the first event; Eq. (2): 30 completions over 1.5
        // s of service.
        assertThat(m.getLambda()).isCloseTo(10.0, within(1e-9));
        assertThat(m.getMu()).isCloseTo(20.0, within(1e-9));
        assertThat(m.getAlphaC()).isNull();
        // No abandonment seen: M/M/1 with rho = 1/2, L_q = rho²/(1-rho) = 0.5, W_q = L_q/lambda =
        // 0.05 s.
        assertThat(m.getRho()).isCloseTo(0.5, within(1e-12));
        assertThat(m.getStable()).isTrue();
        assertThat(m.getMeanWaiting()).isCloseTo(0.5, within(1e-9));
        assertThat(m.getMeanWait()).isCloseTo(0.05, within(1e-9));
        assertThat(m.getVirtualWait()).isCloseTo(0.0, within(1e-12));
        // K with equal weights, times in the reference time T (router.k-time-unit.ms): (L_q + W_q/T
        // + 0)/3.
        double expectedK = (0.5 + 0.05 / settings.reportedLoadIndexTimeUnitSeconds()) / 3;
        assertThat(m.getLoadIndexK()).isCloseTo(expectedK, within(1e-9));
        assertThat(single(harness.extractOutputValues()).getLoadIndexK())
                .isCloseTo(expectedK, within(1e-9));

        HeartbeatLog log = single(sideOutput(ServerStateFunction.HEARTBEAT_LOG));
        assertThat(log.getLWq()).isCloseTo(0.5, within(1e-9));
        assertThat(log.getWQt()).isCloseTo(0.05, within(1e-9));
        assertThat(log.getStatus().getExitRateTheta()).isCloseTo(10.0, within(1e-9));
    }

    @Test
    void aServerOfTwoSlotsIsAnMm2QueueAndItsUpdatesSaySo() throws Exception {
        harness = Harnesses.serverState(settings, null);
        feedDeterministicStream();
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 3_000, 0)).setSlots(2).build(), 3_000);

        ServerMetrics m = single(sideOutput(ServerStateFunction.METRICS));
        // Erlang C with lambda = 10, mu = 20 per slot, c = 2: a = 0.5, rho = 0.25,
        // P0 = 1/(1 + a + a²/(2(1 - rho))) = 0.6, P(wait) = a²/2/(1 - rho)·P0 = 0.1,
        // L_q = P(wait)·rho/(1 - rho) = 1/30, W_q = L_q/lambda = 1/300 s
        assertThat(m.getRho()).isCloseTo(0.25, within(1e-12));
        assertThat(m.getMeanWaiting()).isCloseTo(1.0 / 30, within(1e-9));
        assertThat(m.getMeanWait()).isCloseTo(1.0 / 300, within(1e-9));
        assertThat(single(harness.extractOutputValues()).getSlots()).isEqualTo(2);
    }

    @Test
    void theChainPModelIsSelectable() throws Exception {
        harness = Harnesses.serverState(settings("server.queue-model", "chain-p"), null);
        feedDeterministicStream();
        harness.processHeartbeat(heartbeat("s1", 3_000, 0), 3_000);

        ServerMetrics m = single(sideOutput(ServerStateFunction.METRICS));
        assertThat(m.getModel()).isEqualTo("chain-p");
        // Without cancellations chain P is M/M/1 as well; it has no virtual waiting time.
        assertThat(m.getMeanWaiting()).isCloseTo(0.5, within(1e-9));
        assertThat(m.getMeanWait()).isCloseTo(0.05, within(1e-9));
        assertThat(m.getAbandonProbability()).isCloseTo(0.0, within(1e-12));
        assertThat(m.getVirtualWait()).isNull();
    }

    @Test
    void tooFewEventsLeaveTheEstimatesUnknown() throws Exception {
        harness = Harnesses.serverState(settings, null);
        for (int i = 0; i < 5; i++) {
            harness.processEvent(event("s1", "t" + i, ENQUEUED, 100L * i), 100L * i);
        }
        harness.processHeartbeat(heartbeat("s1", 1_000, 5), 1_000);
        ServerMetrics m = single(sideOutput(ServerStateFunction.METRICS));
        assertThat(m.getLambda()).isNull();
        assertThat(m.getLoadIndexK()).isNull();
        assertThat(m.getOverloaded()).isFalse();
    }

    @Test
    void aServerReceivingMoreThanItCanServeIsReportedOverloadedWithoutK() throws Exception {
        harness = Harnesses.serverState(settings, null);
        for (int i = 0; i < 30; i++) {
            harness.processEvent(event("s1", "t" + i, ENQUEUED, 100L * i), 100L * i);
        }
        // No completion yet: mu falls back to the reported 5/s, below lambda = 10/s, and nothing
        // abandons.
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 3_000, 30)).setServiceRatePerSecond(5).build(),
                3_000);
        ServerMetrics m = single(sideOutput(ServerStateFunction.METRICS));
        assertThat(m.getRho()).isCloseTo(2.0, within(1e-9));
        assertThat(m.getOverloaded()).isTrue();
        assertThat(m.getStable()).isFalse();
        assertThat(m.getLoadIndexK()).isNull();
        assertThat(m.getMeanWait()).isNull();
        ServerUpdate s = single(harness.extractOutputValues());
        assertThat(s.isOverloaded()).isTrue();
        assertThat(s.getLoadIndexK()).isNull();
    }

    @Test
    void recommendedHeartbeatShortensUnderLoad() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("idle", 1_000, 0), 1_000);
        harness.processHeartbeat(heartbeat("loaded", 1_000, 9), 1_000);
        List<ServerUpdate> out = harness.extractOutputValues();
        AdaptiveHeartbeat rule =
                new AdaptiveHeartbeat(
                        settings.heartbeatMin().toMillis(), settings.heartbeatMax().toMillis());
        assertThat(out.get(0).getRecommendedHeartbeatMillis())
                .isEqualTo(settings.heartbeatMax().toMillis());
        assertThat(out.get(1).getRecommendedHeartbeatMillis())
                .isEqualTo(rule.nextIntervalMillis(9, Double.NaN))
                .isLessThan(settings.heartbeatMax().toMillis());
    }

    @Test
    void queueLengthIsTheHeartbeatCountPlusOnlyTheEventsAfterIt() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("s1", 1_000, 2), 1_000);
        harness.processEvent(event("s1", "a", ENQUEUED, 1_500), 1_500);
        harness.processEvent(event("s1", "b", ENQUEUED, 2_500), 2_500);
        // Completed before the first heartbeat: already in its count of 2, whenever it arrives.
        harness.processEvent(event("s1", "c", COMPLETED, 900), 900);
        harness.processHeartbeat(heartbeat("s1", 2_000, 3), 2_000);

        List<ServerUpdate> out = harness.extractOutputValues();
        // a and b each changed the queue (3, then 4); c was already in the first heartbeat's count.
        // The second
        // heartbeat (3) already counts "a" (1500) but not "b" (2500): still 4, no news, so no
        // update of its own.
        assertThat(out).extracting(ServerUpdate::getQueueLength).containsExactly(2, 3, 4);
        assertThat(out).extracting(ServerUpdate::isHeartbeat).containsExactly(true, false, false);
        assertThat(sideOutput(ServerStateFunction.METRICS))
                .extracting(ServerMetrics::getQueueLength)
                .containsExactly(2, 4);
    }

    @Test
    void aServerThatBecomesIdleIsReportedAtOnceWithoutWaitingForAHeartbeat() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("s1", 1_000, 1), 1_000);
        assertThat(last(harness.extractOutputValues()).isIdle()).isFalse();

        harness.processEvent(event("s1", "t1", COMPLETED, 1_040), 1_040);
        ServerUpdate update = last(harness.extractOutputValues());
        assertThat(update.isHeartbeat()).isFalse();
        assertThat(update.isIdle()).isTrue();
        assertThat(update.isBusy()).isFalse();
        assertThat(update.getQueueLength()).isZero();
        assertThat(update.getUpdatedAt()).isEqualTo(1_040);
        assertThat(update.getHeartbeatAt()).as("still the last heartbeat's time").isEqualTo(1_000);
        // Only the heartbeat writes metrics and the log.
        assertThat(sideOutput(ServerStateFunction.METRICS)).hasSize(1);
    }

    @Test
    void queueChangesWithinTheCoalescingWindowBecomeOneUpdateButIdlenessIsReportedAtOnce()
            throws Exception {
        harness = Harnesses.serverState(settings("server.update-coalesce.ms", "50"), null);
        harness.setProcessingTime(1_000);
        harness.processHeartbeat(heartbeat("s1", 1_000, 1), 1_000);
        harness.processEvent(event("s1", "t2", ENQUEUED, 1_010), 1_010);
        harness.processEvent(event("s1", "t3", ENQUEUED, 1_020), 1_020);
        assertThat(harness.extractOutputValues()).as("held for the window").hasSize(1);

        harness.setProcessingTime(1_050);
        List<ServerUpdate> out = harness.extractOutputValues();
        assertThat(out).hasSize(2);
        assertThat(out.get(1).getQueueLength()).isEqualTo(3);
        assertThat(out.get(1).getEnqueuedSinceLastSnapshot()).containsExactly("t2", "t3");

        harness.processEvent(event("s1", "t1", COMPLETED, 1_060), 1_060);
        harness.processEvent(event("s1", "t2", COMPLETED, 1_070), 1_070);
        harness.processEvent(event("s1", "t3", COMPLETED, 1_080), 1_080);
        out = harness.extractOutputValues();
        assertThat(out).as("the change to idle is not held").hasSize(3);
        assertThat(last(out).isIdle()).isTrue();
        harness.setProcessingTime(1_200);
        assertThat(harness.extractOutputValues()).as("nothing left to report").hasSize(3);
    }

    @Test
    void serverMetricsAreWrittenWhenTheyShowSomethingNewAndOtherwiseOncePerRefresh()
            throws Exception {
        harness = Harnesses.serverState(settings("server.metrics-refresh.ms", "10000"), null);
        for (long t = 1_000; t <= 25_000; t += 1_000) {
            harness.processHeartbeat(heartbeat("s1", t, 0), t);
        }
        // the first heartbeat's record, then the same record again once 10 s of heartbeats passed
        assertThat(sideOutput(ServerStateFunction.METRICS))
                .extracting(m -> m.getAt().toEpochMilli())
                .containsExactly(1_000L, 11_000L, 21_000L);
        assertThat(sideOutput(ServerStateFunction.HEARTBEAT_LOG)).hasSize(25);

        // a queue change shows at once; so does a server that reports another interval (it
        // restarted, and must learn the recommended one); the next unchanged heartbeat does not
        harness.processHeartbeat(heartbeat("s1", 26_000, 2), 26_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 27_000, 2)).setIntervalMillis(500).build(),
                27_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 28_000, 2)).setIntervalMillis(500).build(),
                28_000);
        List<ServerMetrics> metrics = sideOutput(ServerStateFunction.METRICS);
        assertThat(metrics)
                .extracting(m -> m.getAt().toEpochMilli())
                .containsExactly(1_000L, 11_000L, 21_000L, 26_000L, 27_000L);
        assertThat(metrics.get(3).getQueueLength()).isEqualTo(2);
        assertThat(metrics.get(3).getRecommendedHeartbeatMillis())
                .isLessThan(metrics.get(0).getRecommendedHeartbeatMillis());
    }

    @Test
    void aRefreshOfZeroWritesServerMetricsOnEveryHeartbeat() throws Exception {
        harness = Harnesses.serverState(settings("server.metrics-refresh.ms", "0"), null);
        for (long t = 1_000; t <= 5_000; t += 1_000) {
            harness.processHeartbeat(heartbeat("s1", t, 0), t);
        }
        assertThat(sideOutput(ServerStateFunction.METRICS)).hasSize(5);
    }

    @Test
    void eachSnapshotAcknowledgesExactlyTheTasksEnqueuedSinceThePreviousOne() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processEvent(event("s1", "t1", ENQUEUED, 100), 100);
        harness.processEvent(event("s1", "t1", STARTED, 150), 150);
        harness.processEvent(event("s1", "t2", ENQUEUED, 200), 200);
        harness.processHeartbeat(heartbeat("s1", 1_000, 2), 1_000);
        ServerUpdate first = last(harness.extractOutputValues());
        assertThat(first.getEnqueuedSinceLastSnapshot()).containsExactly("t1", "t2");
        // the running count every router numbers the server's next task by
        assertThat(first.getTasksReceived()).isEqualTo(2);

        // t3 after the heartbeat changes the queue: its own update lists it. t0 arrives late with a
        // time before the heartbeat: already in its count, so the queue stays, but it still gets an
        // update of its own, so its router stops counting it at once (and no list of ids waits in
        // the state for the next heartbeat).
        harness.processEvent(event("s1", "t3", ENQUEUED, 1_500), 1_500);
        assertThat(last(harness.extractOutputValues()).getEnqueuedSinceLastSnapshot())
                .containsExactly("t3");
        assertThat(last(harness.extractOutputValues()).getTasksReceived()).isEqualTo(3);
        harness.processEvent(event("s1", "t1", COMPLETED, 1_600), 1_600);
        assertThat(last(harness.extractOutputValues()).getEnqueuedSinceLastSnapshot()).isEmpty();
        int updates = harness.extractOutputValues().size();
        harness.processEvent(event("s1", "t0", ENQUEUED, 900), 1_600);
        assertThat(harness.extractOutputValues()).hasSize(updates + 1);
        ServerUpdate late = last(harness.extractOutputValues());
        assertThat(late.getEnqueuedSinceLastSnapshot()).containsExactly("t0");
        assertThat(late.getQueueLength()).isEqualTo(2);
        assertThat(late.isEnqueuedOverflow()).isFalse();
        assertThat(late.getTasksReceived()).isEqualTo(4);

        // a heartbeat with nothing left to acknowledge and nothing else new: no update
        harness.processHeartbeat(heartbeat("s1", 2_000, 2), 2_000);
        assertThat(harness.extractOutputValues()).hasSize(updates + 1);
    }
}
