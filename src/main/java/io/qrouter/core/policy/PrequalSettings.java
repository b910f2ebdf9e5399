package io.qrouter.core.policy;

import java.io.Serializable;

/**
 * The knobs of Prequal (Wydrowski et al., NSDI '24), with the paper's values as defaults.
 *
 * @param poolSize probes kept at most (the paper's pool of 16)
 * @param probesPerTask probes taken per task (the paper's probing rate r_probe, 3 per query)
 * @param hotQuantile Q_RIF: a probe whose requests in flight exceed this quantile of the recent
 *     probes' is hot (the paper's ≈ 0.84)
 * @param maxAgeMillis a probe older than this is dropped (the paper's ≈ 1 s)
 * @param maxUses times one probe may choose a server before it is dropped (its reuse budget)
 */
public record PrequalSettings(
        int poolSize, int probesPerTask, double hotQuantile, long maxAgeMillis, int maxUses)
        implements Serializable {

    public static final PrequalSettings PAPER = new PrequalSettings(16, 3, 0.84, 1000, 1);

    public PrequalSettings {
        require(poolSize >= 1 && poolSize <= 1024, "poolSize must be in [1, 1024]", poolSize);
        require(
                probesPerTask >= 1 && probesPerTask <= poolSize,
                "probesPerTask must be in [1, poolSize]",
                probesPerTask);
        require(
                hotQuantile > 0 && hotQuantile <= 1,
                "hotQuantile Q_RIF must be in (0, 1]",
                hotQuantile);
        require(maxAgeMillis >= 1, "maxAgeMillis must be >= 1", maxAgeMillis);
        require(maxUses >= 1, "maxUses must be >= 1", maxUses);
    }

    private static void require(boolean ok, String rule, Object value) {
        if (!ok) {
            throw new IllegalArgumentException(rule + " (got " + value + ")");
        }
    }
}
