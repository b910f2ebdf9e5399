package io.qrouter.core.dsrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DsrsRowTest {
    private static final double[] CAPACITY = {2, 5};
    private static final double[] COST = {1, 3};

    @Test
    void threeSlotsWorkedByHand() {
        // slot 0: weights 0+1·1=1, 0+1·3=3 → system 0 gets 4; Q = [0−2]⁺+4, [0−5]⁺ = [4, 0]
        RowDecision s0 = DsrsRow.step(new double[] {0, 0}, 4, CAPACITY, COST, 1.0);
        assertThat(s0.mecSystem()).isZero();
        assertThat(s0.cost()).isEqualTo(4.0);
        assertThat(s0.queuesAfter()).containsExactly(4, 0);
        // slot 1: weights 4+1=5, 0+3=3 → system 1 gets 3; Q = [4−2]⁺, [0−5]⁺+3 = [2, 3]
        RowDecision s1 = DsrsRow.step(s0.queuesAfter(), 3, CAPACITY, COST, 1.0);
        assertThat(s1.mecSystem()).isEqualTo(1);
        assertThat(s1.cost()).isEqualTo(9.0);
        assertThat(s1.queuesAfter()).containsExactly(2, 3);
        // slot 2: weights 2+1=3, 3+3=6 → system 0 gets 1; Q = [2−2]⁺+1, [3−5]⁺ = [1, 0]
        RowDecision s2 = DsrsRow.step(s1.queuesAfter(), 1, CAPACITY, COST, 1.0);
        assertThat(s2.mecSystem()).isZero();
        assertThat(s2.queuesAfter()).containsExactly(1, 0);
        assertThat(s2.backlogAfter()).isEqualTo(1.0);
    }

    @Test
    void tiesGoToTheSystemListedFirst() {
        // weights: 3+2·1=5, 1+2·2=5, 5+0=5 → all equal
        assertThat(DsrsRow.argmin(new double[] {3, 1, 5}, new double[] {1, 2, 0}, 2)).isZero();
        assertThat(DsrsRow.argmin(new double[] {3, 1, 4}, new double[] {1, 2, 0}, 2)).isEqualTo(2);
    }

    @Test
    void inputsAreNotModified() {
        double[] queues = {7, 1};
        DsrsRow.step(queues, 10, CAPACITY, COST, 1.0);
        assertThat(queues).containsExactly(7, 1);
        assertThat(CAPACITY).containsExactly(2, 5);
    }

    @Test
    void withOneMecSystemItIsASingleLindleyQueue() {
        SplittableRandom rng = new SplittableRandom(3);
        double[] queue = {0};
        double lindley = 0;
        for (int t = 0; t < 10_000; t++) {
            long a = rng.nextInt(0, 7);
            double b = rng.nextDouble(1, 5);
            RowDecision d = DsrsRow.step(queue, a, new double[] {b}, new double[] {2.5}, 10);
            assertThat(d.mecSystem()).isZero();
            assertThat(d.cost()).isEqualTo(2.5 * a);
            lindley = lindley > b ? lindley - b + a : a;
            queue = d.queuesAfter();
            assertThat(queue[0]).isCloseTo(lindley, within(1e-9));
        }
    }

    @Test
    void aLargeVPicksTheCheapestSystemEvenWhenItsQueueIsLong() {
        double[] queues = {500, 0, 80};
        double[] cost = {1.0, 1.5, 1.2};
        assertThat(DsrsRow.argmin(queues, cost, 0)).isEqualTo(1);
        assertThat(DsrsRow.argmin(queues, cost, 1e4)).isZero();
    }

    @Test
    void anEmptySlotOnlyServes() {
        assertThat(DsrsRow.drain(new double[] {3, 10}, CAPACITY)).containsExactly(1, 5);
    }

    @Test
    void drainingKEmptySlotsAtOnceEqualsKDrains() {
        SplittableRandom random = new SplittableRandom(11);
        for (int trial = 0; trial < 200; trial++) {
            double[] queues = {random.nextDouble(0, 50), random.nextDouble(0, 50), 0};
            double[] capacity = {
                random.nextDouble(0, 5), random.nextDouble(0, 0.5), random.nextDouble(0, 5)
            };
            long k = random.nextLong(0, 40);
            double[] stepByStep = queues;
            for (long slot = 0; slot < k; slot++) {
                stepByStep = DsrsRow.drain(stepByStep, capacity);
            }
            double[] atOnce = DsrsRow.drain(queues, capacity, k);
            for (int j = 0; j < queues.length; j++) {
                assertThat(atOnce[j])
                        .as("trial %d, k %d, j %d", trial, k, j)
                        .isCloseTo(stepByStep[j], within(1e-9));
            }
        }
        // 26 years of one-second slots: one step, every queue empty
        assertThat(DsrsRow.drain(new double[] {3, 1e9}, CAPACITY, 820_000_000L))
                .containsExactly(0, 0);
    }

    @Test
    void badInputNamesTheArgument() {
        assertThatThrownBy(() -> DsrsRow.step(new double[] {0, 0}, -1, CAPACITY, COST, 1))
                .hasMessageContaining("arrivals must be ≥ 0");
        assertThatThrownBy(() -> DsrsRow.step(new double[] {0, 0}, 1, new double[] {1}, COST, 1))
                .hasMessageContaining("capacity must have 2 entries");
        assertThatThrownBy(() -> DsrsRow.step(new double[] {0, 0}, 1, CAPACITY, COST, -2))
                .hasMessageContaining("V must be finite and ≥ 0");
        assertThatThrownBy(() -> DsrsRow.step(new double[] {0, Double.NaN}, 1, CAPACITY, COST, 1))
                .hasMessageContaining("queues[1]");
        assertThatThrownBy(() -> DsrsRow.assign(new double[] {0, 0}, 1, CAPACITY, COST, 2))
                .hasMessageContaining("mecSystem must be in [0, 1]");
    }
}
