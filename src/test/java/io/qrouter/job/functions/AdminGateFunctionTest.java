package io.qrouter.job.functions;

import static io.qrouter.job.Records.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.control.Command;
import io.qrouter.control.ControlState;
import io.qrouter.job.Harnesses;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.policy.PolicyConfig;
import io.qrouter.policy.PolicyName;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AdminGateFunctionTest {
    private KeyedBroadcastOperatorTestHarness<String, ServerUpdate, ControlState, ServerUpdate>
            gate;

    @AfterEach
    void close() throws Exception {
        if (gate != null) {
            gate.close();
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

    private List<ControlLogEntry> log() {
        var records = gate.getSideOutput(AdminGateFunction.CONTROL_LOG);
        return records == null ? List.of() : records.stream().map(StreamRecord::getValue).toList();
    }

    @Test
    void aCommandRestampsEveryServerAtOnceAndADrainedServerIsReportedWhenEmpty() throws Exception {
        gate = Harnesses.adminGate(1, 0, null);
        gate.processElement(snapshot("a", 1_000, 2), 1_000);
        gate.processElement(snapshot("b", 1_000, 0), 1_000);
        assertThat(gate.extractOutputValues())
                .allMatch(ServerUpdate::acceptsTasks)
                .allMatch(u -> u.getAdminState().equals("active") && u.getRouterControl() == null);

        ControlState drainA = with(initial(), "drain", "a", Map.of());
        gate.processBroadcastElement(drainA, 1_100);
        List<ServerUpdate> restamped = gate.extractOutputValues().subList(2, 4);
        assertThat(restamped)
                .extracting(ServerUpdate::getServerId)
                .containsExactlyInAnyOrder("a", "b");
        ServerUpdate a =
                restamped.stream()
                        .filter(u -> u.getServerId().equals("a"))
                        .findFirst()
                        .orElseThrow();
        assertThat(a.getAdminState()).isEqualTo("draining");
        assertThat(a.acceptsTasks()).isFalse();
        assertThat(
                        restamped.stream()
                                .filter(u -> u.getServerId().equals("b"))
                                .findFirst()
                                .orElseThrow()
                                .acceptsTasks())
                .isTrue();
        assertThat(log()).isEmpty();

        gate.processElement(snapshot("a", 1_200, 1), 1_200);
        assertThat(log()).isEmpty();
        gate.processElement(snapshot("a", 1_300, 0), 1_300);
        gate.processElement(snapshot("a", 1_400, 0), 1_400);
        List<ServerUpdate> out = gate.extractOutputValues();
        assertThat(out.get(out.size() - 1).getAdminState()).isEqualTo("drained");
        assertThat(out.get(out.size() - 1).acceptsTasks()).isFalse();
        assertThat(log()).hasSize(1);
        assertThat(log().get(0).getOutcome()).isEqualTo("EVENT");
        assertThat(log().get(0).getAction()).isEqualTo("DRAINED");
        assertThat(log().get(0).getTarget()).isEqualTo("a");
    }

    @Test
    void maintenanceWeightAndRoutingSettingsAreStampedAndSurviveARestore() throws Exception {
        gate = Harnesses.adminGate(1, 0, null);
        gate.processElement(snapshot("a", 1_000, 0), 1_000);
        ControlState state =
                with(
                        with(
                                with(initial(), "maintenance", "a", Map.of()),
                                "weight",
                                "b",
                                Map.of("weight", "0.25")),
                        "policy",
                        null,
                        Map.of("name", "jsq"));
        gate.processBroadcastElement(state, 1_100);
        var checkpoint = gate.snapshot(1, 1_100);
        gate.close();

        gate = Harnesses.adminGate(1, 0, checkpoint);
        gate.processElement(snapshot("a", 2_000, 0), 2_000);
        gate.processElement(snapshot("b", 2_000, 3), 2_000);
        List<ServerUpdate> out = gate.extractOutputValues();
        assertThat(out.get(0).getAdminState())
                .as("maintenance, empty or not")
                .isEqualTo("maintenance");
        assertThat(out.get(0).acceptsTasks()).isFalse();
        assertThat(out.get(1).getAdminWeight()).isEqualTo(0.25);
        assertThat(out.get(1).acceptsTasks()).isTrue();
        assertThat(out)
                .allMatch(
                        u ->
                                u.getRouterControl().getPolicy().equals("jsq")
                                        && u.getRouterControl().getVersion() == 1);
    }

    @Test
    void aDepartedServerPassesThroughAndIsForgotten() throws Exception {
        gate = Harnesses.adminGate(1, 0, null);
        gate.processElement(snapshot("a", 1_000, 0), 1_000);
        ServerUpdate gone = snapshot("a", 1_100, 0);
        gone.setGone(true);
        gate.processElement(gone, 1_100);
        gate.processBroadcastElement(with(initial(), "drain", "b", Map.of()), 1_200);
        assertThat(gate.extractOutputValues()).hasSize(2);
        assertThat(gate.extractOutputValues().get(1).isGone()).isTrue();
    }
}
