package io.qrouter.core.policy;

/**
 * Which of R parallel routers owns a server's idle-queue entry: router {@code
 * floorMod(StableHash.of(serverId), R)}. Every router computes the same owner from the id alone, so
 * each idle server sits in exactly one router's idle queue (as in the Join-Idle-Queue paper) and
 * two routers never both send a task to it because it looked idle. When R changes (rescaling)
 * ownership is recomputed from the ids; nothing needs to be migrated.
 */
public final class RouterOwnership {
    private RouterOwnership() {}

    public static int ownerOf(String serverId, int routerCount) {
        if (routerCount < 1) {
            throw new IllegalArgumentException(
                    "routerCount must be >= 1 (got " + routerCount + ")");
        }
        return (int) Math.floorMod(StableHash.of(serverId), (long) routerCount);
    }
}
