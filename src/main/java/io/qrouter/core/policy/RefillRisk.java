package io.qrouter.core.policy;

/**
 * The chance that a busy server of another router's idle queue is refilled under a fallback's task
 * before that task arrives. A server whose n tasks are all in service becomes idle when the last
 * ends; its report then reaches the router that owns the idle period, which sends it a task at
 * once, while a fallback task sent there now is still on its way. One of the two then waits a whole
 * service. A single router knows its own tasks in flight and never does this, nor do routers behind
 * the {@link TaskPlacer}, which decides as one; routers deciding on their own, with tasks keyed to
 * them at random, cannot see the owner's task. With exponential services the chance that all n end
 * within a horizon h is (1 − e^(−μ·h))^n.
 *
 * <p>The horizon is how long this router's decisions take to show in the servers' updates: the mean
 * time from a decision to the update that acknowledges it, on the router's own clock. It spans a
 * decision's path to its server and an update's path back, as the risk does: the report the router
 * ranks by is an update's path old, and its task still has a decision's path to travel. Zero while
 * unknown, so a router whose tasks nothing has acknowledged yet ranks as a single router does.
 * Measured in docs/results.md ("A fallback that expects the owner's task").
 */
final class RefillRisk {
    /**
     * The horizon moved by more than this share since the keys were computed: compute them again.
     */
    static final double REKEY_SHARE = 0.25;

    private double horizonSeconds;
    private double keyedHorizonSeconds;

    /** The mean acknowledgement round trip, in ms (NaN or negative: unknown). */
    void roundTrip(double meanMillis) {
        horizonSeconds = meanMillis > 0 ? meanMillis / 1000 : 0;
    }

    /** The horizon, in seconds (0 while unknown). */
    double horizonSeconds() {
        return horizonSeconds;
    }

    /**
     * The chance that {@code tasks} tasks in service, each at {@code muPerSecond}, all end within
     * the horizon (0 for an unknown μ).
     */
    double probability(int tasks, double muPerSecond) {
        if (!(muPerSecond > 0) || Double.isInfinite(muPerSecond)) {
            return 0;
        }
        return Math.pow(-Math.expm1(-muPerSecond * horizonSeconds()), tasks);
    }

    /**
     * Whether the horizon moved by more than {@link #REKEY_SHARE} since the last time this returned
     * true (the keys, which read it, are then computed again).
     */
    boolean movedSinceKeyed() {
        double h = horizonSeconds();
        if (Math.abs(h - keyedHorizonSeconds) > REKEY_SHARE * Math.max(h, keyedHorizonSeconds)) {
            keyedHorizonSeconds = h;
            return true;
        }
        return false;
    }
}
