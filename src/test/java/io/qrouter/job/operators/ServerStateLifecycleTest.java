package io.qrouter.job.operators;

import static io.qrouter.avro.TaskEventType.COMPLETED;
import static io.qrouter.avro.TaskEventType.ENQUEUED;
import static io.qrouter.avro.TaskEventType.STARTED;
import static io.qrouter.job.Records.event;
import static io.qrouter.job.Records.heartbeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.core.estimate.OpenTask;
import io.qrouter.core.estimate.ServerEstimators;
import io.qrouter.core.estimate.WindowBucket;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.job.Harnesses;
import io.qrouter.job.records.BufferedTask;
import io.qrouter.job.records.ServerSignal;
import io.qrouter.job.records.ServerState;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.EstimatorState;
import java.util.HashMap;
import java.util.List;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.State;
import org.apache.flink.api.common.state.StateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.junit.jupiter.api.Test;

/**
 * A server's life in the per-server state: down when silent and back with its next heartbeat,
 * arriving and leaving, forgotten and dropped, late and stale records, and its state across a
 * checkpoint and restore.
 */
class ServerStateLifecycleTest extends ServerStateFunctionTestBase {
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

    /**
     * State restored from before 2026-12-05 holds pages of arrival times: the job no longer writes
     * them and a forgotten server takes them along.
     */
    @Test
    void theArrivalPagesOfOlderStateAreNeverWrittenAndGoWithTheirServer() throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
        harness.processEvent(event("s1", "a", ENQUEUED, 1_500), 1_500);
        harness.processEvent(event("s1", "b", ENQUEUED, 1_600), 1_600);
        MapState<Integer, long[]> pages = keyedState("s1", EstimatorState.LEGACY_ARRIVAL_PAGES);
        assertThat(pages.isEmpty()).isTrue();

