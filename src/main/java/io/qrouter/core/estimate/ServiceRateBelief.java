package io.qrouter.core.estimate;

/**
 * μ as routing believes it: the estimate of Eq. (2) weighed against the server's nominal rate by
 * how many completions it rests on. A mean of k service times of squared coefficient of variation
 * SCV is off by about √(SCV/k): with heavy tails (SCV 10) and the 20 completions that make an
 * estimate known, by 70 %, more than the speed differences K should rank by. The nominal rate
 * counts as {@link #NOMINAL_COMPLETIONS} completions, so the estimate takes over as evidence builds
 * (at 30 tasks/s, a 60 s window holds 1,800) and a server that misreports is still caught. Measured
 * in docs/queueing.md ("How sure K is").
 */
public final class ServiceRateBelief {
    private ServiceRateBelief() {}

    /** The weight of the nominal rate, in completions: 200 service times of SCV 10 are ±22 %. */
    public static final int NOMINAL_COMPLETIONS = 200;

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
        return (k + NOMINAL_COMPLETIONS)
                / (k / estimate.value() + NOMINAL_COMPLETIONS / nominalRate);
    }
}
