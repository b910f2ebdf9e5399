package io.qrouter.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HeartbeatKPolicyTest {

    @Test
    void withoutAbandonmentTheLivePolicyPrefersTheFasterOfTwoServersHoldingTheSameTasks() {
        for (long seed = 0; seed < 20; seed++) {
            RoutingPolicy p = Policies.create(PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE), new SplittableRandom(seed));
            // both busy with 3 tasks; rates 1/s and 2/s, no abandonment
            p.onSnapshot(new ServerSnapshot("slow", 0, true, 3, true, 1.0, 0.5, 1.0, 0));
            p.onSnapshot(new ServerSnapshot("fast", 0, true, 3, true, 2.0, 1.0, 2.0, 0));
            Decision d = p.route("t", 1).orElseThrow();
            assertThat(d.rule()).isEqualTo(Rule.MIN_K);
            assertThat(d.serverId()).as("seed %d", seed).isEqualTo("fast");
        }
    }

    @Test
    void steadyStateKOfServersOfDifferentSpeedsIsInOneUnit() {
        for (long seed = 0; seed < 20; seed++) {
            RoutingPolicy p = Policies.create(PolicyConfig.of(PolicyName.HEARTBEAT_K), new SplittableRandom(seed));
            // the same utilisation 0.5: equal mean queues, but the fast server's wait is half as long
            p.onSnapshot(new ServerSnapshot("slow", 0, true, 2, true, 1.0, 0.5, 1.0, 0));
            p.onSnapshot(new ServerSnapshot("fast", 0, true, 2, true, 2.0, 1.0, 2.0, 0));
            assertThat(p.route("t", 1).orElseThrow().serverId()).as("seed %d", seed).isEqualTo("fast");
        }
    }
}
