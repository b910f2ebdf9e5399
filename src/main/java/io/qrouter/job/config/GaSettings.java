package io.qrouter.job.config;

import io.qrouter.core.ga.BatchAllocator;
import io.qrouter.core.ga.GaConfig;
import java.io.Serializable;
import java.time.Duration;

/**
 * What {@code GaBatchFunction} needs: the allocator and its GA parameters, how windows fill (size,
 * time, lanes), the seed, and how long a task may wait for a live server. Built once from the
 * validated {@link JobConfig}.
 */
public record GaSettings(
        String allocator,
        int batchSize,
        Duration window,
        int lanes,
        int population,
        int generations,
        double r,
        double d,
        long seed,
        Duration bufferDeadline,
        String tasksTopic)
        implements Serializable {

    /** The router.policy value that routes in GA batches instead of task by task. */
    public static final String GA_BATCH_POLICY = "ga-batch";

    public GaSettings {
        BatchAllocator.named(
                allocator, gaConfig(population, generations, r, d)); // fails early, naming the keys
    }

    public static GaSettings from(JobConfig config) {
        return new GaSettings(
                config.choice(ConfigKey.GA_ALLOCATOR),
                config.getInt(ConfigKey.GA_BATCH_SIZE),
                config.duration(ConfigKey.GA_WINDOW_MS),
                config.getInt(ConfigKey.GA_LANES),
                config.getInt(ConfigKey.GA_POPULATION),
                config.getInt(ConfigKey.GA_GENERATIONS),
                config.getDouble(ConfigKey.GA_R),
                config.getDouble(ConfigKey.GA_D),
                config.getLong(ConfigKey.ROUTER_SEED),
                config.duration(ConfigKey.ROUTER_BUFFER_DEADLINE_MS),
                config.get(ConfigKey.TOPIC_TASKS));
    }

    /** Whether the job routes in GA batches ({@code router.policy=ga-batch}). */
    public static boolean routesInBatches(JobConfig config) {
        return config.choice(ConfigKey.ROUTER_POLICY).equals(GA_BATCH_POLICY);
    }

    /**
     * The GA's parameters: population, generations and the thresholds R, D; the rest at the GA's
     * defaults.
     */
    public GaConfig gaConfig() {
        return gaConfig(population, generations, r, d);
    }

    private static GaConfig gaConfig(int population, int generations, double r, double d) {
        GaConfig defaults = GaConfig.defaults();
        try {
            return new GaConfig(
                    population,
                    generations,
                    defaults.crossoverRate(),
                    defaults.mutationRate(),
                    defaults.mutationEta(),
                    Math.min(defaults.elites(), population - 1),
                    r,
                    d,
                    defaults.greedySeed());
        } catch (IllegalArgumentException e) {
            throw new ConfigException(
                    ConfigKey.GA_POPULATION.key(),
                    "GA settings ('"
                            + ConfigKey.GA_POPULATION.key()
                            + "', '"
                            + ConfigKey.GA_GENERATIONS.key()
                            + "', '"
                            + ConfigKey.GA_R.key()
                            + "', '"
                            + ConfigKey.GA_D.key()
                            + "'): "
                            + e.getMessage());
        }
    }
}
