package io.qrouter.core.policy;

import java.util.Arrays;

/**
 * The Join-Idle-Queue of Lu et al.: FIFO, so the server idle longest is used first. Entries that
 * stop being eligible (a later report says busy, the server went down, another decision took it)
 * are dropped lazily when they reach the head; {@link #size()} counts only eligible servers.
 */
final class IdleQueue implements IdleServers {
    private final RouterView view;
    private final int routerIndex;
    private final int routerCount;
    private boolean[] eligible = new boolean[16];
    private boolean[] queued = new boolean[16];
    private int[] ring = new int[16];
    private int head;
    private int tail;
    private int eligibleCount;

    IdleQueue(RouterView view, int routerIndex, int routerCount) {
        this.view = view;
        this.routerIndex = routerIndex;
        this.routerCount = routerCount;
        view.addListener(this);
    }

    @Override
    public int poll() {
        while (head != tail) {
            int slot = ring[head];
            head = (head + 1) & (ring.length - 1);
            queued[slot] = false;
            if (eligible[slot]) {
                return slot;
            }
        }
        return -1;
    }

    @Override
    public int size() {
        return eligibleCount;
    }

    @Override
    public void changed(int slot, boolean snapshotChanged) {
        ensureSlot(slot);
        boolean nowEligible = IdleServers.eligible(view, slot, routerIndex, routerCount);
        setEligible(slot, nowEligible);
        if (nowEligible && !queued[slot]) {
            push(slot);
        }
    }

    @Override
    public void removed(int slot) {
        ensureSlot(slot);
        setEligible(slot, false);
    }

    private void setEligible(int slot, boolean value) {
        if (eligible[slot] != value) {
            eligible[slot] = value;
            eligibleCount += value ? 1 : -1;
        }
    }

    private void push(int slot) {
        queued[slot] = true;
        ring[tail] = slot;
        tail = (tail + 1) & (ring.length - 1);
        if (tail == head) {
            int[] bigger = new int[ring.length * 2];
            int n = ring.length - head;
            System.arraycopy(ring, head, bigger, 0, n);
            System.arraycopy(ring, 0, bigger, n, head);
            head = 0;
            tail = ring.length;
            ring = bigger;
        }
    }

    private void ensureSlot(int slot) {
        if (slot >= eligible.length) {
            int n = Math.max(slot + 1, eligible.length * 2);
            eligible = Arrays.copyOf(eligible, n);
            queued = Arrays.copyOf(queued, n);
        }
    }
}
