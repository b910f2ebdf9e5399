package io.qrouter.core.policy;

import io.qrouter.core.estimate.Estimate;
import io.qrouter.core.estimate.EstimatorSnapshot;
import io.qrouter.core.estimate.ServiceRateBelief;

/**
 * Builds a server's report from its heartbeat fields and its estimators, the same way in the
 * simulator and in the Flink job. An estimate that is not yet known (too few events in the window)
 * is sent as 0: for λ that means "no evidence of load", for μ that the nominal service rate is used
 * ({@link ServerSnapshot#effectiveMu()}), for α_c "no abandonment seen". A known μ is the one
 * routing believes ({@link ServiceRateBelief}).
 */
public final class ServerSnapshots {
    private ServerSnapshots() {}

    public static ServerSnapshot withEstimates(
            String serverId,
            long sentAtMillis,
            int queueLength,
            boolean busy,
            double serviceRatePerSecond,
            EstimatorSnapshot estimates) {
        return new ServerSnapshot(
                serverId,
                sentAtMillis,
                true,
                queueLength,
                busy,
                serviceRatePerSecond,
                orZero(estimates.lambdaPerSecond()),
                ServiceRateBelief.mu(
                        estimates.muPerSecond(), estimates.recentService(), serviceRatePerSecond),
                orZero(estimates.alphaCPerSecond()),
                ServerSnapshot.TASKS_RECEIVED_UNKNOWN,
                1,
                orZero(estimates.recentWaitSeconds()),
                orZero(estimates.recentServiceSeconds()));
    }

    private static double orZero(Estimate e) {
        return e.isKnown() ? e.value() : 0;
    }
}
