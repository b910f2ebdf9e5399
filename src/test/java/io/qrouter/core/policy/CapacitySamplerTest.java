package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CapacitySamplerTest {
    private static final int DRAWS = 200_000;

    @Test
    void drawsInProportionToTheWeightsAndNeverAZeroWeight() {
        CapacitySampler sampler = new CapacitySampler();
        double[] weights = {16, 0, 1, 4, 1, 0, 8};
        for (int slot = 0; slot < weights.length; slot++) {
            sampler.set(slot, weights[slot]);
        }
        int[] drawn = draw(sampler, weights.length);
        assertShares(drawn, weights);
    }

    @Test
    void followsChangesAndGrowsPastItsFirstSize() {
        CapacitySampler sampler = new CapacitySampler();
        double[] weights = new double[100];
        for (int slot = 0; slot < weights.length; slot++) {
            weights[slot] = 1 + slot % 3;
            sampler.set(slot, weights[slot]);
        }
        // a server gone, one slowed, one with a new μ that is not a number
        weights[7] = 0;
        sampler.set(7, 0);
        weights[42] = 30;
        sampler.set(42, 30);
        sampler.set(99, Double.NaN);
        weights[99] = 0;
        assertShares(draw(sampler, weights.length), weights);
    }

    @Test
    void rebuildingAfterManyUpdatesKeepsTheShares() {
        CapacitySampler sampler = new CapacitySampler();
        SplittableRandom random = new SplittableRandom(3);
        double[] weights = new double[50];
        for (int i = 0; i < 70_000; i++) {
            int slot = random.nextInt(weights.length);
            weights[slot] = random.nextDouble() * 10;
            sampler.set(slot, weights[slot]);
        }
        assertShares(draw(sampler, weights.length), weights);
    }

    @Test
    void nothingToDrawWhenEveryWeightIsZero() {
        CapacitySampler sampler = new CapacitySampler();
        assertThat(sampler.sample(new SplittableRandom(1))).isEqualTo(-1);
        sampler.set(3, 2);
        sampler.set(3, 0);
        assertThat(sampler.sample(new SplittableRandom(1))).isEqualTo(-1);
    }

    private static int[] draw(CapacitySampler sampler, int slots) {
        SplittableRandom random = new SplittableRandom(11);
        int[] drawn = new int[slots];
        for (int i = 0; i < DRAWS; i++) {
            drawn[sampler.sample(random)]++;
        }
        return drawn;
    }

    /** Each slot's share within 4 standard errors of its weight's share (binomial). */
    private static void assertShares(int[] drawn, double[] weights) {
        double total = 0;
        for (double w : weights) {
            total += w;
        }
        for (int slot = 0; slot < weights.length; slot++) {
            double p = weights[slot] / total;
            double sd = Math.sqrt(DRAWS * p * (1 - p));
            assertThat((double) drawn[slot])
                    .as("slot %d of weight %s", slot, weights[slot])
                    .isBetween(DRAWS * p - 4 * sd - 1e-9, DRAWS * p + 4 * sd + 1e-9);
        }
    }
}
