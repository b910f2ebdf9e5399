package io.qrouter.core.policy;

import java.util.Arrays;

/**
 * A value per server slot, or none, with the running sum and count of the values present: a fleet
 * mean kept in O(1) per update instead of a pass over the fleet.
 */
final class SlotSum {
    private double[] valueOf = new double[16];
    private boolean[] present = new boolean[16];
    private double sum;
    private int count;

    /** Sets {@code slot}'s value; {@code NaN} removes it. */
    void set(int slot, double value) {
        if (slot >= valueOf.length) {
            int length = Math.max(slot + 1, valueOf.length * 2);
            valueOf = Arrays.copyOf(valueOf, length);
            present = Arrays.copyOf(present, length);
        }
        if (present[slot]) {
            sum -= valueOf[slot];
            count--;
        }
        present[slot] = !Double.isNaN(value);
        valueOf[slot] = present[slot] ? value : 0;
        if (present[slot]) {
            sum += value;
            count++;
        }
    }

    double sum() {
        return sum;
    }

    int count() {
        return count;
    }
}
