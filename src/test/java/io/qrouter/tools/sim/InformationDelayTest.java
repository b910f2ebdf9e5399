package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import org.junit.jupiter.api.Test;

/**
 * Reports and decisions that travel with a delay, checked against what must hold whatever the
 * routing does.
 */
class InformationDelayTest {
    private static final AdaptiveHeartbeat RARE = AdaptiveHeartbeat.fixed(20_000);

    @Test
    void aDecisionDelayAddsExactlyItselfToTheSojournOfARoutingThatIgnoresState() {
        double rho = 0.7;
        double delay = 3;
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.RANDOM)
                                .servers(20)
                                .tasks(200_000)
                                .warmupTasks(20_000)
                                .load(rho)
                                .heartbeat(RARE)
                                .decisionDelay(new Delay.Constant(delay))
                                .seed(42)
                                .build());
        // Random splitting still gives M/M/1 queues: wait rho/(1-rho) at the server, sojourn
        // 1/(1-rho) + the delay.
        assertThat(r.meanWait().getAsDouble())
                .isCloseTo(rho / (1 - rho), within(0.06 * rho / (1 - rho)));
        assertThat(r.meanSojourn().getAsDouble())
                .isCloseTo(1 / (1 - rho) + delay, within(0.05 / (1 - rho)));
    }

    @Test
    void zeroDelaysReproduceTheRunWithoutDelaysBitForBit() {
        SimConfig plain =
                SimConfig.builder()
                        .policy(PolicyName.HEARTBEAT_K_LIVE)
                        .servers(30)
                        .tasks(20_000)
                        .load(0.9)
                        .patience(0.2)
                        .routers(2)
                        .seed(5)
                        .build();
        SimResult a = Simulation.run(plain);
        SimResult b =
                Simulation.run(
                        plain.toBuilder()
                                .updateDelay(Delay.parse("0", SimSetting.UPDATE_DELAY))
                                .decisionDelay(Delay.parse("exp:0", SimSetting.DECISION_DELAY))
                                .build());
        assertThat(b.meanSojourn()).isEqualTo(a.meanSojourn());
        assertThat(b.abandoned()).isEqualTo(a.abandoned());
        assertThat(b.decisionsByRule()).isEqualTo(a.decisionsByRule());
    }

    @Test
    void routersCountTheirDecisionsUntilAcknowledgedSoALongDecisionDelayDoesNotHerd() {
        // One router, every change reported, decisions 5 mean service times on their way: without
        // counting its
        // unacknowledged decisions the router would see the same shortest queue for 5 units and
        // flood it.
        SimConfig config =
                SimConfig.builder()
                        .policy(PolicyName.JSQ)
                        .servers(50)
                        .tasks(40_000)
                        .warmupTasks(4_000)
                        .load(0.9)
                        .reportEveryChange(true)
                        .decisionDelay(new Delay.Constant(5))
                        .seed(9)
                        .build();
        SimResult delayed = Simulation.run(config);
        SimResult random = Simulation.run(config.toBuilder().policy(PolicyName.RANDOM).build());
        double response = delayed.meanSojourn().getAsDouble() - 5;
        // M/M/1 under random routing: 1/(1 - 0.9) = 10. A router blind to its own 5 units of
        // decisions would send
        // each burst to one queue and do worse than random; counting them keeps JSQ under half of
        // it.
        assertThat(random.meanSojourn().getAsDouble() - 5).isCloseTo(10, within(1.5));
        assertThat(response).isLessThan(0.5 * (random.meanSojourn().getAsDouble() - 5));
    }

    @Test
    void delaysAreParsedWithTheirSettingInErrors() {
        assertThat(Delay.parse("0.5", SimSetting.UPDATE_DELAY).mean()).isEqualTo(0.5);
        assertThat(Delay.parse("exp:2", SimSetting.UPDATE_DELAY).mean()).isEqualTo(2);
        assertThat(Delay.parse("0", SimSetting.UPDATE_DELAY).isZero()).isTrue();
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> Delay.parse("-1", SimSetting.UPDATE_DELAY))
                .isInstanceOfSatisfying(
                        InvalidSettingException.class,
                        e -> assertThat(e.setting()).isEqualTo(SimSetting.UPDATE_DELAY))
                .hasMessage("the update delay D must be in [0.0, 1.0E9] (got -1)");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> Delay.parse("soon", SimSetting.DECISION_DELAY))
                .hasMessageStartingWith("the decision delay must be a delay")
                .hasMessageNotContaining("--");
    }
}
