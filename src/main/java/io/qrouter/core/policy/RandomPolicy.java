package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/** Uniformly random among the alive servers (a seed-000 baseline). */
final class RandomPolicy extends AbstractRoutingPolicy {
    RandomPolicy(PolicyConfig config, RandomGenerator random) {
        super(config, random);
    }

    @Override
    Choice choose(String taskKey) {
        return Choice.of(randomAlive(), Rule.RANDOM);
    }
}
