package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/**
 * The server with the fewest tasks as the router sees them (reported queue plus own in-flight),
 * ties at random, from an index kept current on every report and decision: O(log N) per decision.
 * As {@code least-connections} it reads heartbeats (a seed-000 baseline); as {@code jsq} it is the
 * full-information reference that reads every current queue (the simulator reports every change to
 * it).
 */
final class LeastLoadPolicy extends AbstractRoutingPolicy implements RouterView.Listener {
    private final MinIndex index;
    private final Rule rule;

    LeastLoadPolicy(PolicyConfig config, RandomGenerator random, Rule rule) {
        super(config, random);
        this.index = new MinIndex(random);
        this.rule = rule;
        view.addListener(this);
    }

    @Override
    public boolean readsCurrentQueues() {
        return rule == Rule.JSQ;
    }

    @Override
    Choice choose(String taskKey) {
        return Choice.compared(index.min(), rule, index.runnerUp());
    }

    @Override
    public void changed(int slot, boolean snapshotChanged) {
        if (view.alive(slot)) {
            index.set(slot, view.load(slot));
        } else {
            index.remove(slot);
        }
    }

    @Override
    public void removed(int slot) {
        index.remove(slot);
    }
}
