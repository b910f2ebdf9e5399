package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.qrouter.core.policy.PolicyName;
import org.junit.jupiter.api.Test;

/** The simulator with servers of several slots, and with servers that slow down. */
class ServerModelSimulationTest {

    private static SimConfigBuilder fleet(String slots) {
        return SimConfig.builder()
                .policy(PolicyName.JSQ)
                .servers(20)
                .tasks(40_000)
                .load(0.9)
                .slots(slots)
                .seed(3);
    }

    /**
     * --load is the share of sum(slots · rate): 20 four-slot servers of rate 1 take 0.9 · 80 = 72
     * tasks per unit; half one-slot, half four-slot 0.9 · 50 = 45. Nobody abandons, so the
     * throughput is the arrival rate (40 000 Poisson arrivals: 0.5 % standard error).
     */
    @Test
    void theLoadIsAShareOfEverySlotsCapacity() {
        assertThat(Simulation.run(fleet("4").build()).throughput())
                .isCloseTo(72, withinPercentage(2));
        SimResult mixed = Simulation.run(fleet("1:0.5,4:0.5").build());
        assertThat(mixed.throughput()).isCloseTo(45, withinPercentage(2));
        assertThat(mixed.summary()).containsEntry("slots", "1:0.5,4:0.5");
    }

    /** More slots at the same load: the same work spread over more, slower slots waits less. */
    @Test
    void moreSlotsAtTheSameLoadWaitLess() {
        double one = Simulation.run(fleet("1").build()).meanWait().orElseThrow();
        double four = Simulation.run(fleet("4").build()).meanWait().orElseThrow();
        assertThat(four).isLessThan(one);
    }

    @Test
    void chainPIsASingleSlotModel() {
        assertThatThrownBy(
                        () ->
                                fleet("1:0.5,2:0.5")
                                        .impatience(Impatience.CANCEL_RESTORE)
                                        .patience(0.5)
                                        .build())
                .isInstanceOf(InvalidSettingException.class)
                .hasMessageContaining(
                        "the slots per server must be 1 when the impatience is cancel-restore");
    }

    /**
     * Four of twenty servers serve three times slower for 10 units out of 30. Join-shortest-queue
     * sees their queues grow and sends them less before the slowdown ends (4.2 units here: it knows
     * queues, not speeds); random routing never does.
     */
    @Test
    void queueAwareRoutingTurnsAwayFromASlowedServerAndRandomRoutingNever() {
        SimConfigBuilder slowed =
                SimConfig.builder()
                        .servers(20)
                        .tasks(30_000)
                        .load(0.8)
                        .patience(1)
                        .antagonists("4:3:10/20")
                        .seed(5);
        SimResult jsq = Simulation.run(slowed.policy(PolicyName.JSQ).build());
        SimResult random = Simulation.run(slowed.policy(PolicyName.RANDOM).build());
        assertThat(jsq.antagonistHalving().episodes()).isGreaterThan(100);
        assertThat(jsq.antagonistHalving().time()).isNotNull().isBetween(1.0, 10.0);
        assertThat(random.antagonistHalving().time()).isNull();
        assertThat(random.antagonistHalving().reason()).contains("never fell to half");
        assertThat(random.summary()).containsKey("antagonist_halving_seconds");
    }

    /**
     * The twin's replay keeps the recorded servers: two slots serve two tasks at once, and a
     * slowdown (×2 from 0 to 5) doubles the services that start in it.
     */
    @Test
    void aReplayModelsTheRecordedSlotsAndSlowdowns() {
        Workload workload =
                new Workload(
                        new double[] {1},
                        new int[] {2},
                        new Slowdowns(2, 5, 100, new double[] {0}),
                        new double[] {0, 0, 0},
                        new double[] {1, 1, 1},
                        new double[] {
                            Double.POSITIVE_INFINITY,
                            Double.POSITIVE_INFINITY,
                            Double.POSITIVE_INFINITY
                        },
                        null);
        Replay r = Simulation.replay(SimConfig.builder().servers(1).tasks(3).build(), workload);
        assertThat(r.startedAt()).containsExactly(new double[] {0, 0, 2}, within(1e-12));
        assertThat(r.finishedAt()).containsExactly(new double[] {2, 2, 4}, within(1e-12));
        assertThat(r.server()).containsOnly(0);
        assertThat(r.summary().completed()).isEqualTo(3);
    }
}
