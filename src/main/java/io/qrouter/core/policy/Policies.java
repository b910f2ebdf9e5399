package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/** Creates policies from their configuration names. */
public final class Policies {
    private Policies() {}

    /**
     * A new policy with an empty view.
     *
     * @param random the policy's own source of randomness (e.g. {@code new
     *     SplittableRandom(seed)}); give each router its own, seeded differently, so parallel
     *     routers break ties differently
     */
    public static RoutingPolicy create(PolicyConfig config, RandomGenerator random) {
        return switch (config.name()) {
            case RANDOM -> new RandomPolicy(config, random);
            case ROUND_ROBIN -> new RoundRobinPolicy(config, random);
            case LEAST_CONNECTIONS -> new LeastLoadPolicy(config, random, Rule.LEAST_CONNECTIONS);
            case JSQ -> new LeastLoadPolicy(config, random, Rule.JSQ);
            case HASH -> new HashPolicy(config, random);
            case POWER_OF_D -> new PowerOfDPolicy(config, random);
            case JIQ -> new JoinIdleQueuePolicy(config, random);
            case HEARTBEAT_K -> new HeartbeatKPolicy(config, random, false);
            case HEARTBEAT_K_LIVE -> new HeartbeatKPolicy(config, random, true);
            case PREQUAL -> new PrequalPolicy(config, random);
            case P2C_EWMA -> new PeakEwmaPolicy(config, random);
            case LEAST_REQUEST -> new LeastRequestPolicy(config, random);
        };
    }

    /** Shorthand: the named policy with default settings, a single router. */
    /**
     * As {@link #create(PolicyConfig, RandomGenerator)}, behind slow start when the window is > 0.
     */
    public static RoutingPolicy create(
            PolicyConfig config, RandomGenerator random, long slowStartMillis) {
        RoutingPolicy created = create(config, random);
        return slowStartMillis > 0 ? new SlowStartPolicy(created, slowStartMillis) : created;
    }

    public static RoutingPolicy create(String name, RandomGenerator random) {
        return create(PolicyConfig.of(PolicyName.parse(name)), random);
    }
}
