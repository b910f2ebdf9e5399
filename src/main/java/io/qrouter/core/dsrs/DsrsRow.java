package io.qrouter.core.dsrs;

/**
 * One service's row of the DSRS scheduler: the decision of Eq. (23) and the queue update of Eq.
 * (4).
 *
 * <p>The drift-plus-penalty problem (19) separates by service (21), so a service's decision and its
 * queues Q_i·(t) depend on nothing but its own row. This pure function is therefore the whole
 * algorithm: the offline {@link SlotScheduler} loops over rows with it, and the Flink job calls it
 * once per (slot, service) with the row it keeps in keyed state. Inputs are never modified.
 *
 * <p>Ties in Q_ij(t) + V·γ_ij(t) go to the lowest index j, i.e. to the MEC system listed first;
 * callers that key systems by name list them in name order so that every deployment breaks ties the
 * same way.
 */
public final class DsrsRow {
    private DsrsRow() {}

    /**
     * Runs slot t for service i: choose j* = argmin_j Q_ij(t) + V·γ_ij(t), send it all A_i(t),
     * update Q_i·.
     */
    public static RowDecision step(
            double[] queues, long arrivals, double[] capacity, double[] unitCost, double v) {
        return assign(queues, arrivals, capacity, unitCost, argmin(queues, unitCost, v));
    }

    /** j* = argmin_j Q_ij + V·γ_ij (Eq. 23), lowest index on ties. O(|J|). */
    public static int argmin(double[] queues, double[] unitCost, double v) {
        requireV(v);
        checkSameLength(queues, unitCost, "unitCost");
        int best = 0;
        double bestWeight = Double.POSITIVE_INFINITY;
        for (int j = 0; j < queues.length; j++) {
            double weight = queues[j] + v * unitCost[j];
            if (weight < bestWeight) {
                best = j;
                bestWeight = weight;
            }
        }
        return best;
    }

    /**
     * Sends all A_i(t) to {@code mecSystem} and applies Eq. (4): Q_ij(t+1) = max(Q_ij(t) − b_ij(t),
     * 0) + a_ij(t), where the served amount is b̃_ij(t) = min(b_ij(t), Q_ij(t)). Any rule that
     * picks one system per slot (the random baseline too) goes through here, so all rules share the
     * same queue dynamics.
     */
    public static RowDecision assign(
            double[] queues, long arrivals, double[] capacity, double[] unitCost, int mecSystem) {
        validate(queues, arrivals, capacity, unitCost);
        if (mecSystem < 0 || mecSystem >= queues.length) {
            throw new IllegalArgumentException(
                    "mecSystem must be in [0, "
                            + (queues.length - 1)
                            + "] (got "
                            + mecSystem
                            + ")");
        }
        double[] after = new double[queues.length];
        for (int j = 0; j < queues.length; j++) {
            after[j] = Math.max(queues[j] - capacity[j], 0.0);
        }
        after[mecSystem] += arrivals;
        return new RowDecision(mecSystem, arrivals, unitCost[mecSystem] * arrivals, after);
    }

    /**
     * A slot without arrivals: every queue is served, nothing is added. Used to catch up on empty
     * slots.
     */
    public static double[] drain(double[] queues, double[] capacity) {
        return drain(queues, capacity, 1);
    }

    /**
     * {@code slots} slots without arrivals at constant capacities, in one step: max(Q − k·b, 0) is
     * k drains, so catching up on a long gap (event time can jump by years) costs O(|J|), not
     * O(k·|J|).
     */
    public static double[] drain(double[] queues, double[] capacity, long slots) {
        checkSameLength(queues, capacity, "capacity");
        if (slots < 0) {
            throw new IllegalArgumentException("slots must be ≥ 0 (got " + slots + ")");
        }
        double[] after = new double[queues.length];
        for (int j = 0; j < queues.length; j++) {
            requireNonNegative(queues[j], "queues[" + j + "]");
            requireNonNegative(capacity[j], "capacity[" + j + "]");
            after[j] =
                    slots == 0
                            ? queues[j]
                            : Math.max(queues[j] - (double) slots * capacity[j], 0.0);
        }
        return after;
    }

    private static void validate(
            double[] queues, long arrivals, double[] capacity, double[] unitCost) {
        if (arrivals < 0) {
            throw new IllegalArgumentException("arrivals must be ≥ 0 (got " + arrivals + ")");
        }
        checkSameLength(queues, capacity, "capacity");
        checkSameLength(queues, unitCost, "unitCost");
        for (int j = 0; j < queues.length; j++) {
            requireNonNegative(queues[j], "queues[" + j + "]");
            requireNonNegative(capacity[j], "capacity[" + j + "]");
            requireNonNegative(unitCost[j], "unitCost[" + j + "]");
        }
    }

    private static void checkSameLength(double[] queues, double[] other, String name) {
        if (queues.length == 0) {
            throw new IllegalArgumentException(
                    "queues must have one entry per MEC system (got none)");
        }
        if (other.length != queues.length) {
            throw new IllegalArgumentException(
                    name
                            + " must have "
                            + queues.length
                            + " entries, one per MEC system (got "
                            + other.length
                            + ")");
        }
    }

    static void requireV(double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("V must be finite and ≥ 0 (got " + v + ")");
        }
    }

    private static void requireNonNegative(double x, String name) {
        if (!(x >= 0) || Double.isInfinite(x)) {
            throw new IllegalArgumentException(name + " must be finite and ≥ 0 (got " + x + ")");
        }
    }
}
