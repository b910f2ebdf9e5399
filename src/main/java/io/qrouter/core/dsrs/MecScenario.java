package io.qrouter.core.dsrs;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A stationary MEC workload as in the paper's evaluation (§5): Poisson arrivals A_i(t) with mean
 * λ_i per slot, fixed capacities b_ij and unit costs γ_ij. Immutable; {@link #scaleArrivals} and
 * {@link #scaleCosts} give the p·λ and q·γ variants of Figs. 3–6.
 */
public record MecScenario(double[] lambda, double[][] capacity, double[][] unitCost) {

    public MecScenario {
        if (lambda.length == 0
                || capacity.length != lambda.length
                || unitCost.length != lambda.length) {
            throw new IllegalArgumentException(
                    "lambda, capacity and unitCost must have one row per service");
        }
        for (double l : lambda) {
            if (!(l >= 0) || Double.isInfinite(l)) {
                throw new IllegalArgumentException(
                        "lambda must be finite and ≥ 0 (got " + Arrays.toString(lambda) + ")");
            }
        }
    }

    /**
     * The paper's setting: service i's total capacity is β_i·λ_i (β_i > 1), split over the MEC
     * systems in the given shares (heterogeneous systems); a system's unit cost grows with its
     * share, γ_ij = costBase_i·(1 + share_j·costSlope).
     */
    public static MecScenario heterogeneous(
            double[] lambda, double[] beta, double[] shares, double[] costBase, double costSlope) {
        double[][] capacity = new double[lambda.length][shares.length];
        double[][] cost = new double[lambda.length][shares.length];
        for (int i = 0; i < lambda.length; i++) {
            if (!(beta[i] > 1)) {
                throw new IllegalArgumentException(
                        "beta[" + i + "] must be > 1 (got " + beta[i] + ")");
            }
            for (int j = 0; j < shares.length; j++) {
                capacity[i][j] = shares[j] * beta[i] * lambda[i];
                cost[i][j] = costBase[i] * (1 + shares[j] * costSlope);
            }
        }
        return new MecScenario(lambda, capacity, cost);
    }

    public int services() {
        return lambda.length;
    }

    public int mecSystems() {
        return capacity[0].length;
    }

    /** p·λ with the same capacities and costs (Figs. 3–4). */
    public MecScenario scaleArrivals(double p) {
        return new MecScenario(Arrays.stream(lambda).map(l -> l * p).toArray(), capacity, unitCost);
    }

    /** q·γ with the same arrivals and capacities (Figs. 5–6). */
    public MecScenario scaleCosts(double q) {
        double[][] scaled = new double[unitCost.length][];
        for (int i = 0; i < unitCost.length; i++) {
            scaled[i] = Arrays.stream(unitCost[i]).map(c -> c * q).toArray();
        }
        return new MecScenario(lambda, capacity, scaled);
    }

    /** The arrivals of one slot, A_i(t) ~ Poisson(λ_i). */
    public long[] sampleArrivals(SplittableRandom rng) {
        long[] a = new long[lambda.length];
        for (int i = 0; i < lambda.length; i++) {
            a[i] = poisson(rng, lambda[i]);
        }
        return a;
    }

    /**
     * g*(λ) of this scenario (per-pair capacities, as each service has its own VM in every system).
     */
    public OptimalCost.Optimum optimum() {
        return optimum(lambda);
    }

    /**
     * g* for other arrival rates (e.g. the rates a finite run realised) with this scenario's
     * capacities and costs.
     */
    public OptimalCost.Optimum optimum(double[] arrivalRates) {
        return OptimalCost.solve(arrivalRates, capacity, unitCost);
    }

    /**
     * The constant B = ½[Σ_i (A_i^max)² + Σ_ij b̂_ij²] of Theorem 1, with which Theorem 3 bounds
     * the cost gap by B/V. Poisson arrivals have no finite peak, so the caller passes the largest
     * A_i(t) its run saw.
     */
    public double driftBoundB(long[] peakArrivals) {
        double sum = 0;
        for (int i = 0; i < lambda.length; i++) {
            sum += (double) peakArrivals[i] * peakArrivals[i];
            for (double b : capacity[i]) {
                sum += b * b;
            }
        }
        return sum / 2;
    }

    /**
     * The largest A_i(t) per service over the first {@code slots} slots drawn with {@code seed}, as
     * {@link #run} draws them.
     */
    public long[] peakArrivals(int slots, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        long[] peak = new long[lambda.length];
        for (int t = 0; t < slots; t++) {
            long[] a = sampleArrivals(rng);
            for (int i = 0; i < a.length; i++) {
                peak[i] = Math.max(peak[i], a[i]);
            }
        }
        return peak;
    }

    /**
     * Runs a rule for {@code slots} slots from empty queues; {@code onSlot} sees the scheduler
     * after each slot.
     */
    public SlotScheduler run(
            RowRule rule,
            int slots,
            long seed,
            java.util.function.ObjLongConsumer<SlotScheduler> onSlot) {
        SplittableRandom rng = new SplittableRandom(seed);
        SlotScheduler scheduler = new SlotScheduler(rule, services(), mecSystems());
        for (long t = 0; t < slots; t++) {
            scheduler.step(sampleArrivals(rng), capacity, unitCost);
            onSlot.accept(scheduler, t);
        }
        return scheduler;
    }

    /**
     * Poisson sample: Knuth's product method for small means, a rounded normal approximation above
     * 500.
     */
    static long poisson(SplittableRandom rng, double mean) {
        if (mean == 0) {
            return 0;
        }
        if (mean > 500) {
            double x = mean + Math.sqrt(mean) * gaussian(rng);
            return Math.max(0, Math.round(x));
        }
        double limit = Math.exp(-mean);
        long k = 0;
        double product = rng.nextDouble();
        while (product > limit) {
            k++;
            product *= rng.nextDouble();
        }
        return k;
    }

    private static double gaussian(SplittableRandom rng) {
        double u = 1 - rng.nextDouble();
        double v = rng.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
