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
     * The lowest K over the whole view, as one router takes it: for the fallback router behind a
     * {@link TokenPlacer}, which sends it every task no idle server can take, so it knows every
     * fallback task in flight as a single router does. Measured (N = 500, ρ = 0.9, 0.1 delays, seed
     * 7): R = 2 0.246 and R = 32 0.234 mean service times against one router's 0.237; each router
     * sampling for itself behind the placer, 0.276 and 0.270.
     */
    WHOLE_VIEW
}
