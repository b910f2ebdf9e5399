package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/**
 * Up to d distinct alive servers drawn uniformly from a view: the sample of the power-of-d family
 * (power-of-d, p2c-ewma, least-request) and of Prequal's probes. Rejection sampling, since d is
 * small next to N; fewer are drawn when fewer are alive.
 */
final class DistinctSample {
    private final int[] slots;
    private int size;

    DistinctSample(int maxSize) {
        this.slots = new int[maxSize];
    }

    /**
     * Draws {@code d} (at most the alive count) distinct alive slots; read them with {@link #slot}.
     */
    DistinctSample draw(RouterView view, int d, RandomGenerator random) {
        int alive = view.aliveCount();
        size = Math.min(Math.min(d, slots.length), alive);
        for (int i = 0; i < size; i++) {
            slots[i] = distinct(view, i, alive, random);
        }
        return this;
    }

    int size() {
        return size;
    }

    int slot(int i) {
        return slots[i];
    }

    private int distinct(RouterView view, int i, int alive, RandomGenerator random) {
        while (true) {
            int slot = view.aliveSlot(random.nextInt(alive));
            boolean seen = false;
            for (int j = 0; j < i && !seen; j++) {
                seen = slots[j] == slot;
            }
            if (!seen) {
                return slot;
            }
        }
    }
}
