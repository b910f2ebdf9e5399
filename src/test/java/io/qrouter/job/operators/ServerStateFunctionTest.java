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
import io.qrouter.job.ServerStateHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.records.BufferedTask;
import io.qrouter.job.records.ServerSignal;
import io.qrouter.job.records.ServerUpdate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ServerStateFunctionTest {
    private static final long DOWN_TIMEOUT = 5_000;
    private static final long FORGET_AFTER = 60_000;

    private final ServerStateSettings settings = settings();

    private ServerStateHarness harness;

    private static ServerStateSettings settings(String... moreKeysAndValues) {
        List<String> keysAndValues =
                new ArrayList<>(
                        List.of(
                                "server.down-timeout.ms",
                                Long.toString(DOWN_TIMEOUT),
                                "server.forget-down-after.ms",
                                Long.toString(FORGET_AFTER)));
        keysAndValues.addAll(List.of(moreKeysAndValues));
        return TestSettings.serverState(keysAndValues.toArray(String[]::new));
    }

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

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

        // The counts in the log are per heartbeat interval.
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 2_000, 2)).setCpu(0.9).build(), 2_000);
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

        // any change a router, DSRS or GA uses is news: queue, utilisation, health, service rate
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
                        .setCpu(0.25)
                        .setHealth(Health.FAILING)
                        .setServiceRatePerSecond(7)
                        .build(),
                7_000);
        assertThat(harness.extractOutputValues())
                .extracting(ServerUpdate::getHeartbeatAt)
                .containsExactly(1_000L, 4_000L, 5_000L, 6_000L, 7_000L);
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
    void aLeavingHeartbeatReportsTheServerNotAliveAndGone() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 1_000, 0)).setLeaving(true).build(), 1_000);
        assertThat(single(sideOutput(ServerStateFunction.METRICS)).getAlive()).isFalse();
        ServerUpdate update = single(harness.extractOutputValues());
        assertThat(update.isGone()).isTrue();
        assertThat(update.isAlive()).isFalse();
    }

    @Test
    void silentServerIsMarkedDownAndComesBackWithItsNextHeartbeat() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.setProcessingTime(0);
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);

        harness.setProcessingTime(DOWN_TIMEOUT - 1);
        assertThat(harness.extractOutputValues()).hasSize(1);

        harness.setProcessingTime(DOWN_TIMEOUT);
        List<ServerUpdate> out = harness.extractOutputValues();
        assertThat(out).hasSize(2);
        assertThat(out.get(1).isAlive()).isFalse();
        assertThat(out.get(1).acceptsTasks()).isFalse();
        assertThat(out.get(1).isGone()).isFalse();
        List<ServerMetrics> metrics = sideOutput(ServerStateFunction.METRICS);
        assertThat(metrics).hasSize(2);
        assertThat(metrics.get(1).getAlive()).isFalse();

        harness.setProcessingTime(DOWN_TIMEOUT + 100);
        harness.processHeartbeat(heartbeat("s1", 7_000, 0), 7_000);
        assertThat(last(harness.extractOutputValues()).isAlive()).isTrue();
        assertThat(last(sideOutput(ServerStateFunction.METRICS)).getAlive()).isTrue();
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

    /** The control operator hears of a server twice: when it arrives and when it leaves. */
    @Test
    void ofAServersUpdatesOnlyItsFirstHeartbeatsAndItsDeparturesReachTheControlOperator()
            throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
        harness.processHeartbeat(heartbeat("s1", 2_000, 2), 2_000);
        harness.processEvent(event("s1", "t1", COMPLETED, 2_500), 2_500);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 3_000, 1)).setCpu(0.9).build(), 3_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 4_000, 0)).setLeaving(true).build(), 4_000);
        // a second life: its state starts afresh, so it arrives again
        harness.processHeartbeat(heartbeat("s1", 5_000, 0), 5_000);
        harness.processHeartbeat(heartbeat("s1", 6_000, 3), 6_000);

        List<ServerUpdate> updates = harness.extractOutputValues();
        assertThat(updates).hasSizeGreaterThan(5);
        assertThat(updates.stream().filter(ServerSignal::arrivesOrLeaves))
                .extracting(u -> u.getHeartbeatAt() + (u.isGone() ? " gone" : " arrives"))
                .containsExactly("1000 arrives", "4000 gone", "5000 arrives");
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
    void heartbeatsKeepOneDownTimerThatWaitsOutTheSilenceAfterTheLastOne() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.setProcessingTime(0);
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
        long last = DOWN_TIMEOUT / 2;
        harness.setProcessingTime(last);
        harness.processHeartbeat(heartbeat("s1", 2_000, 0), 2_000);
        assertThat(harness.numProcessingTimeTimers())
                .as("the heartbeat moved no timer")
                .isEqualTo(1);

        harness.setProcessingTime(DOWN_TIMEOUT);
        assertThat(last(harness.extractOutputValues()).isAlive())
                .as("the first deadline passed, not the silence")
                .isTrue();
        harness.setProcessingTime(last + DOWN_TIMEOUT - 1);
        assertThat(last(harness.extractOutputValues()).isAlive()).isTrue();
        harness.setProcessingTime(last + DOWN_TIMEOUT);
        assertThat(last(harness.extractOutputValues()).isAlive()).isFalse();
    }

    @Test
    void aServerAnnouncingLongIntervalsIsGivenMissedBeatsTimesItsInterval() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.setProcessingTime(0);
        Heartbeat slow =
                Heartbeat.newBuilder(heartbeat("slow", 1_000, 0)).setIntervalMillis(4_000).build();
        harness.processHeartbeat(slow, 1_000);

        long allowed = AdaptiveHeartbeat.MISSED_BEATS_BEFORE_DOWN * 4_000L;
        harness.setProcessingTime(allowed - 1);
        assertThat(harness.extractOutputValues()).hasSize(1);
        harness.setProcessingTime(allowed);
        assertThat(last(harness.extractOutputValues()).isAlive()).isFalse();
    }

    @Test
    void aServerDownLongerThanTheForgetDelayIsDroppedAndRoutersAreTold() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.setProcessingTime(0);
        harness.processEvent(event("s1", "a", ENQUEUED, 500), 500);
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
        assertThat(harness.numKeyedStateEntries()).isPositive();

        harness.setProcessingTime(DOWN_TIMEOUT);
        harness.setProcessingTime(DOWN_TIMEOUT + FORGET_AFTER);
        ServerUpdate gone = last(harness.extractOutputValues());
        assertThat(gone.isGone()).isTrue();
        assertThat(gone.acceptsTasks()).isFalse();
        assertThat(harness.numKeyedStateEntries()).isZero();
        assertThat(harness.numProcessingTimeTimers()).isZero();
    }

    @Test
    void aLeavingServerIsDroppedAtOnceAfterItsLastLogEntry() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 2_000, 0)).setLeaving(true).build(), 2_000);

        ServerUpdate gone = last(harness.extractOutputValues());
        assertThat(gone.isGone()).isTrue();
        assertThat(sideOutput(ServerStateFunction.HEARTBEAT_LOG)).hasSize(2);
        assertThat(harness.numKeyedStateEntries()).isZero();
        assertThat(harness.numProcessingTimeTimers()).isZero();
    }

    @Test
    void eventsOfAServerThatNeverSendsAHeartbeatDoNotLeakState() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.setProcessingTime(0);
        harness.processEvent(event("ghost", "a", ENQUEUED, 500), 500);
        assertThat(harness.numKeyedStateEntries()).isPositive();
        harness.setProcessingTime(FORGET_AFTER);
        assertThat(harness.numKeyedStateEntries()).isZero();
    }

    @Test
    void lateRecordsAreCountedAndStillApplied() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("s1", 10_000, 0), 10_000);
        harness.processWatermark(new org.apache.flink.streaming.api.watermark.Watermark(20_000));
        // Behind the watermark but after the heartbeat: it still adds to the queue.
        harness.processEvent(event("s1", "late", ENQUEUED, 15_000), 15_000);
        harness.setProcessingTime(DOWN_TIMEOUT);

        ServerUpdate down = last(harness.extractOutputValues());
        assertThat(down.getLateRecords()).isEqualTo(1);
        assertThat(down.getQueueLength()).isEqualTo(1);
    }

    @Test
    void aHeartbeatOlderThanTheLatestIsOnlyCounted() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("s1", 2_000, 5), 2_000);
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
        assertThat(harness.extractOutputValues()).hasSize(1);
        harness.setProcessingTime(DOWN_TIMEOUT);
        ServerUpdate down = last(harness.extractOutputValues());
        assertThat(down.getQueueLength()).isEqualTo(5);
        assertThat(down.getLateRecords()).isEqualTo(1);
    }

    @Test
    void stateAndTimersSurviveACheckpointAndRestore() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.setProcessingTime(0);
        harness.processHeartbeat(heartbeat("s1", 1_000, 3), 1_000);
        harness.processEvent(event("s1", "a", ENQUEUED, 1_500), 1_500);
        OperatorSubtaskState checkpoint = harness.snapshot(1, 1);
        harness.close();

        harness = Harnesses.serverState(settings, checkpoint);
        harness.setProcessingTime(DOWN_TIMEOUT);
        ServerUpdate down = single(harness.extractOutputValues());
        assertThat(down.isAlive()).isFalse();
        assertThat(down.getQueueLength()).isEqualTo(4);
        assertThat(down.getHeartbeatTriggers()).isEqualTo(1);
    }

    @Test
    void estimatorSettingsComeFromTheConfigurationAfterARestoreNotFromState() throws Exception {
        // 5 arrivals: too few for λ under the default of 20 observations; every heartbeat's metrics
        // written (refresh 0), changed or not: they are what is compared
        harness = Harnesses.serverState(settings("server.metrics-refresh.ms", "0"), null);
        for (int i = 0; i < 5; i++) {
            harness.processEvent(event("s1", "t" + i, ENQUEUED, 100L * i), 100L * i);
        }
        harness.processHeartbeat(heartbeat("s1", 1_000, 5), 1_000);
        assertThat(single(sideOutput(ServerStateFunction.METRICS)).getLambda()).isNull();
        OperatorSubtaskState checkpoint = harness.snapshot(1, 1);
        harness.close();

        // restored with 5 observations per estimate: the same data now gives λ = 5 arrivals / 1 s
        harness =
                Harnesses.serverState(
                        settings(
                                "server.estimator-min-events",
                                "5",
                                "server.metrics-refresh.ms",
                                "0"),
                        checkpoint);
        harness.processHeartbeat(heartbeat("s1", 1_000, 5), 1_000);
        assertThat(single(sideOutput(ServerStateFunction.METRICS)).getLambda())
                .isCloseTo(5.0, within(1e-9));
        harness.close();

        // restored with another window: the kept window no longer fits, so estimation starts afresh
        harness =
                Harnesses.serverState(
                        settings(
                                "server.estimator-min-events",
                                "5",
                                "server.estimator-window.ms",
                                "30000",
                                "server.metrics-refresh.ms",
                                "0"),
                        checkpoint);
        harness.processHeartbeat(heartbeat("s1", 1_000, 5), 1_000);
        assertThat(single(sideOutput(ServerStateFunction.METRICS)).getLambda()).isNull();
    }

    @Test
    void stateAndBroadcastTypesArePojosNotKryo() {
        // ServerState and ServerUpdate have hand-written serializers (HandWrittenSerializersTest)
        assertThat(TypeInformation.of(BufferedTask.class)).isInstanceOf(PojoTypeInfo.class);
        assertThat(TypeInformation.of(io.qrouter.core.estimate.ServerEstimators.class))
                .isInstanceOf(PojoTypeInfo.class);
    }

    private <T> List<T> sideOutput(org.apache.flink.util.OutputTag<T> tag) {
        var records = harness.getSideOutput(tag);
        return records == null
                ? List.of()
                : records.stream().map(StreamRecord::getValue).collect(Collectors.toList());
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

        // t3 after the heartbeat changes the queue: its own update lists it. t0 arrives late with a
        // time before
        // the heartbeat: already in its count, so the queue stays, but it still gets an update of
        // its own, so its
        // router stops counting it at once (and no list of ids waits in the state for the next
        // heartbeat).
        harness.processEvent(event("s1", "t3", ENQUEUED, 1_500), 1_500);
        assertThat(last(harness.extractOutputValues()).getEnqueuedSinceLastSnapshot())
                .containsExactly("t3");
        harness.processEvent(event("s1", "t1", COMPLETED, 1_600), 1_600);
        assertThat(last(harness.extractOutputValues()).getEnqueuedSinceLastSnapshot()).isEmpty();
        int updates = harness.extractOutputValues().size();
        harness.processEvent(event("s1", "t0", ENQUEUED, 900), 1_600);
        assertThat(harness.extractOutputValues()).hasSize(updates + 1);
        ServerUpdate late = last(harness.extractOutputValues());
        assertThat(late.getEnqueuedSinceLastSnapshot()).containsExactly("t0");
        assertThat(late.getQueueLength()).isEqualTo(2);
        assertThat(late.isEnqueuedOverflow()).isFalse();

        // a heartbeat with nothing left to acknowledge and nothing else new: no update
        harness.processHeartbeat(heartbeat("s1", 2_000, 2), 2_000);
        assertThat(harness.extractOutputValues()).hasSize(updates + 1);
    }

    private static <T> T single(List<T> values) {
        assertThat(values).hasSize(1);
        return values.get(0);
    }

    private static <T> T last(List<T> values) {
        assertThat(values).isNotEmpty();
        return values.get(values.size() - 1);
    }
}
