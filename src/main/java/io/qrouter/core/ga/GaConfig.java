package io.qrouter.core.ga;

/**
 * Parameters of the genetic allocators.
 *
 * @param populationSize Q, chromosomes per generation (≥ 2)
 * @param generations GA iterations after the initial population (≥ 0)
 * @param crossoverRate probability that a selected pair is recombined (two-point crossover)
 * @param mutationRate probability that a gene is mutated
 * @param mutationEta distribution index η_m of polynomial mutation (larger: smaller steps)
 * @param elites best chromosomes copied unchanged into the next generation (≥ 1 keeps the best
 *     fitness non-decreasing)
 * @param r R > 1 of L_max = R·L_ave
 * @param d D < 1 of L_min = D·L_ave
 * @param greedySeed whether one initial chromosome is the earliest-completion list schedule (the
 *     rest are random); without it the population starts purely random, as in the paper
 */
public record GaConfig(
        int populationSize,
        int generations,
        double crossoverRate,
        double mutationRate,
        double mutationEta,
        int elites,
        double r,
        double d,
        boolean greedySeed) {

    /**
     * Q = 30, 35 generations (the paper's best), p_c = 0.8, p_m = 0.01, η_m = 20, two elites, R =
     * 1.25, D = 0.75, greedy seed on: a production allocator should never do worse than a list
     * schedule it can compute in O(n·N).
     */
    public static GaConfig defaults() {
        return new GaConfig(30, 35, 0.8, 0.01, 20, 2, 1.25, 0.75, true);
    }

    public GaConfig {
        if (populationSize < 2) {
            throw new IllegalArgumentException(
                    "populationSize must be ≥ 2 (got " + populationSize + ")");
        }
        if (generations < 0) {
            throw new IllegalArgumentException("generations must be ≥ 0 (got " + generations + ")");
        }
        if (!(crossoverRate >= 0 && crossoverRate <= 1)) {
            throw new IllegalArgumentException(
                    "crossoverRate must be in [0, 1] (got " + crossoverRate + ")");
        }
        if (!(mutationRate >= 0 && mutationRate <= 1)) {
            throw new IllegalArgumentException(
                    "mutationRate must be in [0, 1] (got " + mutationRate + ")");
        }
        if (!(mutationEta >= 0) || Double.isInfinite(mutationEta)) {
            throw new IllegalArgumentException(
                    "mutationEta must be finite and ≥ 0 (got " + mutationEta + ")");
        }
        if (elites < 0 || elites >= populationSize) {
            throw new IllegalArgumentException(
                    "elites must be in [0, populationSize) (got " + elites + ")");
        }
        AdaptiveThresholds.checkFactors(r, d);
    }

    /** With the greedy seed on, as in production. */
    public GaConfig(
            int populationSize,
            int generations,
            double crossoverRate,
            double mutationRate,
            double mutationEta,
            int elites,
            double r,
            double d) {
        this(
                populationSize,
                generations,
                crossoverRate,
                mutationRate,
                mutationEta,
                elites,
                r,
                d,
                true);
    }

    public GaConfig withGenerations(int g) {
        return new GaConfig(
                populationSize,
                g,
                crossoverRate,
                mutationRate,
                mutationEta,
                elites,
                r,
                d,
                greedySeed);
    }

    public GaConfig withGreedySeed(boolean seeded) {
        return new GaConfig(
                populationSize,
                generations,
                crossoverRate,
                mutationRate,
                mutationEta,
                elites,
                r,
                d,
                seeded);
    }
}
