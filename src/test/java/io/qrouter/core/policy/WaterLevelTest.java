package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class WaterLevelTest {

    /** An independent computation: the level by bisection on Σ μ (L − w)⁺ = amount. */
    private static double bisect(double[] w, double[] mu, double amount) {
        double lo = 0;
        double hi = 1;
        while (poured(w, mu, hi) < amount) {
            hi *= 2;
        }
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (poured(w, mu, mid) < amount) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    private static double poured(double[] w, double[] mu, double level) {
        double s = 0;
        for (int i = 0; i < w.length; i++) {
            s += mu[i] * Math.max(0, level - w[i]);
        }
        return s;
    }

    @Test
    void theLevelMatchesBisectionOnRandomFleets() {
        SplittableRandom r = new SplittableRandom(5);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + r.nextInt(400);
            double[] w = new double[n];
            double[] mu = new double[n];
            for (int i = 0; i < n; i++) {
                mu[i] = 0.5 + r.nextDouble();
                // integer queues over heterogeneous rates: many ties and many zeros
                w[i] = r.nextInt(4) / mu[i];
            }
            double amount = 0.5 + r.nextDouble() * n;
            double level = WaterLevel.level(w, mu, n, amount, r);
            assertThat(level).as("trial %d", trial).isCloseTo(bisect(w, mu, amount), within(1e-9));
            assertThat(poured(w, mu, level)).isCloseTo(amount, within(1e-9 * (1 + amount)));
        }
    }

    @Test
    void aHandComputedLevel() {
        // idle servers of rates 1 and 2 and one with 1 s of work: pouring 3 tasks onto the idle
        // ones gives 3L = 3, L = 1, exactly where the third begins, so it receives nothing
        double[] w = {0, 0, 1};
        double[] mu = {1, 2, 1};
        assertThat(WaterLevel.level(w, mu, 3, 3, new SplittableRandom(1)))
                .isCloseTo(1, within(1e-12));
        // 5 tasks: 4L − 1 = 5, L = 1.5
        assertThat(WaterLevel.level(w, mu, 3, 5, new SplittableRandom(1)))
                .isCloseTo(1.5, within(1e-12));
    }

    @Test
    void samplesFollowTheFilledAmounts() {
        double[] w = {0, 0, 1, 3};
        double[] mu = {1, 2, 1, 1};
        WaterLevel water = new WaterLevel();
        water.fill(w, mu, 4, 5, new SplittableRandom(2)); // L = 1.5: shares 1.5, 3, 0.5, 0 of 5
        SplittableRandom r = new SplittableRandom(3);
        int[] hits = new int[4];
        int draws = 200_000;
        for (int i = 0; i < draws; i++) {
            hits[water.sample(r)]++;
        }
        assertThat(hits[3]).isZero();
        assertThat(hits[0] / (double) draws).isCloseTo(0.3, within(0.005));
        assertThat(hits[1] / (double) draws).isCloseTo(0.6, within(0.005));
        assertThat(hits[2] / (double) draws).isCloseTo(0.1, within(0.005));
    }
}
