package io.qrouter.core.dsrs;

/**
 * The |I|×|J| slot scheduler: each slot, every service row goes through {@link DsrsRow#assign} with
 * the system its {@link RowRule} picks; keeps the queue matrix Θ(t) and the running time averages
 * of cost, Eq. (3), and backlog, Eq. (24). O(|I|·|J|) per slot. Not thread-safe.
 */
public final class SlotScheduler {
    private final RowRule rule;
    private final double[][] queues;
    private final long[] arrivalTotals;
    private long slots;
    private double costSum;
    private double backlogSum;

    public SlotScheduler(RowRule rule, int services, int mecSystems) {
        if (services < 1 || mecSystems < 1) {
            throw new IllegalArgumentException(
                    "services and mecSystems must be ≥ 1 (got "
                            + services
                            + ", "
                            + mecSystems
                            + ")");
        }
        this.rule = rule;
        this.queues = new double[services][mecSystems];
        this.arrivalTotals = new long[services];
    }

    /**
     * Runs slot t. Backlog is sampled at the start of the slot, Σ_ij Q_ij(t), as in Eq. (24); cost
     * is g(t), Eq. (2).
     *
     * @param arrivals A_i(t) per service
     * @param capacity b_ij(t)
     * @param unitCost γ_ij(t)
     * @return the decision of every service row, indexed by i
     */
    public RowDecision[] step(long[] arrivals, double[][] capacity, double[][] unitCost) {
        if (arrivals.length != queues.length
                || capacity.length != queues.length
                || unitCost.length != queues.length) {
            throw new IllegalArgumentException(
                    "arrivals, capacity and unitCost must have one row per service ("
                            + queues.length
                            + ")");
        }
        backlogSum += backlog();
        RowDecision[] decisions = new RowDecision[queues.length];
        double g = 0;
        for (int i = 0; i < queues.length; i++) {
            int j = rule.choose(i, queues[i], unitCost[i]);
            decisions[i] = DsrsRow.assign(queues[i], arrivals[i], capacity[i], unitCost[i], j);
            queues[i] = decisions[i].queuesAfter().clone();
            g += decisions[i].cost();
            arrivalTotals[i] += arrivals[i];
        }
        costSum += g;
        slots++;
        return decisions;
    }

    /**
     * Restarts the time averages from the current slot, keeping the queues: the limits (3) and (24)
     * are then estimated over a window that excludes the initial fill-up of the queues, whose cost
     * is charged but whose service lies beyond the end of a finite run.
     */
    public void resetAverages() {
        slots = 0;
        costSum = 0;
        backlogSum = 0;
        java.util.Arrays.fill(arrivalTotals, 0);
    }

    /** Σ_ij Q_ij(t) now. */
    public double backlog() {
        double sum = 0;
        for (double[] row : queues) {
            for (double q : row) {
                sum += q;
            }
        }
        return sum;
    }

    /** Q_ij(t) now (a copy). */
    public double[][] queues() {
        double[][] copy = new double[queues.length][];
        for (int i = 0; i < queues.length; i++) {
            copy[i] = queues[i].clone();
        }
        return copy;
    }

    public long slots() {
        return slots;
    }

    /**
     * (1/T) Σ_t A_i(t) per service: the arrival rates this run actually saw, against which the
     * offline optimum g* of the same input is computed (sampling noise in λ would otherwise swamp a
     * small gap).
     */
    public double[] averageArrivals() {
        double[] mean = new double[arrivalTotals.length];
        for (int i = 0; i < mean.length; i++) {
            mean[i] = slots == 0 ? 0 : (double) arrivalTotals[i] / slots;
        }
        return mean;
    }

    /** (1/T) Σ_t g(t), Eq. (3); 0 before the first slot. */
    public double averageCost() {
        return slots == 0 ? 0 : costSum / slots;
    }

    /** (1/T) Σ_t Σ_ij Q_ij(t), Eq. (24); 0 before the first slot. */
    public double averageBacklog() {
        return slots == 0 ? 0 : backlogSum / slots;
    }
}
