package io.qrouter.core.policy;

import java.util.Arrays;

/**
 * This router's Join-Idle-Queue: the servers it owns ({@link RouterOwnership}) whose latest report
 * says idle and to which it has sent nothing since. FIFO, so the server idle longest is used first.
 * Entries that stop being eligible (a later report says busy, the server went down, another
 * decision took it) are dropped lazily when they reach the head; {@link #size()} counts only
 * eligible servers.
 */
final class IdleQueue implements RouterView.Listener {
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

    /** Takes the longest-idle eligible server, or returns -1 when none is idle. */
    int poll() {
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

    /** Whether this router owns the server's current idle period (false for unknown slots). */
    boolean owns(int slot) {
        ServerSnapshot s = view.snapshot(slot);
        return RouterOwnership.ownerOf(s.serverId(), s.tasksReceived(), routerCount) == routerIndex;
    }

    int size() {
        return eligibleCount;
    }

    @Override
    public void changed(int slot, boolean snapshotChanged) {
        ensureSlot(slot);
        ServerSnapshot s = view.snapshot(slot);
        boolean nowEligible =
                s.idle()
                        && view.inFlight(slot) == 0
                        && RouterOwnership.ownerOf(s.serverId(), s.tasksReceived(), routerCount)
                                == routerIndex;
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
