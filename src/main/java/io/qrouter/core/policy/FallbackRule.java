package io.qrouter.core.policy;

/**
 * How one of several routers picks a busy server when its idle queue is empty (a single router
 * always takes the lowest K over its whole view). In both, an idle server whose idle period another
 * router owns counts one task: its owner will send it one before this router's task could be seen.
 */
public enum FallbackRule {
    /**
     * The lowest K among {@link HeartbeatKPolicy#FALLBACK_SAMPLES} servers drawn at random in
     * proportion to their capacity. Measured (N = 1,000, ρ = 0.9, 0.1 update and decision delays,
     * seed 31, 32 routers, drawn uniformly): 0.489 mean service times of wait. Drawn uniformly, a
     * sample of 8 missed the big servers of a mixed-slot fleet: docs/results.md (2026-12-04).
     */
    SAMPLED_MINIMUM,
    /**
     * A server drawn from the water filling of the fallback tasks all routers are expected to send
     * during {@link PolicyConfig#stalenessWindowSeconds()} ({@link WaterLevel}), recomputed at most
     * every {@link HeartbeatKPolicy#WATER_REFILL_MILLIS}. Measured as above: 0.498.
     */
    WATER_FILLING,
    /**
     * The lowest K over the whole view, as one router takes it: for a router behind a {@link
     * TaskPlacer}, which decides every task as one router and names the server, when the router's
     * view does not hold the named server alive (a black hole it ejected, a server gone).
     */
    WHOLE_VIEW
}
