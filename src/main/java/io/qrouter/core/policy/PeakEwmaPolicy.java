package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/**
 * Finagle's and Linkerd's balancer ({@code p2c-ewma}): of two distinct alive servers drawn at
 * random, the one of lower cost latency × (requests in flight + 1). The latency is the server's
 * recent sojourn time from its reports ({@link ServerSnapshot#latencySeconds()}), requests in
 * flight its tasks as this router sees them. As in Finagle, a server with no latency yet costs
 * nothing while it holds no task and a prohibitive penalty once it does, so new servers are tried
 * but not flooded.
 */
final class PeakEwmaPolicy extends AbstractRoutingPolicy {
    /** Finagle's penalty for a server with work in flight and no latency measured yet. */
    static final double UNMEASURED_PENALTY = 1e12;

    private final DistinctSample sample = new DistinctSample(2);

    PeakEwmaPolicy(PolicyConfig config, RandomGenerator random) {
        super(config, random);
    }

    @Override
    Choice choose(String taskKey) {
        return SampledMinimum.of(sample.draw(view, 2, random), this::cost).choice(Rule.P2C_EWMA);
    }

    double cost(int slot) {
        double latency = view.snapshot(slot).latencySeconds();
        int inFlight = view.load(slot);
        if (latency == 0) {
            return inFlight == 0 ? 0 : UNMEASURED_PENALTY + inFlight;
        }
        return latency * (inFlight + 1);
    }
}
