package io.qrouter.core.policy;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Draws a server with probability proportional to its weight, its capacity c·μ: a sample of d
 * servers is then a sample of the fleet's capacity, not of its server count. On a fleet where a
 * fifth of the servers hold two thirds of the slots, a uniform sample of 8 misses them one time in
 * six. A Fenwick tree over the view's slots: an update and a draw cost O(log N).
 */
final class CapacitySampler {
    /** Rebuilt from the weights after this many updates, so rounding cannot accumulate. */
    private static final int REBUILD_EVERY = 1 << 16;

    private double[] weight = new double[16];
    private double[] tree = new double[17];
    private double total;
    private int updates;

    /** Sets the weight of {@code slot} (0: never drawn). */
    void set(int slot, double w) {
        if (!(w >= 0) || Double.isInfinite(w)) {
            w = 0;
        }
        if (slot >= weight.length) {
            weight = Arrays.copyOf(weight, Math.max(slot + 1, weight.length * 2));
            rebuild();
        }
        double delta = w - weight[slot];
        if (delta == 0) {
            return;
        }
        weight[slot] = w;
        if (++updates >= REBUILD_EVERY) {
            rebuild();
            return;
        }
        total += delta;
        for (int i = slot + 1; i < tree.length; i += i & -i) {
            tree[i] += delta;
        }
    }

    /** A slot drawn in proportion to the weights, or -1 when every weight is 0. */
    int sample(RandomGenerator random) {
        if (!(total > 0)) {
            return -1;
        }
        double u = random.nextDouble() * total;
        int pos = 0;
        for (int step = Integer.highestOneBit(tree.length - 1); step > 0; step >>= 1) {
            int next = pos + step;
            if (next < tree.length && tree[next] <= u) {
                pos = next;
                u -= tree[next];
            }
        }
        // rounding can leave u at the very end, or on a slot just set to 0: take the nearest
        // slot below that has a weight
        for (int slot = Math.min(pos, weight.length - 1); slot >= 0; slot--) {
            if (weight[slot] > 0) {
                return slot;
            }
        }
        return -1;
    }

    private void rebuild() {
        tree = new double[weight.length + 1];
        total = 0;
        for (int slot = 0; slot < weight.length; slot++) {
            total += weight[slot];
            tree[slot + 1] += weight[slot];
            int parent = slot + 1 + ((slot + 1) & -(slot + 1));
            if (parent < tree.length) {
                tree[parent] += tree[slot + 1];
            }
        }
        updates = 0;
    }
}
