package io.qrouter.core.policy;

/**
 * K's time unit: fixed, or the fleet's mean service time N/Σμ over the servers a router knows
 * alive, kept as a running sum of their service rates. The unit in use changes only when the
 * fleet's mean has drifted by more than {@link #DRIFT} from it, so a router recomputes its keys
 * rarely (μ estimates move slowly) and never per update.
 */
final class FleetServiceTime {
    static final double DRIFT = 0.02;

    /** Before any rate is known: one second, the unit the rates are per. */
    private static final double UNKNOWN_FLEET_SECONDS = 1.0;

    private final boolean followsFleet;
    private double seconds;
    private final SlotSum rates = new SlotSum();

    /**
     * @param configuredSeconds a fixed unit (> 0), or {@link PolicyConfig#FLEET_MEAN_SERVICE_TIME}
     *     to follow the fleet
     */
    FleetServiceTime(double configuredSeconds) {
        this.followsFleet = configuredSeconds == PolicyConfig.FLEET_MEAN_SERVICE_TIME;
        this.seconds = followsFleet ? UNKNOWN_FLEET_SECONDS : configuredSeconds;
    }

    /** The unit in use, in seconds. */
    double seconds() {
        return seconds;
    }

    /**
     * Records the service rate of {@code slot} (0 when the server is down or gone) and returns true
     * when the unit in use changed, so that keys computed with the old one must be computed again.
     */
    boolean track(int slot, double mu) {
        if (!followsFleet) {
            return false;
        }
        rates.set(slot, mu > 0 && Double.isFinite(mu) ? mu : Double.NaN);
        double fleet =
                rates.count() == 0 || rates.sum() <= 0
                        ? UNKNOWN_FLEET_SECONDS
                        : rates.count() / rates.sum();
        if (Math.abs(fleet / seconds - 1) <= DRIFT) {
            return false;
        }
        seconds = fleet;
        return true;
    }
}
