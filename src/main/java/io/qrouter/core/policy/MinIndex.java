package io.qrouter.core.policy;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * An indexed binary min-heap over view slots: set or remove a slot's key in O(log N), read the
 * minimum and the runner-up in O(1). Equal keys are ordered by a random tie-break drawn whenever a
 * slot's key changes, so that ties (e.g. many idle servers with K = 0) are broken at random rather
 * than always towards the same server, and parallel routers with different seeds do not pile onto
 * one server. Keys may be +∞ (overloaded), never NaN.
 */
final class MinIndex {
    private final RandomGenerator random;
    private int[] heap = new int[16];
    private int size;
    private int[] position = new int[16];
    private double[] key = new double[16];
    private long[] tieBreak = new long[16];

    MinIndex(RandomGenerator random) {
        this.random = random;
        Arrays.fill(position, -1);
    }

    /**
     * Inserts the slot or changes its key. An unchanged key keeps the slot's place (and its
     * tie-break).
     */
    void set(int slot, double newKey) {
        set(slot, newKey, random.nextLong(), false);
    }

    /**
     * As {@link #set(int, double)} with the tie-break given, not drawn, so that another component
     * can predict the order (a router's idle queue in the order its reports fix, {@link
     * FastestIdle}).
     */
    void set(int slot, double newKey, long tie) {
        // the draw it replaces is still taken, so that the rest of the policy's random stream, and
        // every simulator figure published before, stays bit for bit the same
        random.nextLong();
        set(slot, newKey, tie, true);
    }

    private void set(int slot, double newKey, long tie, boolean given) {
        if (Double.isNaN(newKey)) {
            throw new IllegalArgumentException("index key of slot " + slot + " is NaN");
        }
        ensureSlot(slot);
        int pos = position[slot];
        if (pos >= 0 && key[slot] == newKey && (!given || tieBreak[slot] == tie)) {
            return;
        }
        key[slot] = newKey;
        tieBreak[slot] = tie;
        if (pos < 0) {
            if (size == heap.length) {
                heap = Arrays.copyOf(heap, size * 2);
            }
            heap[size] = slot;
            position[slot] = size;
            siftUp(size++);
        } else {
            siftUp(pos);
            siftDown(position[slot]);
        }
    }

    /**
     * Draws a new tie-break for a slot already in the index, so that it moves behind its equals at
     * random.
     */
    void redrawTieBreak(int slot) {
        int pos = position[slot];
        tieBreak[slot] = random.nextLong();
        siftUp(pos);
        siftDown(position[slot]);
    }

    void remove(int slot) {
        if (slot >= position.length || position[slot] < 0) {
            return;
        }
        int pos = position[slot];
        int last = heap[--size];
        position[slot] = -1;
        if (pos < size) {
            heap[pos] = last;
            position[last] = pos;
            siftUp(pos);
            siftDown(position[last]);
        }
    }

    boolean contains(int slot) {
        return slot < position.length && position[slot] >= 0;
    }

    /** The slot of least key, or -1 when empty. */
    int min() {
        return size == 0 ? -1 : heap[0];
    }

    /** The slot that would be the minimum if the minimum were removed, or -1. */
    int runnerUp() {
        if (size < 2) {
            return -1;
        }
        return size == 2 || less(heap[1], heap[2]) ? heap[1] : heap[2];
    }

    double key(int slot) {
        return key[slot];
    }

    int size() {
        return size;
    }

    private boolean less(int a, int b) {
        int c = Double.compare(key[a], key[b]);
        return c < 0 || (c == 0 && tieBreak[a] < tieBreak[b]);
    }

    private void siftUp(int pos) {
        int slot = heap[pos];
        while (pos > 0) {
            int parent = (pos - 1) >>> 1;
            int p = heap[parent];
            if (!less(slot, p)) {
                break;
            }
            heap[pos] = p;
            position[p] = pos;
            pos = parent;
        }
        heap[pos] = slot;
        position[slot] = pos;
    }

    private void siftDown(int pos) {
        int slot = heap[pos];
        while (true) {
            int child = 2 * pos + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && less(heap[child + 1], heap[child])) {
                child++;
            }
            int c = heap[child];
            if (!less(c, slot)) {
                break;
            }
            heap[pos] = c;
            position[c] = pos;
            pos = child;
        }
        heap[pos] = slot;
        position[slot] = pos;
    }

    private void ensureSlot(int slot) {
        if (slot >= position.length) {
            int n = Math.max(slot + 1, position.length * 2);
            int old = position.length;
            position = Arrays.copyOf(position, n);
            Arrays.fill(position, old, n, -1);
            key = Arrays.copyOf(key, n);
            tieBreak = Arrays.copyOf(tieBreak, n);
        }
    }
}
