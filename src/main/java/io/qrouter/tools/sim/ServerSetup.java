package io.qrouter.tools.sim;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The servers of a simulation run: each one's rate per slot, slots and slowdowns, drawn from the
 * configuration or taken from a recorded workload.
 */
record ServerSetup(double[] mu, int[] slots, Slowdowns slowdowns) {

    /**
     * The configured servers: rates from {@code rates} (the set-up stream, as ever), slots and
     * slowdowns from streams split off {@code kinds}, so adding them changes no other draw.
     */
    static ServerSetup draw(SimConfig config, SplittableRandom rates, SplittableRandom kinds) {
        int n = config.servers();
        double[] mu = config.heterogeneity().rates(n, rates);
        int[] slots = SlotMix.parse(config.slots()).assign(n, kinds.split());
        Slowdowns slowdowns =
                Antagonists.parse(config.antagonists(), false).schedule(n, kinds.split());
        return new ServerSetup(mu, slots, slowdowns);
    }

    static ServerSetup of(Workload workload) {
        return new ServerSetup(workload.mu().clone(), workload.slots(), workload.slowdowns());
    }

    /** Tasks per unit time the fleet serves at most: the sum of slots × rate. */
    double capacity() {
        double[] perServer = new double[mu.length];
        for (int s = 0; s < mu.length; s++) {
            perServer[s] = slots[s] * mu[s];
        }
        return Arrays.stream(perServer).sum();
    }

    /** The mean over the servers of the rate per slot, inverted: one mean service time. */
    double meanServiceTime() {
        return mu.length / Arrays.stream(mu).sum();
    }

    /**
     * Each server's random initial queue, geometric on {0, 1, …} with the given mean (none for mean
     * 0); servers from {@code firstJoiner} on join later, empty, but draw as the others do.
     */
    static int[] initialQueues(double mean, int servers, int firstJoiner, SplittableRandom random) {
        int[] queue = new int[servers];
        for (int s = 0; s < servers; s++) {
            int drawn = geometric(mean, random);
            queue[s] = s < firstJoiner ? drawn : 0;
        }
        return queue;
    }

    private static int geometric(double mean, SplittableRandom random) {
        if (mean <= 0) {
            return 0;
        }
        double p = 1 / (1 + mean);
        return (int) Math.floor(Math.log(1 - random.nextDouble()) / Math.log(1 - p));
    }
}
