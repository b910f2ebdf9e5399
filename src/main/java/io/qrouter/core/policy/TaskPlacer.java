package io.qrouter.core.policy;

import java.util.Optional;

/**
 * Decides every task for several routers as one router would, and spreads the tasks over the
 * routers to carry out. Routers that decide on their own each see only their own tasks in flight:
 * each holds part of the idle servers, and a task that goes to busy servers is sent where another
 * router's task may already be on its way (results.md, "The placer decides as one router").
 *
 * <p>The placer runs in front of the routers and reads the same reports. It holds one router's
 * policy over the whole fleet ({@link #asOneRouter}): the idle queue of every idle server, then the
 * lowest K, with every task it placed counted in flight until a report acknowledges it, or for
 * {@code expiryMillis} if none does. The {@link Placement} names the server and the rule, and the
 * routers take turns carrying the tasks out: each takes the named server while its own view holds
 * it alive ({@link RoutingPolicy#route(String, long, Placement)}).
 *
 * <p>Not thread-safe; one placer per task stream.
 */
public final class TaskPlacer {
    /**
     * How long a placed task counts in flight without a report acknowledging it: longer than a task
     * takes to reach its server and its report the placer, short enough that a task lost on the way
     * does not weigh on its server for long.
     */
    public static final long DEFAULT_EXPIRY_MILLIS = 2_000;

    /** The most placed tasks kept in flight per server (the oldest beyond count as arrived). */
    private static final int MAX_IN_FLIGHT_PER_SERVER = 1_024;

    /**
     * Where a task goes: router {@code router}, for the server {@code serverId}, chosen by {@code
     * rule}; no server and no rule when the placer did not decide (no placer, or no live server).
     */
    public record Placement(int router, String serverId, Rule rule) {
        /** Nothing named: the router decides for itself. */
        public static final Placement NONE = new Placement(0, null, null);

        /** Whether the placer named a server. */
        public boolean named() {
            return serverId != null;
        }
    }

    private final int routerCount;
    private final RoutingPolicy decider;
    private final UnacknowledgedTasks<String> inFlight;
    private long placed;

    /**
     * @param decider one router's policy over the whole fleet, configured by {@link #asOneRouter}
     */
    public TaskPlacer(int routerCount, long expiryMillis, RoutingPolicy decider) {
        if (routerCount < 1) {
            throw new IllegalArgumentException(
                    "routerCount must be >= 1 (got " + routerCount + ")");
        }
        this.routerCount = routerCount;
        this.decider = decider;
        this.inFlight = new UnacknowledgedTasks<>(expiryMillis, MAX_IN_FLIGHT_PER_SERVER);
    }

    /**
     * Whether placing tasks helps routers of this configuration: several of them, each with an idle
     * queue ({@code heartbeat-k} and {@code heartbeat-k-live}).
     */
    public static boolean appliesTo(PolicyConfig config) {
        return config.routerCount() > 1
                && config.idleQueue()
                && (config.name() == PolicyName.HEARTBEAT_K
                        || config.name() == PolicyName.HEARTBEAT_K_LIVE);
    }

    /** The placer's own policy: {@code config} as the only router of the fleet. */
    public static PolicyConfig asOneRouter(PolicyConfig config) {
        return config.withRouter(0, 1);
    }

    /**
     * The configuration of a router behind the placer, for the tasks it decides itself (a named
     * server its view does not hold alive): the lowest K over its whole view where the placer
     * applies ({@link #appliesTo}), else {@code config} unchanged.
     */
    public static PolicyConfig behindPlacer(PolicyConfig config) {
        return appliesTo(config)
                ? config.withFallback(FallbackRule.WHOLE_VIEW, config.stalenessWindowSeconds())
                : config;
    }

    /**
     * Applies a server's report with the tasks it counts for the first time.
     *
     * @param acknowledged ids of the tasks the report counts for the first time
     * @param acknowledgedUpToMillis when that list was incomplete, every task placed at or before
     *     this time counts as acknowledged; {@code Long.MIN_VALUE} otherwise
     */
    public void onSnapshot(
            ServerSnapshot report,
            Iterable<String> acknowledged,
            long acknowledgedUpToMillis,
            long nowMillis) {
        int pending =
                inFlight.pendingAfter(
                        report.serverId(), acknowledged, acknowledgedUpToMillis, nowMillis);
        decider.onSnapshot(report.plusUnacknowledged(pending));
    }

    /** Forgets a server that left for good. */
    public void onServerRemoved(String serverId) {
        decider.onServerRemoved(serverId);
        inFlight.forget(serverId);
    }

    /**
     * The server for task {@code taskId}, as one router would choose it, and the router whose turn
     * it is to carry it out; {@link Placement#NONE} when no server is alive.
     */
    public Placement place(String taskKey, String taskId, long nowMillis) {
        Optional<Decision> decision = decider.route(taskKey, nowMillis);
        if (decision.isEmpty()) {
            return Placement.NONE;
        }
        Decision d = decision.get();
        inFlight.routed(d.serverId(), taskId, taskId, nowMillis);
        int router = (int) Math.floorMod(placed++, (long) routerCount);
        return new Placement(router, d.serverId(), d.rule());
    }
}
