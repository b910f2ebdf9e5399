package io.qrouter.core.estimate;

/**
 * μ as routing believes it: the estimate of Eq. (2) weighed against the server's nominal rate by
 * how many completions it rests on. A mean of k service times of squared coefficient of variation
 * SCV is off by about √(SCV/k): with heavy tails (SCV 10) and the 20 completions that make an
 * estimate known, by 70 %, more than the speed differences K should rank by. The nominal rate
 * counts as {@link #NOMINAL_COMPLETIONS} completions, so the estimate takes over as evidence builds
 * (at 30 tasks/s, a 60 s window holds 1,800) and a server that misreports is still caught. Measured
 * in docs/queueing.md ("How sure K is"). That belief moves slowly by design; what a server does now
 * (it slowed down, or is stuck on a long task) updates it from the newest buckets.
 */
public final class ServiceRateBelief {
    private ServiceRateBelief() {}

    /** The weight of the nominal rate, in completions: 200 service times of SCV 10 are ±22 %. */
    public static final int NOMINAL_COMPLETIONS = 200;

    /**
     * The least weight of the long-run belief against the newest buckets, in completions; it also
     * weighs at least {@link #LONG_RUN_PER_RECENT} times their completions, so they move μ by a
     * quarter at most. Measured in docs/results.md ("μ now"): with the newest buckets weighing as
     * much as the long run, 32 routers waited 1.15× one router's wait (0.99× without μ now); at a
     * quarter, 1.08×, and the heavy-tailed cells keep their 5-15 % lower waits.
     */
    public static final int LONG_RUN_COMPLETIONS = 16;

    /** See {@link #LONG_RUN_COMPLETIONS}. */
    public static final int LONG_RUN_PER_RECENT = 3;

    /**
     * μ now: the {@link #mu(Estimate, double) long-run belief}, counting as {@link
     * #LONG_RUN_COMPLETIONS} completions or more, updated by the newest buckets' evidence
     * (completions over service time on test, open services included), so that a server that slowed
     * down ranks as slow within a service time or two. The long-run belief alone without recent
     * service time.
     */
    public static double mu(Estimate estimate, ServiceEvidence recent, double nominalRate) {
        double longRun = mu(estimate, nominalRate);
        if (!(longRun > 0) || !(recent.serviceSeconds() > 0)) {
            return longRun;
        }
        // the newest buckets weigh a quarter at most: their noise stays bounded
        double weight =
                Math.max(LONG_RUN_COMPLETIONS, LONG_RUN_PER_RECENT * (double) recent.completions());
        return pooled(recent.completions(), recent.serviceSeconds(), weight, longRun);
    }

    /**
     * The blended μ: mean service times (what the completions average) weighted by count, the
     * nominal one counting {@link #NOMINAL_COMPLETIONS}; the estimate alone without a nominal rate,
     * and 0 (unknown) without an estimate.
     */
    public static double mu(Estimate estimate, double nominalRate) {
        if (!estimate.isKnown() || !(estimate.value() > 0)) {
            return 0;
        }
        if (!(nominalRate > 0) || Double.isInfinite(nominalRate)) {
            return estimate.value();
        }
        double k = estimate.count();
        return pooled(k, k / estimate.value(), NOMINAL_COMPLETIONS, nominalRate);
    }

    /**
     * Completions over service time, with a prior of {@code priorCompletions} completions at {@code
     * priorRate} added to both.
     */
    private static double pooled(
            double completions, double seconds, double priorCompletions, double priorRate) {
        return (completions + priorCompletions) / (seconds + priorCompletions / priorRate);
    }
}
