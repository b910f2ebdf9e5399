package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import org.junit.jupiter.api.Test;

/**
 * Loss-aware admission against theory. On one server, rejecting a task when its predicted loss
 * probability nα/(μ + nα) exceeds p admits exactly the arrivals that find n ≤ m = ⌊pμ/((1 − p)α)⌋
 * tasks present: the queue is M/M/1+M with capacity m + 1, a truncated birth–death chain, solved
 * here on its own.
 */
class AdmissionTheoryTest {

    /**
     * Closed forms of M/M/1+M truncated at {@code capacity} tasks: P(reject), abandonment and mean
     * wait of admitted.
     */
    private static double[] truncated(double lambda, double mu, double alpha, int capacity) {
        double[] p = new double[capacity + 1];
        p[0] = 1;
        double sum = 1;
        for (int n = 1; n <= capacity; n++) {
            p[n] = p[n - 1] * lambda / (mu + (n - 1) * alpha);
            sum += p[n];
        }
        double waiting = 0;
        for (int n = 0; n <= capacity; n++) {
            p[n] /= sum;
            waiting += Math.max(0, n - 1) * p[n];
        }
        double reject = p[capacity];
        double admittedRate = lambda * (1 - reject);
        return new double[] {reject, alpha * waiting / admittedRate, waiting / admittedRate};
    }

    @Test
    void oneServerWithAdmissionIsTheTruncatedQueue() {
        double lambda = 1.5;
        double alpha = 0.3;
        double p = 0.5;
        // m = floor(0.5 / (0.5 · 0.3)) = 3: P(loss | 3) = 0.474 ≤ 0.5 < P(loss | 4) = 0.545
        int capacity = 4;
        EstimatorConfig longWindow = new EstimatorConfig();
        longWindow.setWindowMillis(
                2_000_000); // 2000 service times: estimates of mu and alpha within a few %
        // two buckets, so that the newest buckets μ now rests on are the whole window: the theory
        // holds μ fixed, and a few dozen recent completions would move it by ±15 %
        longWindow.setBucketCount(2);
        longWindow.setMinArrivals(5);
        longWindow.setMinCompletions(5);
        longWindow.setMinExits(5);
        longWindow.setMinWaits(5);
        longWindow.setMinRecoveries(5);
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.JSQ)
                                .servers(1)
                                .tasks(200_000)
                                .warmupTasks(20_000)
                                .load(lambda)
                                .patience(alpha)
                                .heartbeat(AdaptiveHeartbeat.fixed(1_000))
                                .reportEveryChange(true)
                                .estimators(longWindow)
                                .maxLossProbability(p)
                                .seed(11)
                                .build());
        double[] expected = truncated(lambda, 1, alpha, capacity);

        assertThat((double) r.rejected() / r.countedTasks()).isCloseTo(expected[0], within(0.01));
        assertThat(r.admittedAbandonRate()).isCloseTo(expected[1], within(0.01));
        assertThat(r.meanWait().getAsDouble()).isCloseTo(expected[2], within(0.04 * expected[2]));
        assertThat(r.completed() + r.abandoned() + r.rejected()).isEqualTo(r.countedTasks());
    }

    @Test
    void admissionOffRejectsNothing() {
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.JSQ)
                                .servers(2)
                                .tasks(5_000)
                                .load(1.3)
                                .patience(0.5)
                                .seed(3)
                                .build());
        assertThat(r.rejected()).isZero();
        assertThat(r.admitted()).isEqualTo(r.countedTasks());
    }
}
