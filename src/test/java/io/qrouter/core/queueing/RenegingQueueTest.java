package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RenegingQueueTest {

    /**
     * Stationary probabilities straight from the product formula, normalised by 1F1(1; mu/alphaC;
     * lambda/alphaC).
     */
    private static double[] productFormDistribution(
            double lambda, double mu, double alphaC, int levels) {
        double[] p = new double[levels];
        double hypergeometric =
                0; // 1F1(1; b; z) = sum_k z^k / (b)_k, b = mu/alphaC, z = lambda/alphaC
        double b = mu / alphaC;
        double z = lambda / alphaC;
        double term = 1;
        for (int k = 0; k < levels; k++) {
            if (k > 0) {
                term *= z / (b + k - 1);
            }
            p[k] = term;
            hypergeometric += term;
        }
        for (int k = 0; k < levels; k++) {
            p[k] /= hypergeometric;
        }
        return p;
    }

    @Test
    void matchesTheProductFormOnSeededRandomParameters() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 200; trial++) {
            double mu = 0.1 + 5 * random.nextDouble();
            double alphaC = mu * (0.02 + 2 * random.nextDouble());
            double lambda = mu * 3 * random.nextDouble();
            double[] p = productFormDistribution(lambda, mu, alphaC, 3000);
            double l = 0;
            double lq = 0;
            double waitAll = 0;
            double virtual = 0;
            for (int n = 0; n < p.length; n++) {
                l += n * p[n];
                lq += Math.max(n - 1, 0) * p[n];
                double v = 0;
                for (int m = 1; m <= n && p[n] > 1e-300; m++) {
                    v += m * alphaC / (mu + m * alphaC);
                }
                virtual += p[n] * v / (mu + n * alphaC);
                waitAll +=
                        p[n] * n / (mu + n * alphaC); // PASTA: arrivals see the time-stationary law
            }
            RenegingQueue q = RenegingQueue.solve(lambda, mu, alphaC).orElseThrow();
            String at = "lambda=" + lambda + " mu=" + mu + " alphaC=" + alphaC;
            assertThat(q.p0()).as(at).isCloseTo(p[0], withinPercentage(1e-7));
            assertThat(q.meanInSystem()).as(at).isCloseTo(l, withinPercentage(1e-7));
            assertThat(q.meanWaiting()).as(at).isCloseTo(lq, within(1e-12 + 1e-9 * lq));
            assertThat(q.virtualWait()).as(at).isCloseTo(virtual, within(1e-12 + 1e-9 * virtual));
            // Little's law on the queue agrees with the arrival-average of E[W_q | n]
            assertThat(q.meanWait()).as(at).isCloseTo(waitAll, within(1e-12 + 1e-9 * waitAll));
            // flow balance: every arrival is either served or abandons
            assertThat(q.throughput() + lambda * q.abandonProbability())
                    .as(at)
                    .isCloseTo(lambda, within(1e-9 * Math.max(lambda, 1e-9)));
            assertThat(q.meanSojourn())
                    .as(at)
                    .isCloseTo(q.meanInSystem() / lambda, withinPercentage(1e-9));
        }
    }

    @Test
    void smallAlphaReducesToMm1() {
        double lambda = 0.8;
        double mu = 1;
        double rho = lambda / mu;
        RenegingQueue q = RenegingQueue.solve(lambda, mu, 1e-9).orElseThrow();
        assertThat(q.p0()).isCloseTo(1 - rho, within(1e-6));
        assertThat(q.meanInSystem()).isCloseTo(rho / (1 - rho), within(1e-6));
        assertThat(q.meanWaiting()).isCloseTo(rho * rho / (1 - rho), within(1e-6));
        assertThat(q.abandonProbability()).isLessThan(1e-7);
        RenegingQueue exact = RenegingQueue.solve(lambda, mu, 0).orElseThrow();
        assertThat(exact.meanWait()).isCloseTo(rho / (mu - lambda), within(1e-12));
        assertThat(exact.virtualWait()).isZero();
        assertThat(exact.meanWaitOfAbandoned()).isEmpty();
    }

    @Test
    void noAbandonmentAndOverloadIsUnstable() {
        SteadyState<RenegingQueue> state = RenegingQueue.solve(2, 1, 0);
        assertThat(state.isStable()).isFalse();
        assertThat(((SteadyState.Unstable<RenegingQueue>) state).reason())
                .contains("lambda/mu = 2.0");
        assertThatThrownBy(state::orElseThrow).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void abandonmentKeepsEvenHeavyOverloadStable() {
        // lambda/alphaC = 1e5: the mode of p_n is near n = 1e5, far beyond double range without
        // rescaling.
        RenegingQueue q = RenegingQueue.solve(1000, 1, 0.01).orElseThrow();
        assertThat(q.meanInSystem())
                .isCloseTo((1000 - 1) / 0.01, withinPercentage(0.5)); // fluid limit
        assertThat(q.throughput()).isCloseTo(1, within(1e-9));
        assertThat(q.abandonProbability()).isCloseTo(0.999, within(1e-6));
    }

    @Test
    void withoutArrivalsNothingWaits() {
        RenegingQueue q = RenegingQueue.solve(0, 2, 0.5).orElseThrow();
        assertThat(q.p0()).isEqualTo(1);
        assertThat(q.meanInSystem()).isZero();
        assertThat(q.meanWait()).isZero();
        assertThat(q.meanSojourn()).isEqualTo(0.5);
        assertThat(q.abandonProbability()).isZero();
    }

    @Test
    void tinyLambdaKeepsRelativeAccuracy() {
        double lambda = 1e-12;
        RenegingQueue q = RenegingQueue.solve(lambda, 1, 0.5).orElseThrow();
        assertThat(q.throughput()).isCloseTo(lambda, withinPercentage(1e-6));
        assertThat(q.meanSojourn()).isCloseTo(1, withinPercentage(1e-6));
    }

    @Test
    void conditionalFormsAtAKnownPoint() {
        // mu = 1, alphaC = 1, n = 2: two stages at rates 2 and 3 (telescoped: 2/3); P(served) =
        // 1/3;
        // abandon at stage 2 (prob 1/3) after 1/3, or at stage 1 (prob 1/3) after 1/3 + 1/2:
        // (1/3)(1/3 + 5/6) = 7/18
        assertThat(RenegingQueue.conditionalMeanWait(2, 1, 1)).isCloseTo(2 / 3.0, within(1e-15));
        assertThat(RenegingQueue.conditionalServedProbability(2, 1, 1))
                .isCloseTo(1 / 3.0, within(1e-15));
        assertThat(RenegingQueue.conditionalVirtualWait(2, 1, 1))
                .isCloseTo(7 / 18.0, within(1e-15));
        assertThat(RenegingQueue.conditionalMeanWait(0, 1, 1)).isZero();
        assertThat(RenegingQueue.conditionalServedProbability(0, 1, 1)).isEqualTo(1);
        assertThatThrownBy(() -> RenegingQueue.conditionalMeanWait(-1, 1, 1))
                .hasMessageContaining("n (tasks present)");
    }

    @Test
    void rejectsInvalidRatesNamingThem() {
        assertThatThrownBy(() -> RenegingQueue.solve(-1, 1, 0))
                .hasMessageContaining("lambda must be");
        assertThatThrownBy(() -> RenegingQueue.solve(1, 0, 0)).hasMessageContaining("mu must be");
        assertThatThrownBy(() -> RenegingQueue.solve(1, 1, Double.NaN))
                .hasMessageContaining("alphaC must be");
    }

    /**
     * FCFS with exponential patience, simulated task by task: a task that finds workload V (the
     * unfinished work of tasks that will be served) waits V if its patience allows, else abandons
     * after its patience.
     */
    @Test
    void agreesWithASeededSimulation() {
        double lambda = 1.5;
        double mu = 1;
        double alphaC = 0.5;
        SplittableRandom random = new SplittableRandom(2026);
        int arrivals = 400_000;
        double workload = 0;
        double totalWait = 0;
        double wastedWait = 0;
        double totalSojourn = 0;
        long abandoned = 0;
        for (int i = 0; i < arrivals; i++) {
            workload = Math.max(0, workload - exponential(random, lambda));
            double patience = exponential(random, alphaC);
            if (workload <= patience) {
                double service = exponential(random, mu);
                totalWait += workload;
                totalSojourn += workload + service;
                workload += service;
            } else {
                abandoned++;
                totalWait += patience;
                wastedWait += patience;
                totalSojourn += patience;
            }
        }
        RenegingQueue q = RenegingQueue.solve(lambda, mu, alphaC).orElseThrow();
        assertThat((double) abandoned / arrivals)
                .isCloseTo(q.abandonProbability(), withinPercentage(2));
        assertThat(totalWait / arrivals).isCloseTo(q.meanWait(), withinPercentage(2));
        assertThat(wastedWait / arrivals).isCloseTo(q.virtualWait(), withinPercentage(2));
        assertThat(lambda * totalSojourn / arrivals)
                .isCloseTo(q.meanInSystem(), withinPercentage(2));
        assertThat(wastedWait / abandoned)
                .isCloseTo(q.meanWaitOfAbandoned().orElseThrow(), withinPercentage(2));
    }

    private static double exponential(SplittableRandom random, double rate) {
        return -Math.log(1 - random.nextDouble()) / rate;
    }
}
