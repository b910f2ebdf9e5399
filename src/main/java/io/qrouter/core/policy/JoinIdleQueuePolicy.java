package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/**
 * Join-Idle-Queue (Lu et al. 2011): an idle server from this router's idle queue if there is one,
 * else a uniformly random alive server. Idle servers are learned from reports; each belongs to one
 * router ({@link RouterOwnership}).
 */
final class JoinIdleQueuePolicy extends AbstractRoutingPolicy {
    private final IdleQueue idle;

    JoinIdleQueuePolicy(PolicyConfig config, RandomGenerator random) {
        super(config, random);
        this.idle = new IdleQueue(view, config.routerIndex(), config.routerCount());
    }

    @Override
    Choice choose(String taskKey) {
        int slot = idle.poll();
        return slot >= 0 ? Choice.of(slot, Rule.IDLE_QUEUE) : Choice.of(randomAlive(), Rule.RANDOM);
    }

    @Override
    int idleQueueLength() {
        return idle.size();
    }
}
