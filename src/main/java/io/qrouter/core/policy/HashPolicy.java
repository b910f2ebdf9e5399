package io.qrouter.core.policy;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Consistent hashing of the task key over the alive servers (a seed-000 baseline): the same key
 * goes to the same server while it is alive, and a server joining or leaving moves only about 1/N
 * of the keys.
 */
final class HashPolicy extends AbstractRoutingPolicy implements RouterView.Listener {
    private final ConsistentHashRing ring;
    private boolean[] onRing = new boolean[16];

    HashPolicy(PolicyConfig config, RandomGenerator random) {
        super(config, random);
        this.ring = new ConsistentHashRing(config.virtualNodes());
        view.addListener(this);
    }

    @Override
    Choice choose(String taskKey) {
        return Choice.of(ring.lookup(taskKey), Rule.HASH);
    }

    @Override
    public void changed(int slot, boolean snapshotChanged) {
        if (slot >= onRing.length) {
            onRing = Arrays.copyOf(onRing, Math.max(slot + 1, onRing.length * 2));
        }
        boolean alive = view.alive(slot);
        if (alive != onRing[slot]) {
            onRing[slot] = alive;
            if (alive) {
                ring.add(view.serverId(slot), slot);
            } else {
                ring.remove(view.serverId(slot), slot);
            }
        }
    }

    @Override
    public void removed(int slot) {
        if (slot < onRing.length && onRing[slot]) {
            onRing[slot] = false;
            ring.remove(view.serverId(slot), slot);
        }
    }
}
