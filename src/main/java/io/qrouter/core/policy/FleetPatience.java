package io.qrouter.core.policy;

/**
 * The abandonment rate α_c that live K ranks every server by: the mean of the estimates of the
 * servers a router knows alive. Impatience belongs to the tasks, which reach every server from the
 * same stream; a server's own estimate rests on the few abandonments of its window, and its noise
 * ranks the wrong way, since a server whose tasks abandon more shows shorter waits. Measured in
 * docs/results.md ("One patience for the fleet"). The rate in use changes only when the mean has
 * drifted by more than {@link FleetServiceTime#DRIFT} of itself, as K's time unit does, and by more
 * than {@link #NEGLIGIBLE} of K's reference service rate: K weighs α_c against μ, and a fleet where
 * a few servers see rare abandonment must not recompute every key at their every update.
 */
final class FleetPatience {
    private static final double NONE = 1e-12;

    /** A change of α_c below this share of the reference service rate is not worth a rekey. */
    static final double NEGLIGIBLE = 0.001;

    private final SlotSum estimates = new SlotSum();
    private double alphaC;

    /** The rate in use, per second. */
    double alphaC() {
        return alphaC;
    }

    /**
     * Records {@code slot}'s estimate ({@code NaN}: the server is down or gone) and returns true
     * when the rate in use changed, so that keys computed with the old one must be computed again.
     *
     * @param referenceRate the service rate of K's time unit, per second
     */
    boolean track(int slot, double alphaC, double referenceRate) {
        estimates.set(slot, Double.isNaN(alphaC) ? Double.NaN : Math.max(0, alphaC));
        double fleet = estimates.count() == 0 ? 0 : estimates.sum() / estimates.count();
        if (fleet < NONE) {
            fleet = 0; // the running sum's rounding once every estimate left is 0
        }
        double change = Math.abs(fleet - this.alphaC);
        if (change <= FleetServiceTime.DRIFT * Math.max(fleet, this.alphaC)
                || change <= NEGLIGIBLE * referenceRate) {
            return false;
        }
        this.alphaC = fleet;
        return true;
    }
}
