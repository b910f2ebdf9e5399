package io.qrouter.core.policy;

import io.qrouter.core.queueing.LoadIndexWeights;

/**
 * Everything that shapes a policy besides its randomness.
 *
 * @param name which policy
 * @param choices d of power-of-d (≥ 1; ignored by the others)
 * @param weights the weights alpha, sigma, r of the load index K (Eq. 53), for heartbeat-k and
 *     heartbeat-k-live
 * @param routerIndex this router's index r in [0, routerCount): which idle servers it owns
 * @param routerCount the number R of routers deciding in parallel
 * @param virtualNodes points per server on the consistent-hash ring of {@code hash} (≥ 1)
 * @param loadIndexTimeUnitSeconds the fleet-wide reference time of K's waiting-time terms, in
 *     seconds (> 0), or {@link #FLEET_MEAN_SERVICE_TIME}: the snapshots' rates are per second, so
 *     one reference unit of wait weighs like one waiting task (see {@code queueing.LoadIndex}); the
 *     fleet's mean service time is the natural choice
 * @param idleQueue whether heartbeat-k and heartbeat-k-live use an idle server first
 * @param fallback how one of several routers chooses when its idle queue is empty
 * @param stalenessWindowSeconds how long a decision stays unseen by the other routers (the decision
 *     delay plus the update delay), in seconds (> 0): what the water-filling fallback spreads
 * @param prequal Prequal's probe pool and hot-cold rule (ignored by the others)
 */
public record PolicyConfig(
        PolicyName name,
        int choices,
        LoadIndexWeights weights,
        int routerIndex,
        int routerCount,
        int virtualNodes,
        double loadIndexTimeUnitSeconds,
        boolean idleQueue,
        FallbackRule fallback,
        double stalenessWindowSeconds,
        PrequalSettings prequal) {

    /** The measured winner with several routers (see {@link FallbackRule}). */
    public static final FallbackRule DEFAULT_FALLBACK = FallbackRule.SAMPLED_MINIMUM;

    /** The simulator's reference delays: 0.1 s for a decision plus 0.1 s for a report. */
    public static final double DEFAULT_STALENESS_WINDOW_SECONDS = 0.2;

    public static final int DEFAULT_CHOICES = 2;

    /**
     * About 5% standard deviation of the per-server key share (≈ 1/√virtualNodes) at a modest ring
     * size.
     */
    public static final int DEFAULT_VIRTUAL_NODES = 160;

    /** One second: the simulator's time unit (the mean service time of a rate-1 server). */
    public static final double DEFAULT_LOAD_INDEX_TIME_UNIT_SECONDS = 1.0;

    /**
     * K's time unit follows the fleet: the mean service time N/Σμ of the servers this router knows
     * alive, from their reported μ (their estimates once known), so that a unit of wait weighs like
     * one waiting task on any fleet.
     */
    public static final double FLEET_MEAN_SERVICE_TIME = 0.0;

    public PolicyConfig {
        if (name == null) {
            throw new IllegalArgumentException(
                    "policy name is required; valid: " + PolicyName.validNames());
        }
        if (choices < 1) {
            throw new IllegalArgumentException("choices d must be >= 1 (got " + choices + ")");
        }
        if (weights == null) {
            throw new IllegalArgumentException("load index weights are required");
        }
        if (routerCount < 1) {
            throw new IllegalArgumentException(
                    "routerCount must be >= 1 (got " + routerCount + ")");
        }
        if (routerIndex < 0 || routerIndex >= routerCount) {
            throw new IllegalArgumentException(
                    "routerIndex must be in [0, "
                            + (routerCount - 1)
                            + "] (got "
                            + routerIndex
                            + ")");
        }
        if (virtualNodes < 1) {
            throw new IllegalArgumentException(
                    "virtualNodes must be >= 1 (got " + virtualNodes + ")");
        }
        if (!(loadIndexTimeUnitSeconds >= 0) || Double.isInfinite(loadIndexTimeUnitSeconds)) {
            throw new IllegalArgumentException(
                    "loadIndexTimeUnitSeconds must be a finite number > 0, or 0 for the"
                            + " fleet's mean service time (got "
                            + loadIndexTimeUnitSeconds
                            + ")");
        }
        if (fallback == null) {
            throw new IllegalArgumentException("fallback rule is required");
        }
        if (prequal == null) {
            throw new IllegalArgumentException("Prequal settings are required");
        }
        if (!(stalenessWindowSeconds > 0) || Double.isInfinite(stalenessWindowSeconds)) {
            throw new IllegalArgumentException(
                    "stalenessWindowSeconds must be a finite number > 0 (got "
                            + stalenessWindowSeconds
                            + ")");
        }
    }

    /**
     * Defaults: d = 2, equal weights, a single router, 160 virtual nodes, K's time unit 1 s, idle
     * queue on.
     */
    public static PolicyConfig of(PolicyName name) {
        return new PolicyConfig(
                name,
                DEFAULT_CHOICES,
                LoadIndexWeights.EQUAL,
                0,
                1,
                DEFAULT_VIRTUAL_NODES,
                DEFAULT_LOAD_INDEX_TIME_UNIT_SECONDS,
                true,
                DEFAULT_FALLBACK,
                DEFAULT_STALENESS_WINDOW_SECONDS,
                PrequalSettings.PAPER);
    }

    public PolicyConfig withChoices(int d) {
        return new PolicyConfig(
                name,
                d,
                weights,
                routerIndex,
                routerCount,
                virtualNodes,
                loadIndexTimeUnitSeconds,
                idleQueue,
                fallback,
                stalenessWindowSeconds,
                prequal);
    }

    public PolicyConfig withWeights(LoadIndexWeights w) {
        return new PolicyConfig(
                name,
                choices,
                w,
                routerIndex,
                routerCount,
                virtualNodes,
                loadIndexTimeUnitSeconds,
                idleQueue,
                fallback,
                stalenessWindowSeconds,
                prequal);
    }

    public PolicyConfig withRouter(int index, int count) {
        return new PolicyConfig(
                name,
                choices,
                weights,
                index,
                count,
                virtualNodes,
                loadIndexTimeUnitSeconds,
                idleQueue,
                fallback,
                stalenessWindowSeconds,
                prequal);
    }

    public PolicyConfig withIdleQueue(boolean on) {
        return new PolicyConfig(
                name,
                choices,
                weights,
                routerIndex,
                routerCount,
                virtualNodes,
                loadIndexTimeUnitSeconds,
                on,
                fallback,
                stalenessWindowSeconds,
                prequal);
    }

    public PolicyConfig withLoadIndexTimeUnitSeconds(double seconds) {
        return new PolicyConfig(
                name,
                choices,
                weights,
                routerIndex,
                routerCount,
                virtualNodes,
                seconds,
                idleQueue,
                fallback,
                stalenessWindowSeconds,
                prequal);
    }

    public PolicyConfig withFallback(FallbackRule rule, double stalenessSeconds) {
        return new PolicyConfig(
                name,
                choices,
                weights,
                routerIndex,
                routerCount,
                virtualNodes,
                loadIndexTimeUnitSeconds,
                idleQueue,
                rule,
                stalenessSeconds,
                prequal);
    }

    public PolicyConfig withPrequal(PrequalSettings settings) {
        return new PolicyConfig(
                name,
                choices,
                weights,
                routerIndex,
                routerCount,
                virtualNodes,
                loadIndexTimeUnitSeconds,
                idleQueue,
                fallback,
                stalenessWindowSeconds,
                settings);
    }
}
