package io.qrouter.core.estimate;

/**
 * What the newest buckets say of a server's speed now: the services completed there and the service
 * time on test behind them, their lengths plus the time the tasks still in service have run so far
 * (a service still running is a censored observation of its length, so a server that slowed down
 * shows it before its first slow task ends).
 *
 * @param completions services completed in the newest buckets
 * @param serviceSeconds their service times and the open services' time so far, per slot
 */
public record ServiceEvidence(long completions, double serviceSeconds) {
    public static final ServiceEvidence NONE = new ServiceEvidence(0, 0);
}
