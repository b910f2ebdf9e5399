package io.qrouter.core.control;

import java.io.Serializable;

/**
 * Outlier ejection, as Envoy defines it. A server is ejected when it fails {@code
 * consecutiveFailures} tasks in a row, or when, over an interval, its success rate falls more than
 * {@code successRateStdevFactor} standard deviations below the fleet's mean (among servers with at
 * least {@code successRateMinimumRequests} finished tasks, and only when at least {@code
 * successRateMinimumServers} have that many). An ejection lasts {@code baseEjectionMillis} times
 * the number of times the server has been ejected; never more than {@code maxEjectionShare} of the
 * live servers are ejected at once. When fewer than {@code panicThreshold} of the live servers are
 * healthy, the router panics: it routes over every live server, ejected or not.
 */
public record OutlierSettings(
        boolean enabled,
        int consecutiveFailures,
        double successRateStdevFactor,
        int successRateMinimumRequests,
        int successRateMinimumServers,
        long intervalMillis,
        long baseEjectionMillis,
        double maxEjectionShare,
        double panicThreshold)
        implements Serializable {

    public OutlierSettings {
        if (consecutiveFailures < 1
                || !(successRateStdevFactor > 0)
                || successRateMinimumRequests < 1
                || successRateMinimumServers < 2
                || intervalMillis < 1
                || baseEjectionMillis < 1
                || !(maxEjectionShare >= 0 && maxEjectionShare <= 1)
                || !(panicThreshold >= 0 && panicThreshold <= 1)) {
            throw new IllegalArgumentException("outlier settings out of range: " + this);
        }
    }

    /**
     * Off, with Envoy's defaults otherwise (5 in a row, 1.9 σ, 100 requests, 5 hosts, 10 s, 30 s,
     * 10 %, 50 %).
     */
    public static OutlierSettings off() {
        return new OutlierSettings(false, 5, 1.9, 100, 5, 10_000, 30_000, 0.1, 0.5);
    }
}
