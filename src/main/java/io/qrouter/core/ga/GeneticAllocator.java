package io.qrouter.core.ga;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The genetic batch allocator of seed 001. A chromosome holds one gene ⟨task, load, server⟩ per
 * task; task and load are fixed by the gene's position, so only the server varies, and it is drawn
 * from the eligible servers only (a gene stores a position in that list), which makes every
 * chromosome a valid assignment.
 *
 * <p>Initial population: one chromosome from the earliest-completion list schedule ({@link
 * GaConfig#greedySeed}), the others random with each server drawn in proportion to its MIPS. Each
 * generation keeps {@code elites} best chromosomes, then fills up with children of roulette-wheel
 * parents (windowed: fitness minus the generation's worst, so that selection still discriminates
 * when all fitness values lie close together), two-point crossover and polynomial mutation.
 *
 * <p>{@link #meanVariance} weighs servers' utilisations with the Markowitz weights of their
 * load-index histories; {@link #dga} is the same GA with equal weights, the paper's DGA baseline.
 * Deterministic for a given seed.
 */
public final class GeneticAllocator implements BatchAllocator {
    private final GaConfig config;
    private final boolean meanVarianceWeights;

    private GeneticAllocator(GaConfig config, boolean meanVarianceWeights) {
        this.config = config;
        this.meanVarianceWeights = meanVarianceWeights;
    }

    public static GeneticAllocator meanVariance(GaConfig config) {
        return new GeneticAllocator(config, true);
    }

    public static GeneticAllocator dga(GaConfig config) {
        return new GeneticAllocator(config, false);
    }

    @Override
    public String name() {
        return (meanVarianceWeights ? "MV-GA" : "DGA")
                + (config.greedySeed() ? "" : " (random start)");
    }

    /**
     * @return the best chromosome found; its {@link Allocation#bestFitnessByGeneration} is measured
     *     with this allocator's own weights, its {@link Allocation#fitness} with the mean-variance
     *     weights (as for all allocators)
     */
    @Override
    public Allocation allocate(List<BatchTask> tasks, List<ServerProfile> servers, long seed) {
        BatchProblem p = new BatchProblem(tasks, servers, config.r(), config.d());
        List<String> ids = servers.stream().map(ServerProfile::id).toList();
        double[] weights =
                meanVarianceWeights ? p.meanVarianceWeights : MarkowitzWeights.equal(p.servers());
        SplittableRandom rng = new SplittableRandom(seed);
        int[] positionOfServer = new int[p.servers()];
        for (int k = 0; k < p.eligible.length; k++) {
            positionOfServer[p.eligible[k]] = k;
        }

        List<Chromosome> population = new ArrayList<>(config.populationSize());
        if (config.greedySeed()) {
            int[] seeded = ListScheduling.earliestCompletion(p);
            int[] seededPositions = new int[seeded.length];
            for (int t = 0; t < seeded.length; t++) {
                seededPositions[t] = positionOfServer[seeded[t]];
            }
            population.add(new Chromosome(seededPositions, p, weights));
        }
        double[] cumulativeMips = cumulativeEligibleMips(p);
        while (population.size() < config.populationSize()) {
            int[] genes = new int[p.tasks()];
            for (int t = 0; t < genes.length; t++) {
                genes[t] = drawProportional(cumulativeMips, rng);
            }
            population.add(new Chromosome(genes, p, weights));
        }

        double[] bestByGeneration = new double[config.generations() + 1];
        population.sort(Comparator.comparingDouble((Chromosome c) -> c.fitness).reversed());
        bestByGeneration[0] = population.get(0).fitness;
        for (int g = 1; g <= config.generations(); g++) {
            List<Chromosome> next = new ArrayList<>(population.subList(0, config.elites()));
            double[] wheel = rouletteWheel(population);
            while (next.size() < config.populationSize()) {
                int[] a = population.get(spin(wheel, rng)).genes.clone();
                int[] b = population.get(spin(wheel, rng)).genes.clone();
                if (rng.nextDouble() < config.crossoverRate()) {
                    twoPointCrossover(a, b, rng);
                }
                mutate(a, p.eligible.length, rng);
                mutate(b, p.eligible.length, rng);
                next.add(new Chromosome(a, p, weights));
                if (next.size() < config.populationSize()) {
                    next.add(new Chromosome(b, p, weights));
                }
            }
            population = next;
            population.sort(Comparator.comparingDouble((Chromosome c) -> c.fitness).reversed());
            bestByGeneration[g] = population.get(0).fitness;
        }
        return p.allocation(population.get(0).servers(p), ids, bestByGeneration);
    }

    private static final class Chromosome {
        final int[] genes;
        final double fitness;

        Chromosome(int[] genes, BatchProblem p, double[] weights) {
            this.genes = genes;
            this.fitness = p.evaluate(servers(genes, p), weights).fitness();
        }

        int[] servers(BatchProblem p) {
            return servers(genes, p);
        }

        private static int[] servers(int[] genes, BatchProblem p) {
            int[] s = new int[genes.length];
            for (int t = 0; t < genes.length; t++) {
                s[t] = p.eligible[genes[t]];
            }
            return s;
        }
    }

    private static double[] cumulativeEligibleMips(BatchProblem p) {
        double[] cumulative = new double[p.eligible.length];
        double sum = 0;
        for (int k = 0; k < cumulative.length; k++) {
            sum += p.mips[p.eligible[k]];
            cumulative[k] = sum;
        }
        return cumulative;
    }

    private static int drawProportional(double[] cumulative, SplittableRandom rng) {
        double x = rng.nextDouble() * cumulative[cumulative.length - 1];
        int k = Arrays.binarySearch(cumulative, x);
        k = k >= 0 ? k + 1 : -k - 1;
        return Math.min(k, cumulative.length - 1);
    }

    /**
     * Cumulative slot sizes f_i − f_min + δ, with δ a small share of the spread so the worst can
     * still be drawn.
     */
    private static double[] rouletteWheel(List<Chromosome> population) {
        double worst = population.get(population.size() - 1).fitness;
        double spread = population.get(0).fitness - worst;
        double delta = spread / population.size() + 1e-12;
        double[] cumulative = new double[population.size()];
        double sum = 0;
        for (int k = 0; k < cumulative.length; k++) {
            sum += population.get(k).fitness - worst + delta;
            cumulative[k] = sum;
        }
        return cumulative;
    }

    private static int spin(double[] wheel, SplittableRandom rng) {
        return drawProportional(wheel, rng);
    }

    private static void twoPointCrossover(int[] a, int[] b, SplittableRandom rng) {
        if (a.length < 2) {
            return;
        }
        int from = rng.nextInt(a.length);
        int to = rng.nextInt(a.length);
        if (from > to) {
            int x = from;
            from = to;
            to = x;
        }
        for (int t = from; t <= to; t++) {
            int x = a[t];
            a[t] = b[t];
            b[t] = x;
        }
    }

    /**
     * Deb's polynomial mutation on the gene's position in the eligible list, treated as a real in
     * [0, E−1] and rounded back; a step that rounds to the same position moves one place, so a
     * mutation always changes the gene.
     */
    private void mutate(int[] genes, int eligible, SplittableRandom rng) {
        if (eligible < 2) {
            return;
        }
        double span = eligible - 1;
        double exponent = 1 / (config.mutationEta() + 1);
        for (int t = 0; t < genes.length; t++) {
            if (rng.nextDouble() >= config.mutationRate()) {
                continue;
            }
            double u = rng.nextDouble();
            double delta =
                    u < 0.5 ? Math.pow(2 * u, exponent) - 1 : 1 - Math.pow(2 * (1 - u), exponent);
            int moved = (int) Math.round(Math.max(0, Math.min(span, genes[t] + delta * span)));
            if (moved == genes[t]) {
                moved =
                        delta >= 0
                                ? (genes[t] + 1 <= span ? genes[t] + 1 : genes[t] - 1)
                                : (genes[t] - 1 >= 0 ? genes[t] - 1 : genes[t] + 1);
            }
            genes[t] = moved;
        }
    }
}
