package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.core.queueing.LoadIndexWeights;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HeartbeatKPolicyTest {

    @Test
    void withoutAbandonmentTheLivePolicyPrefersTheFasterOfTwoServersHoldingTheSameTasks() {
        for (long seed = 0; seed < 20; seed++) {
            RoutingPolicy p =
                    Policies.create(
                            PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE),
                            new SplittableRandom(seed));
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
            RoutingPolicy p =
                    Policies.create(
                            PolicyConfig.of(PolicyName.HEARTBEAT_K), new SplittableRandom(seed));
            // the same utilisation 0.5: equal mean queues, but the fast server's wait is half as
            // long
            p.onSnapshot(new ServerSnapshot("slow", 0, true, 2, true, 1.0, 0.5, 1.0, 0));
            p.onSnapshot(new ServerSnapshot("fast", 0, true, 2, true, 2.0, 1.0, 2.0, 0));
            assertThat(p.route("t", 1).orElseThrow().serverId())
                    .as("seed %d", seed)
                    .isEqualTo("fast");
        }
    }

    @Test
    void withTheFleetsMeanServiceTimeAsUnitKIsTheLiveIndexInThatUnit() {
        PolicyConfig config =
                PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE)
                        .withLoadIndexTimeUnitSeconds(PolicyConfig.FLEET_MEAN_SERVICE_TIME);
        RoutingPolicy p = Policies.create(config, new SplittableRandom(3));
        // 40 and 10 tasks per second: the fleet's mean service time is 2 / 50 = 40 ms
        p.onSnapshot(new ServerSnapshot("fast", 0, true, 4, true, 40.0, 0, 40.0, 0.5));
        p.onSnapshot(new ServerSnapshot("slow", 0, true, 2, true, 10.0, 0, 10.0, 0.5));
        Decision d = p.route("t", 1).orElseThrow();
        double unit = 2.0 / 50;
        double fastK =
                io.qrouter.core.queueing.LoadIndex.live(4, 40.0, 0.5, unit, LoadIndexWeights.EQUAL);
        double slowK =
                io.qrouter.core.queueing.LoadIndex.live(2, 10.0, 0.5, unit, LoadIndexWeights.EQUAL);
        // In 40 ms units the fast server's four tasks wait less than the slow server's two: it is
        // chosen.
        assertThat(fastK).isLessThan(slowK);
        assertThat(d.serverId()).isEqualTo("fast");
        assertThat(d.chosenK()).hasValue(fastK);
        assertThat(d.runnerUpK()).hasValue(slowK);
    }

    @Test
    void aFixedOneSecondUnitRanksTheSameServersByTheirCountInstead() {
        RoutingPolicy p =
                Policies.create(
                        PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE), new SplittableRandom(3));
        p.onSnapshot(new ServerSnapshot("fast", 0, true, 4, true, 40.0, 0, 40.0, 0.5));
        p.onSnapshot(new ServerSnapshot("slow", 0, true, 2, true, 10.0, 0, 10.0, 0.5));
        // waits of tens of ms weigh little next to whole waiting tasks: fewer tasks wins
        assertThat(p.route("t", 1).orElseThrow().serverId()).isEqualTo("slow");
    }

    @Test
    void liveKRanksEveryServerByTheFleetsAbandonmentRateNotItsOwnEstimate() {
        // Equal servers holding the same tasks; one's estimate of alpha_c is 20 times the other's.
        // Its own estimate would make it look better (its tasks abandon sooner, so they wait
        // less); with the fleet's rate both have the same K, and ties are broken at random.
        double fleetAlphaC = (2.0 + 0.1) / 2;
        double expectedK = LoadIndex.live(3, 1, 1.0, fleetAlphaC, 1.0, LoadIndexWeights.EQUAL);
        Set<String> chosen = new HashSet<>();
        for (long seed = 0; seed < 20; seed++) {
            RoutingPolicy p =
                    Policies.create(
                            PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE),
                            new SplittableRandom(seed));
            p.onSnapshot(new ServerSnapshot("noisy", 0, true, 3, true, 1.0, 0.9, 1.0, 2.0));
            p.onSnapshot(new ServerSnapshot("calm", 0, true, 3, true, 1.0, 0.9, 1.0, 0.1));
            Decision d = p.route("t", 1).orElseThrow();
            assertThat(d.chosenK()).hasValue(expectedK);
            assertThat(d.runnerUpK()).hasValue(expectedK);
            chosen.add(d.serverId());
        }
        assertThat(chosen).containsExactlyInAnyOrder("noisy", "calm");
    }

    @Test
    void steadyStateKKeepsEachServersOwnAbandonmentRateAsThePaperDefinesIt() {
        RoutingPolicy p =
                Policies.create(PolicyConfig.of(PolicyName.HEARTBEAT_K), new SplittableRandom(1));
        p.onSnapshot(new ServerSnapshot("noisy", 0, true, 3, true, 1.0, 0.9, 1.0, 2.0));
        p.onSnapshot(new ServerSnapshot("calm", 0, true, 3, true, 1.0, 0.9, 1.0, 0.1));
        Decision d = p.route("t", 1).orElseThrow();
        assertThat(d.chosenK())
                .hasValue(
                        LoadIndex.steadyState(0.9, 1.0, 1, 2.0, 1.0, LoadIndexWeights.EQUAL)
                                .orElseThrow());
        assertThat(d.serverId()).isEqualTo("noisy");
    }
}
