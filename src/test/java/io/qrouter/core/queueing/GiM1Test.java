package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GiM1Test {

    @Test
    void poissonArrivalsGiveSigmaEqualToRho() {
        for (double rho : new double[] {1e-6, 0.1, 0.5, 0.9, 0.999}) {
            GiM1 q = GiM1.solve(new InterarrivalDistribution.Exponential(rho * 3), 3).orElseThrow();
            assertThat(q.sigma()).as("rho=" + rho).isCloseTo(rho, within(1e-12));
            assertThat(q.meanInSystem())
                    .as("rho=" + rho)
                    .isCloseTo(rho / (1 - rho), within(1e-9 * rho / (1 - rho)));
        }
    }

    @Test
    void erlang2AtHalfLoadHasTheKnownRoot() {
        GiM1 q = GiM1.solve(new InterarrivalDistribution.Erlang(2, 1), 2).orElseThrow();
        double sigma = (3 - Math.sqrt(5)) / 2;
        assertThat(q.sigma()).isCloseTo(sigma, within(1e-14));
        assertThat(q.waitProbability()).isEqualTo(q.sigma());
        assertThat(q.meanWait()).isCloseTo(sigma / (2 * (1 - sigma)), within(1e-14));
        assertThat(q.meanWaiting()).isCloseTo(q.meanWait(), within(1e-14)); // lambda = 1
    }

    @Test
    void bisectionAgreesWithFixedPointIteration() {
        double mu = 1;
        for (InterarrivalDistribution a :
                new InterarrivalDistribution[] {
                    new InterarrivalDistribution.Erlang(5, 0.7),
                            new InterarrivalDistribution.HyperExponential2(0.7, 4),
                    new InterarrivalDistribution.Deterministic(0.7),
                            new InterarrivalDistribution.HyperExponential2(0.3, 25)
                }) {
            double sigma = 0; // increases monotonically to the smallest root of x = A*(mu(1-x))
            for (int i = 0; i < 20_000; i++) {
                sigma = a.laplaceStieltjes(mu * (1 - sigma));
            }
            assertThat(GiM1.solve(a, mu).orElseThrow().sigma())
                    .as(a.toString())
                    .isCloseTo(sigma, within(1e-12));
        }
    }

    @Test
    void hyperExponentialFitHasTheRequestedMoments() {
        var h2 = new InterarrivalDistribution.HyperExponential2(2, 5);
        double p1 = h2.p1();
        double mean = p1 / h2.rate1() + (1 - p1) / h2.rate2();
        double secondMoment =
                2 * (p1 / (h2.rate1() * h2.rate1()) + (1 - p1) / (h2.rate2() * h2.rate2()));
        assertThat(mean).isCloseTo(0.5, within(1e-14));
        assertThat(secondMoment / (mean * mean) - 1).isCloseTo(5, within(1e-12));
        assertThat(p1 / h2.rate1())
                .isCloseTo((1 - p1) / h2.rate2(), within(1e-14)); // balanced means
        var exponential = new InterarrivalDistribution.HyperExponential2(2, 1);
        assertThat(exponential.laplaceStieltjes(3)).isCloseTo(2 / 5.0, within(1e-15));
    }

    @Test
    void empiricalSigmaFromExponentialSamplesIsCloseToRho() {
        SplittableRandom random = new SplittableRandom(99);
        double lambda = 0.6;
        double[] samples = new double[100_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = -Math.log(1 - random.nextDouble()) / lambda;
        }
        var empirical = new InterarrivalDistribution.Empirical(samples);
        assertThat(empirical.rate()).isCloseTo(lambda, withinPercentage(1));
        assertThat(GiM1.solve(empirical, 1).orElseThrow().sigma()).isCloseTo(0.6, within(0.01));
    }

    /**
     * Lindley's recursion W_{n+1} = max(0, W_n + S_n - tau_{n+1}) with H2 arrivals: an independent
     * check.
     */
    @Test
    void agreesWithASeededSimulation() {
        double mu = 1;
        var h2 = new InterarrivalDistribution.HyperExponential2(0.7, 3);
        SplittableRandom random = new SplittableRandom(5);
        int arrivals = 1_000_000;
        double wait = 0;
        double totalWait = 0;
        long waited = 0;
        for (int i = 0; i < arrivals; i++) {
            totalWait += wait;
            waited += wait > 0 ? 1 : 0;
            double service = -Math.log(1 - random.nextDouble()) / mu;
            double phaseRate = random.nextDouble() < h2.p1() ? h2.rate1() : h2.rate2();
            double tau = -Math.log(1 - random.nextDouble()) / phaseRate;
            wait = Math.max(0, wait + service - tau);
        }
        GiM1 q = GiM1.solve(h2, mu).orElseThrow();
        assertThat((double) waited / arrivals)
                .isCloseTo(q.waitProbability(), withinPercentage(1.5));
        assertThat(totalWait / arrivals).isCloseTo(q.meanWait(), withinPercentage(4));
    }

    @Test
    void overloadIsUnstableAndNoArrivalsIsIdle() {
        SteadyState<GiM1> state = GiM1.solve(new InterarrivalDistribution.Deterministic(2), 2);
        assertThat(state.isStable()).isFalse();
        assertThat(((SteadyState.Unstable<GiM1>) state).reason()).contains(">= 1");
        GiM1 idle = GiM1.solve(new InterarrivalDistribution.Exponential(0), 2).orElseThrow();
        assertThat(idle.sigma()).isZero();
        assertThat(idle.meanInSystem()).isZero();
        assertThat(idle.meanSojourn()).isEqualTo(0.5);
    }

    @Test
    void parsesDistributionNames() {
        assertThat(InterarrivalDistribution.parse("exp", 2))
                .isEqualTo(new InterarrivalDistribution.Exponential(2));
        assertThat(InterarrivalDistribution.parse("erlang:3", 2))
                .isEqualTo(new InterarrivalDistribution.Erlang(3, 2));
        assertThat(InterarrivalDistribution.parse("H2:4", 2))
                .isEqualTo(new InterarrivalDistribution.HyperExponential2(2, 4));
        assertThat(InterarrivalDistribution.parse("det", 2))
                .isEqualTo(new InterarrivalDistribution.Deterministic(2));
        assertThatThrownBy(() -> InterarrivalDistribution.parse("gamma", 2))
                .hasMessageContaining("exp, erlang:K, h2:SCV or det");
        assertThatThrownBy(() -> InterarrivalDistribution.parse("erlang:x", 2))
                .hasMessageContaining("integer K");
        assertThatThrownBy(() -> InterarrivalDistribution.parse("erlang", 2))
                .hasMessageContaining("needs a parameter");
        assertThatThrownBy(() -> InterarrivalDistribution.parse("h2:0.5", 2))
                .hasMessageContaining(">= 1");
        assertThatThrownBy(() -> new InterarrivalDistribution.Empirical(new double[0]))
                .hasMessageContaining("at least one");
    }
}
