package io.qrouter.core.policy;

import java.util.Map;
import java.util.TreeMap;

/**
 * Consistent hashing with virtual nodes (Karger et al.): each server owns {@code virtualNodes}
 * points on a 64-bit ring and a key goes to the first point at or after its hash. When one of N
 * servers joins or leaves, only the keys on its arcs move, about 1/N of them. Lookups cost
 * O(log(N·virtualNodes)).
 */
final class ConsistentHashRing {
    private final int virtualNodes;
    private final TreeMap<Long, Integer> points = new TreeMap<>();

    ConsistentHashRing(int virtualNodes) {
        this.virtualNodes = virtualNodes;
    }

    void add(String serverId, int slot) {
        for (int v = 0; v < virtualNodes; v++) {
            points.putIfAbsent(pointOf(serverId, v), slot);
        }
    }

    void remove(String serverId, int slot) {
        for (int v = 0; v < virtualNodes; v++) {
            points.remove(pointOf(serverId, v), slot);
        }
    }

    /** The slot owning {@code key}, or -1 when the ring is empty. */
    int lookup(String key) {
        if (points.isEmpty()) {
            return -1;
        }
        Map.Entry<Long, Integer> e = points.ceilingEntry(StableHash.of(key));
        return (e != null ? e : points.firstEntry()).getValue();
    }

    private static long pointOf(String serverId, int virtualNode) {
        return StableHash.mix(StableHash.of(serverId) + 0x9e3779b97f4a7c15L * (virtualNode + 1));
    }
}
