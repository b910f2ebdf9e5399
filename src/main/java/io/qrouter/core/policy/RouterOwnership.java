package io.qrouter.core.policy;

/**
 * Which of R parallel routers owns an idle server's idle-queue entry (its token). Every router
 * computes the same owner from what the server's report says, so each idle server sits in exactly
 * one router's idle queue (as in the Join-Idle-Queue paper) and two routers never both send a task
 * to it because it looked idle.
 *
 * <p>When the report counts the tasks the server received ({@link ServerSnapshot#tasksReceived()}),
 * the owner is drawn afresh for each of its tasks: router {@code hash(serverId, tasksReceived)}.
 * Each idle period then has its own owner, so a router that owns few servers, or whose servers are
 * slow to become idle, is not starved of tokens for good (a fixed partition strands idle servers at
 * the routers that happen to own many). Without the count, router {@code
 * floorMod(StableHash.of(serverId), R)} owns the server for good. When R changes (rescaling)
 * ownership is recomputed from the reports; nothing needs to be migrated.
 */
public final class RouterOwnership {
    /** An odd constant (2^64 / golden ratio) that spreads consecutive task counts apart. */
    private static final long TASK_SPREAD = 0x9e3779b97f4a7c15L;

    private RouterOwnership() {}

    /** The router that owns the server for good, when its reports do not count tasks. */
    public static int ownerOf(String serverId, int routerCount) {
        requireRouters(routerCount);
        return (int) Math.floorMod(StableHash.of(serverId), (long) routerCount);
    }

    /**
     * The router that owns the server while it has received {@code tasksReceived} tasks, or for
     * good when the count is {@link ServerSnapshot#TASKS_RECEIVED_UNKNOWN}.
     */
    public static int ownerOf(String serverId, long tasksReceived, int routerCount) {
        if (tasksReceived == ServerSnapshot.TASKS_RECEIVED_UNKNOWN) {
            return ownerOf(serverId, routerCount);
        }
        requireRouters(routerCount);
        long h = StableHash.mix(StableHash.of(serverId) ^ (tasksReceived * TASK_SPREAD));
        return (int) Math.floorMod(h, (long) routerCount);
    }

    private static void requireRouters(int routerCount) {
        if (routerCount < 1) {
            throw new IllegalArgumentException(
                    "routerCount must be >= 1 (got " + routerCount + ")");
        }
    }
}
