package io.qrouter.core.policy;

/**
 * The chance that a busy server of another router's idle queue is refilled under a fallback's task
 * before that task arrives. A server whose n tasks are all in service becomes idle when the last
 * ends; its report then reaches the router that owns the idle period, which sends it a task at
 * once, while a fallback task sent there now is still on its way. One of the two then waits a whole
 * service. A single router knows its own tasks in flight and never does this; with several, the
 * fallback router cannot see the owner's task. With exponential services the chance that all n end
 * within a horizon h is (1 − e^(−μ·h))^n.
 *
 * <p>The horizon is the view's staleness plus a decision's delay: the age of an idle server's
 * report when this router takes it from its idle queue (how late reports arrive here), twice, since
 * a decision travels a path as long as a report's. Kept as a running mean of those ages, and zero
 * until the first, so a router that has taken no idle server yet ranks as a single router does.
 * Measured in docs/results.md ("A fallback that expects the owner's task").
 */
final class RefillRisk {
    /** The running mean's weight of a new age: about the last 64 idle-queue decisions. */
    static final double AGE_WEIGHT = 1.0 / 64;

    /**
     * The horizon moved by more than this share since the keys were computed: compute them again.
     */
    static final double REKEY_SHARE = 0.25;

    private double meanAgeMillis = Double.NaN;
    private double keyedHorizonSeconds;

    /** An idle server's report, {@code ageMillis} old, taken from this router's idle queue. */
    void idleReportTaken(long ageMillis) {
        double age = Math.max(0, ageMillis);
        meanAgeMillis =
                Double.isNaN(meanAgeMillis)
                        ? age
                        : meanAgeMillis + AGE_WEIGHT * (age - meanAgeMillis);
    }

    /** The report's delay and the decision's: twice the mean age, in seconds (0 before any). */
    double horizonSeconds() {
        return Double.isNaN(meanAgeMillis) ? 0 : 2 * meanAgeMillis / 1000;
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
