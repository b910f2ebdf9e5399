package io.qrouter.core.queueing;

/**
 * GI/M/1 without reneging: general independent interarrival times, exponential service (mu), FCFS.
 *
 * <p>sigma is the root in (0, 1) of sigma = A*(mu·(1 - sigma)), which exists iff lambda < mu. An
 * arrival finds k >= 1 tasks with probability (1-sigma)·sigma^k, so P(an arrival waits) = sigma,
 * W_q = sigma/(mu(1-sigma)), W = 1/(mu(1-sigma)), L_q = lambda·W_q, L = lambda·W. The time-average
 * P(idle) is 1 - rho, not 1 - sigma.
 */
public final class GiM1 {
    private static final int BISECTION_STEPS = 200;

    private final double lambda;
    private final double mu;
    private final double sigma;

    private GiM1(double lambda, double mu, double sigma) {
        this.lambda = lambda;
        this.mu = mu;
        this.sigma = sigma;
    }

    /** The stationary regime, or why there is none (lambda >= mu). */
    public static SteadyState<GiM1> solve(InterarrivalDistribution arrivals, double mu) {
        Rates.positive("mu", mu);
        double lambda = arrivals.rate();
        if (lambda >= mu) {
            return new SteadyState.Unstable<>(
                    "lambda/mu = " + lambda / mu + " >= 1 (GI/M/1 has no reneging)");
        }
        return new SteadyState.Stable<>(
                new GiM1(lambda, mu, lambda == 0 ? 0 : sigma(arrivals, mu)));
    }

    /**
     * Bisection on f(x) = A*(mu(1-x)) - x, which is convex with f(0) = A*(mu) > 0, f(1) = 0 and
     * f'(1) > 0 when lambda < mu: f > 0 left of the root and f < 0 between the root and 1.
     * Bisection keeps that bracket whatever the distribution (Newton from 0 may jump past the root
     * towards the trivial root 1).
     */
    private static double sigma(InterarrivalDistribution arrivals, double mu) {
        double low = 0;
        double high = 1;
        for (int step = 0; step < BISECTION_STEPS && high - low > 1e-17; step++) {
            double mid = 0.5 * (low + high);
            if (mid == low || mid == high) {
                break;
            }
            if (arrivals.laplaceStieltjes(mu * (1 - mid)) - mid > 0) {
                low = mid;
            } else {
                high = mid;
            }
        }
        return 0.5 * (low + high);
    }

    public double lambda() {
        return lambda;
    }

    public double mu() {
        return mu;
    }

    public double rho() {
        return lambda / mu;
    }

    /** The root sigma, also P(an arrival has to wait). */
    public double sigma() {
        return sigma;
    }

    public double waitProbability() {
        return sigma;
    }

    /** W_q = sigma / (mu(1 - sigma)). */
    public double meanWait() {
        return sigma / (mu * (1 - sigma));
    }

    /** W = 1 / (mu(1 - sigma)). */
    public double meanSojourn() {
        return 1 / (mu * (1 - sigma));
    }

    /** L_q = lambda·W_q. */
    public double meanWaiting() {
        return lambda * meanWait();
    }

    /** L = lambda·W. */
    public double meanInSystem() {
        return lambda * meanSojourn();
    }
}
