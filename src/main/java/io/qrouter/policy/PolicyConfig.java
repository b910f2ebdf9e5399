package io.qrouter.policy;

import io.qrouter.queueing.LoadIndexWeights;

/**
 * Everything that shapes a policy besides its randomness.
 *
 * @param name which policy
 * @param choices d of power-of-d (≥ 1; ignored by the others)
 * @param weights the weights alpha, sigma, r of the load index K (Eq. 53), for heartbeat-k and heartbeat-k-live
 * @param routerIndex this router's index r in [0, routerCount): which idle servers it owns
 * @param routerCount the number R of routers deciding in parallel
 * @param virtualNodes points per server on the consistent-hash ring of {@code hash} (≥ 1)
 */
public record PolicyConfig(
        PolicyName name, int choices, LoadIndexWeights weights, int routerIndex, int routerCount, int virtualNodes) {

    public static final int DEFAULT_CHOICES = 2;
    /** About 5% standard deviation of the per-server key share (≈ 1/√virtualNodes) at a modest ring size. */
    public static final int DEFAULT_VIRTUAL_NODES = 160;

    public PolicyConfig {
        if (name == null) {
            throw new IllegalArgumentException("policy name is required; valid: " + PolicyName.validNames());
        }
        if (choices < 1) {
            throw new IllegalArgumentException("choices d must be >= 1 (got " + choices + ")");
        }
        if (weights == null) {
            throw new IllegalArgumentException("load index weights are required");
        }
        if (routerCount < 1) {
            throw new IllegalArgumentException("routerCount must be >= 1 (got " + routerCount + ")");
        }
        if (routerIndex < 0 || routerIndex >= routerCount) {
            throw new IllegalArgumentException(
                    "routerIndex must be in [0, " + (routerCount - 1) + "] (got " + routerIndex + ")");
        }
        if (virtualNodes < 1) {
            throw new IllegalArgumentException("virtualNodes must be >= 1 (got " + virtualNodes + ")");
        }
    }

    /** Defaults: d = 2, equal weights, a single router, 160 virtual nodes. */
    public static PolicyConfig of(PolicyName name) {
        return new PolicyConfig(name, DEFAULT_CHOICES, LoadIndexWeights.EQUAL, 0, 1, DEFAULT_VIRTUAL_NODES);
    }

    public PolicyConfig withChoices(int d) {
        return new PolicyConfig(name, d, weights, routerIndex, routerCount, virtualNodes);
    }

    public PolicyConfig withWeights(LoadIndexWeights w) {
        return new PolicyConfig(name, choices, w, routerIndex, routerCount, virtualNodes);
    }

    public PolicyConfig withRouter(int index, int count) {
        return new PolicyConfig(name, choices, weights, index, count, virtualNodes);
    }

    public PolicyConfig withVirtualNodes(int v) {
        return new PolicyConfig(name, choices, weights, routerIndex, routerCount, v);
    }
}
