package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/**
 * Cycles through the alive servers (a seed-000 baseline). When a server fails or joins, the cycle
 * continues over the new set; parallel routers start at different offsets (their router index) so
 * they do not move in step.
 */
final class RoundRobinPolicy extends AbstractRoutingPolicy {
    private long cursor;

    RoundRobinPolicy(PolicyConfig config, RandomGenerator random) {
        super(config, random);
        this.cursor = config.routerIndex();
    }

    @Override
    Choice choose(String taskKey) {
        int i = (int) Math.floorMod(cursor++, (long) view.aliveCount());
        return Choice.of(view.aliveSlot(i), Rule.ROUND_ROBIN);
    }
}
