package io.qrouter.core.control;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.PolicyName;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ControlStateTest {
    private static final Set<String> KNOWN = Set.of("server-1", "server-7");
    private final ControlState initial =
            ControlState.initial(PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE));

    private static Command command(String action, String target, Map<String, String> arguments) {
        return new Command("c-1", "ops", 1_000, action, target, arguments);
    }

    private ControlState apply(
            ControlState state, String action, String target, Map<String, String> arguments)
            throws ControlRefusal {
        return state.apply(command(action, target, arguments), KNOWN::contains, true, 5_000)
                .state();
    }

    private String refusal(String action, String target, Map<String, String> arguments) {
        ControlRefusal refused =
                org.junit.jupiter.api.Assertions.assertThrows(
                        ControlRefusal.class, () -> apply(initial, action, target, arguments));
        return refused.getMessage();
    }

    @Test
    void policySwitchRaisesTheRouterVersionAndKeepsTheOtherSettings() throws Exception {
        ControlState next = apply(initial, "policy", null, Map.of("name", "power-of-d", "d", "3"));
        assertThat(next.getRouter().getPolicy()).isEqualTo("power-of-d");
        assertThat(next.getRouter().getPowerOfD()).isEqualTo(3);
        assertThat(next.getRouter().getVersion()).isEqualTo(1);
        assertThat(next.getRouter().isIdleQueue()).isTrue();
        PolicyConfig config =
                next.getRouter().applyTo(PolicyConfig.of(PolicyName.JSQ).withRouter(1, 2));
        assertThat(config.name()).isEqualTo(PolicyName.POWER_OF_D);
        assertThat(config.choices()).isEqualTo(3);
        assertThat(config.routerIndex()).isEqualTo(1);
        // the state applied to is unchanged
        assertThat(initial.getRouter().getPolicy()).isEqualTo("heartbeat-k-live");
        assertThat(initial.getVersion()).isZero();
    }

    @Test
    void kWeightsAreNormalisedToSumOne() throws Exception {
        ControlState next = apply(initial, "k-weights", null, Map.of("weights", "1,1,0.5"));
        assertThat(next.getRouter().weights().alpha())
                .isEqualTo(0.4, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(next.getRouter().weights().sigma())
                .isEqualTo(0.4, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(next.getRouter().weights().r())
                .isEqualTo(0.2, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void idleQueueTurnsOff() throws Exception {
        ControlState next = apply(initial, "idle-queue", null, Map.of("enabled", "off"));
        assertThat(
                        next.getRouter()
                                .applyTo(PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE))
                                .idleQueue())
                .isFalse();
    }

    @Test
    void drainMaintenanceActiveAndWeightPerServer() throws Exception {
        ControlState drained = apply(initial, "drain", "server-7", Map.of());
        assertThat(drained.admin("server-7").getState()).isEqualTo(AdminState.DRAINING);
        assertThat(drained.admin("server-7").getSinceMillis()).isEqualTo(5_000);
        assertThat(drained.admin("server-1").getState()).isEqualTo(AdminState.ACTIVE);
        assertThat(drained.getRouter()).isEqualTo(initial.getRouter());
        ControlState weighted = apply(drained, "weight", "server-7", Map.of("weight", "0.5"));
        assertThat(weighted.admin("server-7").getWeight()).isEqualTo(0.5);
        assertThat(weighted.admin("server-7").getState()).isEqualTo(AdminState.DRAINING);
        ControlState maintenance = apply(weighted, "maintenance", "server-7", Map.of());
        assertThat(maintenance.admin("server-7").getState()).isEqualTo(AdminState.MAINTENANCE);
        ControlState active =
                apply(
                        apply(maintenance, "active", "server-7", Map.of()),
                        "weight",
                        "server-7",
                        Map.of("weight", "1"));
        assertThat(active.admin("server-7").getState()).isEqualTo(AdminState.ACTIVE);
        assertThat(active.getServers()).as("a server back at the defaults is not listed").isEmpty();
        assertThat(active.getVersion()).isEqualTo(5);
    }

    @Test
    void badCommandsAreRefusedWithTheirReason() {
        assertThat(refusal("drain", "server-9", Map.of())).isEqualTo("unknown server \"server-9\"");
        assertThat(refusal("policy", null, Map.of("name", "fastest")))
                .contains("unknown policy \"fastest\"")
                .contains("jsq");
        assertThat(refusal("policy", null, Map.of())).contains("needs argument \"name\"");
        assertThat(refusal("weight", "server-1", Map.of("weight", "0")))
                .contains("weight must be a number in");
        assertThat(refusal("weight", "server-1", Map.of("weight", "NaN")))
                .contains("weight must be a number in");
        assertThat(refusal("weight", "server-1", Map.of("weight", "101")))
                .contains("[0.01, 100.0]");
        assertThat(refusal("k-weights", null, Map.of("weights", "1,-1,1"))).contains(">= 0");
        assertThat(refusal("k-weights", null, Map.of("weights", "0,0,0"))).contains("not all be 0");
        assertThat(refusal("k-weights", null, Map.of("weights", "1,1"))).contains("three numbers");
        assertThat(refusal("power-of-d", null, Map.of("d", "65"))).contains("[1, 64]");
        assertThat(refusal("idle-queue", null, Map.of("enabled", "maybe"))).contains("on or off");
        assertThat(refusal("reboot", "server-1", Map.of())).startsWith("unknown action \"reboot\"");
        assertThat(refusal("drain", null, Map.of())).isEqualTo("drain needs a target server id");
        assertThat(refusal("policy", "server-1", Map.of("name", "jsq")))
                .contains("takes no target");
        assertThat(refusal("drain", "server-1", Map.of("force", "yes")))
                .contains("takes no argument \"force\"");
    }

    @Test
    void fleetWideCommandsAreRefusedWhenTheJobRoutesInGaBatches() {
        assertThatThrownBy(
                        () ->
                                initial.apply(
                                        command("policy", null, Map.of("name", "jsq")),
                                        KNOWN::contains,
                                        false,
                                        0))
                .isInstanceOf(ControlRefusal.class)
                .hasMessageContaining("ga-batch");
    }
}
