package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/**
 * The idle queue of heartbeat-k: the idle server that serves fastest first (highest μ per slot,
 * estimated once known), ties at random. Every idle server starts a task at once, so the task's
 * wait is the same whichever is taken; the fastest finishes it soonest and is free again first.
 */
final class FastestIdle implements IdleServers {
    private final RouterView view;
    private final int routerIndex;
    private final int routerCount;
    private final MinIndex bySpeed;

    FastestIdle(RouterView view, int routerIndex, int routerCount, RandomGenerator random) {
        this.view = view;
        this.routerIndex = routerIndex;
        this.routerCount = routerCount;
        this.bySpeed = new MinIndex(random);
        view.addListener(this);
    }

    @Override
    public int poll() {
        int slot = bySpeed.min();
        if (slot >= 0) {
            bySpeed.remove(slot);
        }
        return slot;
    }

    @Override
    public int size() {
        return bySpeed.size();
    }

    @Override
    public void changed(int slot, boolean snapshotChanged) {
        if (IdleServers.eligible(view, slot, routerIndex, routerCount)) {
            ServerSnapshot s = view.snapshot(slot);
            bySpeed.set(slot, speedKey(s), tieBreak(s));
        } else {
            bySpeed.remove(slot);
        }
    }

    /** The order key: the fastest first. */
    static double speedKey(ServerSnapshot s) {
        return -s.effectiveMu();
    }

    /**
     * Servers of equal speed in an order drawn afresh for each idle period, yet the same for anyone
     * who reads the report, so that a run replays the same choices whoever draws what.
     */
    static long tieBreak(ServerSnapshot s) {
        return StableHash.mix(StableHash.of(s.serverId()) + s.tasksReceived());
    }

    @Override
    public void removed(int slot) {
        bySpeed.remove(slot);
    }
}
