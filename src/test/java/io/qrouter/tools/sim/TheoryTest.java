package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.queueing.ChainP;
import io.qrouter.core.queueing.RenegingQueue;
import io.qrouter.core.queueing.SteadyState;
import org.junit.jupiter.api.Test;

/** The simulator against queueing theory: closed forms computed independently of the simulation. */
class TheoryTest {
    /**
     * Policies that ignore heartbeats do not need frequent ones; rarer heartbeats keep the tests
     * fast.
     */
    private static final AdaptiveHeartbeat RARE = AdaptiveHeartbeat.fixed(20_000);

    @Test
    void randomRoutingOverNServersIsNIndependentMM1Queues() {
        double rho = 0.7;
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.RANDOM)
                                .servers(20)
                                .tasks(200_000)
                                .warmupTasks(20_000)
                                .load(rho)
                                .heartbeat(RARE)
                                .seed(42)
                                .build());
        // Random splitting of a Poisson stream gives each server Poisson(rho·mu): M/M/1 with W =
        // 1/(mu - lambda).
        double expectedSojourn = 1 / (1 - rho);
        // 180 000 tasks over 20 queues at rho = 0.7: the standard error of the mean sojourn is
        // about 1.5%
        assertThat(r.meanSojourn().getAsDouble())
                .isCloseTo(expectedSojourn, within(0.05 * expectedSojourn));
        assertThat(r.meanWait().getAsDouble())
                .isCloseTo(rho / (1 - rho), within(0.06 * rho / (1 - rho)));
        // the sojourn of M/M/1 is exponential with rate mu - lambda: p99 = ln(100)/(1 - rho)
        assertThat(r.p99Sojourn().getAsDouble())
                .isCloseTo(Math.log(100) / (1 - rho), within(0.08 * Math.log(100) / (1 - rho)));
        assertThat(r.meanOccupancy()).isCloseTo(rho, within(0.02));
        assertThat(r.completed()).isEqualTo(180_000);
    }

    @Test
    void abandonmentMatchesTheMM1PlusMCore() {
        double lambda = 1.3;
        double alphaC = 0.4;
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.RANDOM)
                                .servers(1)
                                .tasks(150_000)
                                .warmupTasks(5_000)
                                .load(lambda)
                                .patience(alphaC)
                                .heartbeat(RARE)
                                .seed(7)
                                .build());
        RenegingQueue q =
                ((SteadyState.Stable<RenegingQueue>) RenegingQueue.solve(lambda, 1.0, alphaC))
                        .metrics();
        assertThat(r.abandonRate())
                .isCloseTo(q.abandonProbability(), within(0.03 * q.abandonProbability()));
        assertThat(r.meanWait().getAsDouble()).isCloseTo(q.meanWait(), within(0.04 * q.meanWait()));
        assertThat(r.meanTasksInSystem())
                .isCloseTo(q.meanInSystem(), within(0.04 * q.meanInSystem()));
        assertThat(r.meanOccupancy()).isCloseTo(1 - q.p0(), within(0.02));
    }

    @Test
    void cancelAndRestoreMatchesTheCorrectedChainP() {
        // the worked point of reference/queueing-model.md: P(lost) = 0.2857, E[L] = 2.476
        double lambda = 2;
        double mu = 2.5;
        double alphaC = 0.5;
        double eta = 1;
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.RANDOM)
                                .servers(1)
                                .heterogeneity("uniform:2.5,2.5")
                                .tasks(150_000)
                                .warmupTasks(5_000)
                                .load(lambda / mu)
                                .patience(alphaC)
                                .impatience(Impatience.CANCEL_RESTORE)
                                .eta(eta)
                                .heartbeat(RARE)
                                .seed(3)
                                .build());
        ChainP p = ((SteadyState.Stable<ChainP>) ChainP.solve(lambda, mu, alphaC, eta)).metrics();
        assertThat(r.abandonRate())
                .isCloseTo(p.lossProbability(), within(0.04 * p.lossProbability()));
        double blockedShare = (double) r.blocked() / r.countedTasks();
        assertThat(blockedShare)
                .isCloseTo(p.blockedRate() / lambda, within(0.06 * p.blockedRate() / lambda));
        assertThat(r.meanTasksInSystem())
                .isCloseTo(p.meanInSystem(), within(0.05 * p.meanInSystem()));
    }

    @Test
    void powerOfTwoApproachesTheSupermarketMeanField() {
        double lambda = 0.9;
        int d = 2;
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.POWER_OF_D)
                                .choices(d)
                                .servers(500)
                                .tasks(300_000)
                                .warmupTasks(60_000)
                                .load(lambda)
                                .heartbeat(RARE)
                                .seed(5)
                                .build());
        // Mitzenmacher (2001): as N → ∞ the mean time in system is sum_{i>=1} lambda^((d^i - d)/(d
        // - 1))
        double meanField = 0;
        for (int i = 1; i < 30; i++) {
            meanField += Math.pow(lambda, (Math.pow(d, i) - d) / (d - 1));
        }
        assertThat(meanField).isCloseTo(2.6136, within(1e-3));
        // finite N = 500 sits slightly above the limit
        assertThat(r.meanSojourn().getAsDouble()).isCloseTo(meanField, within(0.04 * meanField));
    }

    @Test
    void moreInformationGivesShorterSojournsJsqThenPowerOfTwoThenRandom() {
        double[] sojourn = new double[3];
        PolicyName[] order = {PolicyName.JSQ, PolicyName.POWER_OF_D, PolicyName.RANDOM};
        for (int i = 0; i < order.length; i++) {
            sojourn[i] =
                    Simulation.run(
                                    SimConfig.builder()
                                            .policy(order[i])
                                            .servers(50)
                                            .tasks(40_000)
                                            .warmupTasks(4_000)
                                            .load(0.85)
                                            .heartbeat(RARE)
                                            .seed(11)
                                            .build())
                            .meanSojourn()
                            .getAsDouble();
        }
        assertThat(sojourn[0]).isLessThan(sojourn[1]);
        assertThat(sojourn[1]).isLessThan(sojourn[2]);
        // JSQ with 50 servers at 0.85 waits little: the sojourn is close to one service time
        assertThat(sojourn[0]).isBetween(1.0, 1.3);
    }
}
