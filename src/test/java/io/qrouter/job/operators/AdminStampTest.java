package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static io.qrouter.job.Records.task;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.SlotAssignment;
import io.qrouter.core.control.Command;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.job.DsrsHarness;
import io.qrouter.job.FeedHarness;
import io.qrouter.job.Harnesses;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.HeapBroadcastState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The operators' control state as the routers, GA and DSRS stamp it on the server updates they
 * receive: at once on every known server when it changes, and on each update after.
 */
class AdminStampTest {
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable harness : open) {
            harness.close();
        }
    }

    /** {@code state} with one more command applied (every server known). */
    static ControlState with(
            ControlState state, String action, String target, Map<String, String> args)
            throws Exception {
        return state.apply(new Command("c", "ops", 0, action, target, args), id -> true, true, 0)
                .state();
    }

    static ControlState initial() {
        return ControlState.initial(PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE));
    }

    private RouterHarness router(int parallelism, int subtask) throws Exception {
        var harness =
                Harnesses.router(
                        TestSettings.router("router.policy", "jsq"), parallelism, subtask, null);
        open.add(harness);
        return harness;
    }

    private static List<ControlLogEntry> log(FeedHarness<?, ?, ?> harness) {
        var records = harness.getSideOutput(AdminStamp.CONTROL_LOG);
        return records == null ? List.of() : records.stream().map(StreamRecord::getValue).toList();
    }

    private static List<String> decide(RouterHarness router, int tasks, long at) throws Exception {
        return RouterControlTest.decide(router, tasks, at).stream()
                .map(RoutingDecision::getServerId)
                .toList();
    }

    @Test
    void aDrainTakesEffectAtTheNextDecisionAndTheFirstRouterReportsTheDrainOnce() throws Exception {
        var single = router(1, 0);
        // two routers of one job: each sees every update, only the first reports
        var first = router(2, 0);
        var second = router(2, 1);
        List<RouterHarness> all = List.of(single, first, second);
        for (var router : all) {
            router.setProcessingTime(1_000);
            router.processBroadcastElement(snapshot("a", 1_000, 2), 1_000);
            router.processBroadcastElement(snapshot("b", 1_000, 3), 1_000);
        }
        assertThat(decide(single, 1, 1_000)).containsExactly("a");

        ControlState drainA = with(initial(), "drain", "a", Map.of());
        for (var router : all) {
            router.processControl(drainA, 1_100);
            router.processBroadcastElement(snapshot("a", 1_200, 1), 1_200);
        }
        assertThat(decide(single, 5, 1_200))
                .as("a drains from the next decision on")
                .containsOnly("b");
        assertThat(log(first)).isEmpty();

        for (var router : all) {
            router.processBroadcastElement(snapshot("a", 1_300, 0), 1_300);
            router.processBroadcastElement(snapshot("a", 1_400, 0), 1_400);
        }
        assertThat(decide(single, 3, 1_400)).containsOnly("b");
        assertThat(log(first)).hasSize(1);
        assertThat(log(first).get(0).getOutcome()).isEqualTo("EVENT");
        assertThat(log(first).get(0).getAction()).isEqualTo("DRAINED");
        assertThat(log(first).get(0).getTarget()).isEqualTo("a");
        assertThat(log(second)).as("one report per fleet, not per router").isEmpty();

        // back to work, with the state restored from a checkpoint
        var restored =
                Harnesses.router(
                        TestSettings.router("router.policy", "jsq"),
                        1,
                        0,
                        single.snapshot(1, 1_400));
        open.add(restored);
        restored.setProcessingTime(1_500);
        assertThat(decide(restored, 2, 1_500)).containsOnly("b");
        restored.processControl(with(drainA, "active", "a", Map.of()), 1_600);
        assertThat(decide(restored, 1, 1_600)).containsExactly("a");
    }

    /**
     * A checkpoint copies the broadcast state on the task thread and shares its stored updates
     * ({@link io.qrouter.job.records.StoredServerUpdateSerializer}), so a restamp must replace a
     * stored update, not change it under a checkpoint still writing it.
     */
    @Test
    void aRestampReplacesStoredUpdatesWhichACheckpointsCopyShares() throws Exception {
        RouterHarness router = router(1, 0);
        router.processBroadcastElement(snapshot("a", 1_000, 0), 1_000);
        var stored =
                router.getOperator()
                        .getOperatorStateBackend()
                        .getBroadcastState(BroadcastStates.SERVER_UPDATES);
        ServerUpdate before = stored.get("a");
        var checkpointCopy = ((HeapBroadcastState<String, ServerUpdate>) stored).deepCopy();
        assertThat(checkpointCopy.get("a")).isSameAs(before);

        router.processControl(with(initial(), "drain", "a", Map.of()), 1_100);

        assertThat(stored.get("a")).isNotSameAs(before);
        assertThat(stored.get("a").getAdminState()).isEqualTo("drained");
        assertThat(before.getAdminState()).isEqualTo("active");
        assertThat(checkpointCopy.get("a").getAdminState()).isEqualTo("active");
    }

    @Test
    void aServerAlreadyEmptyWhenDrainedIsReportedDrainedAtOnce() throws Exception {
        var router = router(1, 0);
        router.setProcessingTime(1_000);
        router.processBroadcastElement(snapshot("a", 1_000, 0), 1_000);
        router.processControl(with(initial(), "drain", "a", Map.of()), 1_100);
        assertThat(log(router)).extracting(ControlLogEntry::getAction).containsExactly("DRAINED");
        ServerUpdate gone = snapshot("a", 1_200, 0);
        gone.setGone(true);
        router.processBroadcastElement(gone, 1_200);
        router.processControl(with(initial(), "drain", "b", Map.of()), 1_300);
        assertThat(log(router)).as("a gone server is forgotten").hasSize(1);
    }

    @Test
    void gaBatchesSkipAServerInMaintenance() throws Exception {
        var ga =
                Harnesses.broadcast(
                        new GaBatchFunction(TestSettings.ga("ga.batch-size", "4")),
                        GaBatchFunction.laneKey(1),
                        Types.INT,
                        BroadcastStates.GA_SERVERS,
                        1,
                        0,
                        null);
        open.add(ga);
        ga.processControl(with(initial(), "maintenance", "a", Map.of()), 0);
        ga.processBroadcastElement(snapshot("a", 0, 0), 0);
        ga.processBroadcastElement(snapshot("b", 0, 0), 0);
        for (int i = 0; i < 4; i++) {
            ga.processElement(task("t" + i, 0), 0);
        }
        assertThat(ga.extractOutputValues())
                .hasSize(4)
                .extracting(RoutingDecision::getServerId)
                .containsOnly("b");
    }

    @Test
    void dsrsAssignsNoSlotToAServerInMaintenance() throws Exception {
        long tau = 1_000;
        DsrsHarness dsrs =
                Harnesses.dsrs(
                        TestSettings.dsrs(
                                "dsrs.slot.ms", Long.toString(tau), "dsrs.unit-costs", "a=1, b=5"),
                        1);
        open.add(dsrs);
        dsrs.processBroadcastElement(snapshot("a", 0, 0), 0);
        dsrs.processBroadcastElement(snapshot("b", 0, 0), 0);
        dsrs.processElement(task("t1", 100, "audio"), 100);
        dsrs.watermark(tau - 1);
        assertThat(dsrs.extractOutputValues())
                .extracting(SlotAssignment::getMecSystem)
                .as("a is the cheaper system")
                .containsExactly("a");

        dsrs.processControl(with(initial(), "maintenance", "a", Map.of()), tau);
        dsrs.processElement(task("t2", tau + 100, "audio"), tau + 100);
        dsrs.watermark(2 * tau - 1);
        assertThat(dsrs.extractOutputValues())
                .extracting(SlotAssignment::getMecSystem)
                .containsExactly("a", "b");
    }
}
