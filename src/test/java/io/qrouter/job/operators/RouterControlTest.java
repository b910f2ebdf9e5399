package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static io.qrouter.job.Records.task;
import static io.qrouter.job.operators.AdminStampTest.initial;
import static io.qrouter.job.operators.AdminStampTest.with;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.core.control.ControlState;
import io.qrouter.job.Harnesses;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.RouterSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The router under the operators' commands, which come on its broadcast input with the updates. */
class RouterControlTest {
    private final List<RouterHarness> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (var harness : open) {
            harness.close();
        }
    }

    private RouterHarness router(OperatorSubtaskState restoreFrom) throws Exception {
        RouterSettings settings =
                TestSettings.router(
                        "router.policy", "heartbeat-k-live", "router.k-time-unit.ms", "1000");
        var harness = Harnesses.router(settings, 1, 0, restoreFrom);
        open.add(harness);
        return harness;
    }

    /** The decisions {@code router} makes for {@code tasks} new tasks at {@code at}. */
    static List<RoutingDecision> decide(RouterHarness router, int tasks, long at) throws Exception {
        int before = router.extractOutputValues().size();
        for (int i = 0; i < tasks; i++) {
            router.processElement(task("t-" + at + "-" + i, at), at);
        }
        List<RoutingDecision> all = router.extractOutputValues();
        return all.subList(before, all.size());
    }

    @Test
    void aPolicySwitchTakesEffectAtTheNextDecisionAndSurvivesARestore() throws Exception {
        var router = router(null);
        router.setProcessingTime(1_000);
        ControlState none = initial();
        router.processControl(none, 1_000);
        for (String id : List.of("a", "b", "c")) {
            router.processBroadcastElement(snapshot(id, 1_000, 5), 1_000);
        }
        assertThat(decide(router, 3, 1_000))
                .extracting(RoutingDecision::getPolicy)
                .containsOnly("heartbeat-k-live");

        ControlState roundRobin = with(none, "policy", null, Map.of("name", "round-robin"));
        router.processControl(roundRobin, 1_100);
        List<RoutingDecision> after = decide(router, 6, 1_100);
        assertThat(after).extracting(RoutingDecision::getPolicy).containsOnly("round-robin");
        assertThat(after).extracting(RoutingDecision::getRule).containsOnly("ROUND_ROBIN");
        assertThat(after.stream().map(RoutingDecision::getServerId).distinct().count())
                .as("round-robin over the three servers replayed into the new policy")
                .isEqualTo(3);

        OperatorSubtaskState checkpoint = router.snapshot(1, 1_100);
        var restored = router(checkpoint);
        restored.setProcessingTime(2_000);
        assertThat(decide(restored, 3, 2_000))
                .extracting(RoutingDecision::getPolicy)
                .containsOnly("round-robin");
    }

    @Test
    void drainedAndMaintenanceServersGetNoTaskAndTheStateSurvivesARestore() throws Exception {
        var router = router(null);
        router.setProcessingTime(1_000);
        ControlState state =
                with(with(initial(), "drain", "a", Map.of()), "maintenance", "b", Map.of());
        router.processControl(state, 1_000);
        for (String id : List.of("a", "b", "c")) {
            router.processBroadcastElement(snapshot(id, 1_000, id.equals("c") ? 9 : 0), 1_000);
        }
        assertThat(decide(router, 20, 1_000))
                .extracting(RoutingDecision::getServerId)
                .containsOnly("c");

        var restored = router(router.snapshot(1, 1_000));
        restored.setProcessingTime(1_500);
        assertThat(decide(restored, 20, 1_500))
                .extracting(RoutingDecision::getServerId)
                .containsOnly("c");

        ControlState back = with(state, "active", "a", Map.of());
        restored.processControl(back, 1_600);
        assertThat(decide(restored, 1, 1_600))
                .extracting(RoutingDecision::getServerId)
                .containsOnly("a");
    }

    @Test
    void aLowerWeightMakesKPreferTheOtherServer() throws Exception {
        var router = router(null);
        router.setProcessingTime(1_000);
        ControlState state = with(initial(), "weight", "a", Map.of("weight", "0.25"));
        // Equal queues and equal μ: K differs only by the weight, which scales a's μ to a quarter.
        router.processControl(state, 1_000);
        router.processBroadcastElement(snapshot("a", 1_000, 4), 1_000);
        router.processBroadcastElement(snapshot("b", 1_000, 4), 1_000);
        List<RoutingDecision> decisions = decide(router, 10, 1_000);
        long toA = decisions.stream().filter(d -> d.getServerId().equals("a")).count();
        assertThat(decisions.get(0).getServerId()).isEqualTo("b");
        assertThat(toA).as("a, at a quarter of b's rate, gets fewer of the ten").isLessThan(5);
    }

    @Test
    void turningTheIdleQueueOffRanksIdleServersByKAlone() throws Exception {
        var router = router(null);
        router.setProcessingTime(1_000);
        ControlState off = with(initial(), "idle-queue", null, Map.of("enabled", "off"));
        router.processControl(off, 1_000);
        router.processBroadcastElement(snapshot("a", 1_000, 0), 1_000);
        assertThat(decide(router, 1, 1_000).get(0).getRule()).isEqualTo("MIN_K");
    }
}
