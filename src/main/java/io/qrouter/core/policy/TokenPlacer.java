package io.qrouter.core.policy;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.random.RandomGenerator;

/**
 * Sends each task to a router that holds an idle server, instead of to a random router. With R
 * routers each idle server sits in one router's idle queue ({@link RouterOwnership}); a task that
 * reaches a router whose queue is empty waits behind a busy server while other routers' idle
 * servers stay idle until their owners have a task (the Join-Idle-Queue paper's I-queues, each
 * holding about N(1 − ρ)/R servers: at R = 32 a third of the tasks found theirs empty).
 *
 * <p>The placer runs in front of the routers and reads the same reports. Ownership is a function of
 * the report, and a router takes the fastest server of its queue in an order the report fixes
 * ({@link FastestIdle}), so the placer mirrors every router's idle queue exactly: it sends the task
 * to the router with the most idle servers left (ties at random) and marks the server that router
 * will take. The mark holds until a report acknowledges the task (the server is busy, or has
 * received more tasks), or for {@code expiryMillis} if none does. The {@link Placement} names that
 * server, because in the job the routers read the reports at other moments than the placer
 * (docs/design.md, "Why the placement names the server"). With no idle server anywhere the task
 * goes to {@link #FALLBACK_ROUTER}, which takes the lowest K over its whole view ({@link
 * FallbackRule#WHOLE_VIEW}): the only router that sends to busy servers, it knows every such task
 * in flight, as a single router does.
 *
 * <p>Not thread-safe; one placer per task stream, fed every report before any router adds its own
 * tasks in flight.
 */
public final class TokenPlacer {
    /** An idle period of a server: the idle-queue entry of its owner. */
    private static final class Token {
        final String serverId;
        final int owner;
        final double speedKey;
        final long tieBreak;
        final long tasksReceived;
        long takenAtMillis = Long.MIN_VALUE;

        Token(ServerSnapshot report, int owner) {
            this.serverId = report.serverId();
            this.owner = owner;
            this.speedKey = FastestIdle.speedKey(report);
            this.tieBreak = FastestIdle.tieBreak(report);
            this.tasksReceived = report.tasksReceived();
        }

        boolean taken() {
            return takenAtMillis != Long.MIN_VALUE;
        }
    }

    private static final Comparator<Token> ROUTER_ORDER =
            Comparator.<Token>comparingDouble(t -> t.speedKey)
                    .thenComparingLong(t -> t.tieBreak)
                    .thenComparing(t -> t.serverId);

    /**
     * How long a taken server stays marked without a report acknowledging its task: longer than a
     * task takes to reach its server and its report the routers, short enough that a task lost on
     * the way does not hide the server for long.
     */
    public static final long DEFAULT_EXPIRY_MILLIS = 2_000;

    /** The router that takes every task no idle server can take. */
    public static final int FALLBACK_ROUTER = 0;

    /**
     * Where a task goes: router {@code router}, for the idle server {@code serverId} as the
     * placer's report of it said while it had received {@code tasksReceived} tasks; {@code
     * serverId} is null for the fallback router's tasks.
     */
    public record Placement(int router, String serverId, long tasksReceived) {
        /** No idle server named: the fallback router's tasks, and every task without a placer. */
        public static final Placement NONE =
                new Placement(FALLBACK_ROUTER, null, ServerSnapshot.TASKS_RECEIVED_UNKNOWN);

        /** Whether the placer named an idle server. */
        public boolean named() {
            return serverId != null;
        }
    }

    private final int routerCount;
    private final long expiryMillis;
    private final RandomGenerator random;
    private final Map<String, Token> tokens = new HashMap<>();
    private final Map<String, Long> reportedAt = new HashMap<>();
    private final TreeSet<Token>[] idleQueues;

    @SuppressWarnings("unchecked")
    public TokenPlacer(int routerCount, long expiryMillis, RandomGenerator random) {
        if (routerCount < 1) {
            throw new IllegalArgumentException(
                    "routerCount must be >= 1 (got " + routerCount + ")");
        }
        if (expiryMillis < 1) {
            throw new IllegalArgumentException(
                    "expiryMillis must be >= 1 (got " + expiryMillis + ")");
        }
        this.routerCount = routerCount;
        this.expiryMillis = expiryMillis;
        this.random = random;
        this.idleQueues = new TreeSet[routerCount];
        for (int r = 0; r < routerCount; r++) {
            idleQueues[r] = new TreeSet<>(ROUTER_ORDER);
        }
    }

    /**
     * Whether placing tasks helps routers of this configuration: several of them, each with the
     * idle queue the placer mirrors ({@code heartbeat-k} and {@code heartbeat-k-live}).
     */
    public static boolean appliesTo(PolicyConfig config) {
        return config.routerCount() > 1
                && config.idleQueue()
                && (config.name() == PolicyName.HEARTBEAT_K
                        || config.name() == PolicyName.HEARTBEAT_K_LIVE);
    }

    /**
     * The configuration of a router behind the placer: the whole-view fallback where the placer
     * applies ({@link #appliesTo}), else {@code config} unchanged.
     */
    public static PolicyConfig behindPlacer(PolicyConfig config) {
        return appliesTo(config)
                ? config.withFallback(FallbackRule.WHOLE_VIEW, config.stalenessWindowSeconds())
                : config;
    }

    /** Applies a server's report as every router receives it. */
    public void onSnapshot(ServerSnapshot report, long nowMillis) {
        Long latest = reportedAt.get(report.serverId());
        if (latest != null && report.sentAtMillis() < latest) {
            return; // overtaken by a newer report, which the routers' views keep too
        }
        reportedAt.put(report.serverId(), report.sentAtMillis());
        Token held = tokens.get(report.serverId());
        if (held != null
                && held.taken()
                && report.idle()
                && report.tasksReceived() == held.tasksReceived
                && nowMillis - held.takenAtMillis <= expiryMillis) {
            return; // sent before the task reached the server: the router still counts it
        }
        if (held != null) {
            forget(held);
        }
        if (report.idle()) {
            int owner =
                    RouterOwnership.ownerOf(report.serverId(), report.tasksReceived(), routerCount);
            Token t = new Token(report, owner);
            tokens.put(t.serverId, t);
            idleQueues[owner].add(t);
        }
    }

    /** Forgets a server that left for good. */
    public void onServerRemoved(String serverId) {
        reportedAt.remove(serverId);
        Token held = tokens.get(serverId);
        if (held != null) {
            forget(held);
        }
    }

    /** The router for the next task and the idle server it is to take, marked taken. */
    public Placement place(long nowMillis) {
        int best = -1;
        int most = 0;
        int ties = 0;
        for (int r = 0; r < routerCount; r++) {
            int idle = idleQueues[r].size();
            if (idle > most) {
                best = r;
                most = idle;
                ties = 1;
            } else if (idle == most && idle > 0 && random.nextInt(++ties) == 0) {
                best = r;
            }
        }
        if (best < 0) {
            return Placement.NONE;
        }
        Token taken = idleQueues[best].pollFirst();
        taken.takenAtMillis = nowMillis;
        return new Placement(best, taken.serverId, taken.tasksReceived);
    }

    /** Idle servers left in router {@code router}'s queue as the placer mirrors it. */
    public int idleLeft(int router) {
        return idleQueues[router].size();
    }

    private void forget(Token t) {
        tokens.remove(t.serverId);
        if (!t.taken()) {
            idleQueues[t.owner].remove(t);
        }
    }
}