        int entries = harness.numKeyedStateEntries();
        pages.put(0, new long[] {1_500, 1_600}); // as state from before 2026-12-05 holds them
        assertThat(harness.numKeyedStateEntries()).isEqualTo(entries + 1);
        harness.processHeartbeat(
                Heartbeat.newBuilder(heartbeat("s1", 2_000, 0)).setLeaving(true).build(), 2_000);
        assertThat(harness.numKeyedStateEntries()).isZero();
    }

    /**
     * State restored from before format 7 keeps the queue changes of events newer than the last
     * heartbeat in a list state of its own: the next heartbeat counts them and empties the list.
     */
    @Test
    void queueChangesOfOlderStateAreCountedByTheNextHeartbeatAndTheirListEmptied()
            throws Exception {
        harness = Harnesses.serverState(settings, null);
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
        ValueState<ServerState> server = keyedState("s1", ServerStateFunction.SERVER_STATE);
        ListState<Tuple2<Long, Integer>> legacy =
                keyedState("s1", ServerStateFunction.LEGACY_QUEUE_CHANGES);
        int entries = harness.numKeyedStateEntries();
        // as an older job left them: two tasks arrived after the heartbeat at 1,000
        ServerState restored = server.value();
        restored.eventAfterHeartbeat = true;
        restored.queueChangesInLegacyList = true;
        restored.queueChangeSinceHeartbeat = 2;
        server.update(restored);
        legacy.add(Tuple2.of(1_500L, 1));
        legacy.add(Tuple2.of(2_500L, 1));
        assertThat(harness.numKeyedStateEntries()).isEqualTo(entries + 1);

        // the heartbeat at 2,000 counts the first task; the second is still to be added to it
        harness.processHeartbeat(heartbeat("s1", 2_000, 1), 2_000);
        assertThat(last(harness.extractOutputValues()).getQueueLength()).isEqualTo(2);
        assertThat(harness.numKeyedStateEntries()).isEqualTo(entries);
        assertThat(legacy.get()).as("the list state, gone").isNull();
        assertThat(server.value().queueChangesInLegacyList).isFalse();

        harness.processEvent(event("s1", "c", ENQUEUED, 3_100), 3_100);
        harness.processHeartbeat(heartbeat("s1", 3_000, 2), 3_000);
        assertThat(last(harness.extractOutputValues()).getQueueLength()).isEqualTo(3);
    }

    /**
     * State restored from before format 8 keeps the estimators' header in a value state of its own,
     * and from before format 9 the window's buckets and the open tasks in map states: the next
     * heartbeat reads them from there, gives the figures a job that never moved them gives, and
     * moves them into the server's state.
     */
    @Test
    void theEstimatorsOfOlderStateGiveTheSameFiguresAndMoveIntoTheServerState() throws Exception {
        ServerMetrics[] figures = new ServerMetrics[2];
        int[] entries = new int[2];
        for (int run = 0; run < 2; run++) {
            harness = Harnesses.serverState(settings, null);
            harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
            for (int i = 0; i < 60; i++) {
                long t = 1_000 + 80L * i;
                harness.processEvent(event("s1", "t" + i, ENQUEUED, t), t);
                harness.processEvent(event("s1", "t" + i, STARTED, t), t);
                harness.processEvent(event("s1", "t" + i, COMPLETED, t + 40), t + 40);
            }
            for (int i = 0; i < 3; i++) {
                harness.processEvent(event("s1", "waiting" + i, ENQUEUED, 5_900), 5_900);
            }
            if (run == 1) {
                moveEstimatorsToLegacyStates("s1");
                ValueState<ServerState> server = keyedState("s1", ServerStateFunction.SERVER_STATE);
                MapState<Integer, WindowBucket> buckets =
                        keyedState("s1", EstimatorState.LEGACY_BUCKETS);
                MapState<String, OpenTask> open =
                        keyedState("s1", EstimatorState.LEGACY_OPEN_TASKS);
                assertThat(buckets.isEmpty()).isFalse();
                assertThat(open.keys())
                        .containsExactlyInAnyOrder("waiting0", "waiting1", "waiting2");
                int before = harness.numKeyedStateEntries();
                harness.processHeartbeat(heartbeat("s1", 6_000, 0), 6_000);
                assertThat(harness.numKeyedStateEntries()).isEqualTo(before - 3);
                assertThat(buckets.isEmpty()).isTrue();
                assertThat(open.isEmpty()).isTrue();
                ServerState moved = server.value();
                assertThat(moved.estimatorsInLegacyState).isFalse();
                assertThat(moved.windowInLegacyState).isFalse();
                assertThat(moved.estimators.getOpenTasks().getByTaskId()).hasSize(3);
            } else {
                harness.processHeartbeat(heartbeat("s1", 6_000, 0), 6_000);
            }
            figures[run] = last(sideOutput(ServerStateFunction.METRICS));
            entries[run] = harness.numKeyedStateEntries();
            harness.close();
        }
        assertThat(figures[0].getLambda()).isNotNull();
        assertThat(figures[1].getLambda()).isEqualTo(figures[0].getLambda());
        assertThat(figures[1].getMu()).isNotNull().isEqualTo(figures[0].getMu());
        assertThat(figures[1].getAlphaC()).isEqualTo(figures[0].getAlphaC());
        assertThat(figures[1].getLoadIndexK()).isEqualTo(figures[0].getLoadIndexK());
        assertThat(entries[1]).isEqualTo(entries[0]);
    }

    /**
     * Leaves {@code serverId}'s estimators as a job before format 8 kept them: the header in a
     * value state, the buckets by ring slot and the open tasks by id in map states.
     */
    private void moveEstimatorsToLegacyStates(String serverId) throws Exception {
        ValueState<ServerState> server = keyedState(serverId, ServerStateFunction.SERVER_STATE);
        ServerState state = server.value();
        ServerEstimators estimators = state.estimators;
        MapState<Integer, WindowBucket> buckets =
                keyedState(serverId, EstimatorState.LEGACY_BUCKETS);
        WindowBucket[] ring = estimators.getWindow().getRing();
        for (int slot = 0; slot < ring.length; slot++) {
            if (ring[slot] != null) {
                buckets.put(slot, ring[slot]);
            }
        }
        MapState<String, OpenTask> open = keyedState(serverId, EstimatorState.LEGACY_OPEN_TASKS);
        for (var task : estimators.getOpenTasks().getByTaskId().entrySet()) {
            open.put(task.getKey(), task.getValue());
        }
        estimators.getWindow().setRing(null);
        estimators.getOpenTasks().setByTaskId(new HashMap<>());
        keyedState(serverId, EstimatorState.LEGACY_HEADER).update(estimators);
        state.estimators = null;
        state.estimatorsInLegacyState = true;
        state.windowInLegacyState = true;
        server.update(state);
    }

    /** {@code descriptor}'s state of {@code serverId}, read and written past the function. */
    private <S extends State> S keyedState(String serverId, StateDescriptor<S, ?> descriptor)
            throws Exception {
        AbstractStreamOperator<?> operator =
                (AbstractStreamOperator<?>) harness.getTwoInputOperator();
        operator.setCurrentKey(serverId);
        return operator.getKeyedStateBackend()
                .getPartitionedState(
                        VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor);
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
        // ServerState (with its estimators) and ServerUpdate have hand-written serializers (the
        // *SerializerTest classes (HandWrittenSerializerTestBase))
        assertThat(TypeInformation.of(BufferedTask.class)).isInstanceOf(PojoTypeInfo.class);
    }
}
