package io.qrouter.core.queueing;

import java.util.OptionalDouble;

/**
 * M/M/1+M: Poisson arrivals (lambda), exponential service (mu), and every waiting task abandons at
 * rate alphaC on its own clock (the task in service does not). This is what "tasks that leave after
 * waiting too long" means physically; unlike the paper's chain it needs no recovery rate eta.
 *
 * <p>Birth-death chain with up rate lambda and down rate mu + (n-1)·alphaC from n >= 1, so p_n =
 * p_0 · prod_{k=1..n} lambda / (mu + (k-1)·alphaC). The series is summed directly (in scaled form,
 * so that heavy load does not overflow); with alphaC = 0 it is M/M/1 and the geometric closed form
 * is used. Always stable when alphaC > 0; with alphaC = 0 it needs lambda < mu.
 */
public final class RenegingQueue {
    private static final double RELATIVE_TAIL = 1e-17;
    private static final double RESCALE_ABOVE = 1e250;
    private static final long MAX_TERMS = 200_000_000L;

    /**
     * Start of the message of the one error that valid rates can cause (LoadIndex reads it as
     * "overloaded").
     */
    private static final int DIRECT_TERMS = 32;

    private final double lambda;
    private final double mu;
    private final double alphaC;
    private final double p0;
    private final double meanInSystem;
    private final double meanWaiting;
    private final double busyProbability;
    private final double virtualWait;

    private RenegingQueue(
            double lambda,
            double mu,
            double alphaC,
            double p0,
            double busyProbability,
            double meanInSystem,
            double meanWaiting,
            double virtualWait) {
        this.lambda = lambda;
        this.mu = mu;
        this.alphaC = alphaC;
        this.p0 = p0;
        this.busyProbability = busyProbability;
        this.meanInSystem = meanInSystem;
        this.meanWaiting = meanWaiting;
        this.virtualWait = virtualWait;
    }

    /** The stationary regime, or why there is none (alphaC = 0 and lambda >= mu). */
    public static SteadyState<RenegingQueue> solve(double lambda, double mu, double alphaC) {
        Rates.nonNegative("lambda", lambda);
        Rates.positive("mu", mu);
        Rates.nonNegative("alphaC", alphaC);
        if (alphaC == 0) {
            return mm1(lambda, mu);
        }
        return series(lambda, mu, alphaC);
    }

    private static SteadyState<RenegingQueue> mm1(double lambda, double mu) {
        double rho = lambda / mu;
        if (rho >= 1) {
            return new SteadyState.Unstable<>(
                    "no abandonment (alphaC = 0) and lambda/mu = " + rho + " >= 1");
        }
        return new SteadyState.Stable<>(
                new RenegingQueue(
                        lambda, mu, 0, 1 - rho, rho, rho / (1 - rho), rho * rho / (1 - rho), 0));
    }

    /**
     * One pass over n = 1, 2, …: unnormalised terms p_n/p_0 and the running sum of the conditional
     * virtual wait. Accumulators are rescaled together when a term grows huge (lambda >> alphaC has
     * its mode far out); the pass stops once the geometric bound on the remaining tail of E[L] is
     * below 1e-17 of the total.
     */
    private static SteadyState<RenegingQueue> series(double lambda, double mu, double alphaC) {
        // The tail test needs lambda < mu + n·alphaC: past MAX_TERMS it can never pass, so say so
        // at once
        // instead of after 2·10^8 terms (seconds of CPU per call).
        if ((lambda - mu) / alphaC >= MAX_TERMS) {
            return outOfReach(lambda, mu, alphaC);
        }
        double zeroTerm = 1;
        double term = 1;
        double sumPositive = 0;
        double sumL = 0;
        double sumLq = 0;
        double sumVirtual = 0;
        double abandonWaitSum = 0; // sum_{m=1..n} m·alphaC / (mu + m·alphaC)
        for (long n = 1; n < MAX_TERMS; n++) {
            term *= lambda / (mu + (n - 1) * alphaC);
            double exitRate = mu + n * alphaC;
            abandonWaitSum += n * alphaC / exitRate;
            sumPositive += term;
            sumL += n * term;
            sumLq += (n - 1) * term;
            sumVirtual += term * abandonWaitSum / exitRate;
            if (term > RESCALE_ABOVE) {
                double s = 1 / RESCALE_ABOVE;
                zeroTerm *= s;
                term *= s;
                sumPositive *= s;
                sumL *= s;
                sumLq *= s;
                sumVirtual *= s;
            }
            double nextRatio = lambda / exitRate;
            if (nextRatio < 1) {
                double tailMass = term * nextRatio / (1 - nextRatio);
                double tailOfL = tailMass * (n + 1 / (1 - nextRatio));
                double total = zeroTerm + sumPositive;
                if (tailMass <= RELATIVE_TAIL * total && tailOfL <= RELATIVE_TAIL * sumL) {
                    return new SteadyState.Stable<>(
                            new RenegingQueue(
                                    lambda,
                                    mu,
                                    alphaC,
                                    zeroTerm / total,
                                    sumPositive / total,
                                    sumL / total,
                                    sumLq / total,
                                    sumVirtual / total));
                }
            }
        }
        return outOfReach(lambda, mu, alphaC);
    }

    private static SteadyState<RenegingQueue> outOfReach(double lambda, double mu, double alphaC) {
        return new SteadyState.OutOfReach<>(
                "the M/M/1+M series does not converge within "
                        + MAX_TERMS
                        + " terms (lambda="
                        + lambda
                        + ", mu="
                        + mu
                        + ", alphaC="
                        + alphaC
                        + "): alphaC is too small for this"
                        + " load");
    }

    public double lambda() {
        return lambda;
    }

    public double mu() {
        return mu;
    }

    public double alphaC() {
        return alphaC;
    }

    /** P(server idle). */
    public double p0() {
        return p0;
    }

    /** E[L], tasks present (waiting + in service). */
    public double meanInSystem() {
        return meanInSystem;
    }

    /** E[L_q], tasks waiting (the paper's L_Wq). */
    public double meanWaiting() {
        return meanWaiting;
    }

    /** Served tasks per unit time, mu·P(busy). */
    public double throughput() {
        return mu * busyProbability;
    }

    /** Fraction of arrivals that abandon, alphaC·E[L_q]/lambda (0 without arrivals). */
    public double abandonProbability() {
        return lambda == 0 ? 0 : alphaC * meanWaiting / lambda;
    }

    /**
     * Mean time in queue over all arrivals (served or not), E[L_q]/lambda; 0 without arrivals (the
     * limit).
     */
    public double meanWait() {
        return lambda == 0 ? 0 : meanWaiting / lambda;
    }

    /** Mean time in system over all arrivals, E[L]/lambda; 1/mu without arrivals (the limit). */
    public double meanSojourn() {
        return lambda == 0 ? 1 / mu : meanInSystem / lambda;
    }

    /**
     * The virtual waiting time W_v = E[W_q · 1{abandon}] per arriving task: time spent waiting by
     * tasks that end up abandoning (the paper's Eq. 49-51 done correctly), sum_n p_n · {@link
     * #conditionalVirtualWait}(n).
     */
    public double virtualWait() {
        return virtualWait;
    }

    /** Mean wait of those who abandon, W_v / P(abandon); empty when nobody abandons. */
    public OptionalDouble meanWaitOfAbandoned() {
        double pAbandon = abandonProbability();
        return pAbandon > 0 ? OptionalDouble.of(virtualWait / pAbandon) : OptionalDouble.empty();
    }

    /**
     * E[W_q | n]: mean time in queue of a task that arrives to find n tasks present. With k tasks
     * ahead, the next event comes at rate mu + k·alphaC (service, an abandonment ahead, or its
     * own); the products telescope to n / (mu + n·alphaC).
     */
    public static double conditionalMeanWait(int n, double mu, double alphaC) {
        checkConditional(n, mu, alphaC);
        return n / (mu + n * alphaC);
    }

    /** P(served | n) = mu / (mu + n·alphaC) for a task that arrives to find n tasks present. */
    public static double conditionalServedProbability(int n, double mu, double alphaC) {
        checkConditional(n, mu, alphaC);
        return mu / (mu + n * alphaC);
    }

    /**
     * E[W_q · 1{abandon} | n] = (1/(mu + n·alphaC)) · sum_{m=1..n} m·alphaC/(mu + m·alphaC): the
     * time a task that finds n present is expected to waste waiting before it gives up.
     * Non-decreasing in n. Constant time for large n (the router evaluates it per decision, and an
     * overloaded server may hold 10^5 tasks).
     */
    public static double conditionalVirtualWait(int n, double mu, double alphaC) {
        checkConditional(n, mu, alphaC);
        if (alphaC == 0) {
            return 0;
        }
        return abandonWaitSum(n, mu / alphaC) / (mu + n * alphaC);
    }

    /**
     * sum_{m=1..n} m/(c+m) (= sum m·alphaC/(mu+m·alphaC) with c = mu/alphaC): the first terms
     * directly, the rest as (n - k) - c·(psi(c+n+1) - psi(c+k+1)), the digamma difference from its
     * asymptotic expansion, which at arguments >= 33 is exact to rounding (the next term is below
     * 1e-13). The tail subtracts two numbers of size ~n, so when c >> n the absolute error is
     * ~1e-16·n: far below anything a load index can resolve.
     */
    static double abandonWaitSum(int n, double c) {
        if (Double.isInfinite(c)) {
            return 0;
        }
        int direct = Math.min(n, DIRECT_TERMS);
        double sum = 0;
        for (int m = 1; m <= direct; m++) {
            sum += m / (c + m);
        }
        if (n > direct) {
            int rest = n - direct;
            // each tail term m/(c+m) is positive; the difference of two numbers of size ~rest can
            // round below 0
            sum += Math.max(0, rest - c * digammaDifference(c + direct + 1, rest));
        }
        return sum;
    }

    /**
     * psi(a + k) - psi(a) for a >= 33, without cancellation: log1p and differences of the
     * asymptotic terms.
     */
    private static double digammaDifference(double a, double k) {
        double b = a + k;
        double a2 = 1 / (a * a);
        double b2 = 1 / (b * b);
        return Math.log1p(k / a)
                + (1 / (2 * a) - 1 / (2 * b))
                + (a2 - b2) / 12
                - (a2 * a2 - b2 * b2) / 120
                + (a2 * a2 * a2 - b2 * b2 * b2) / 252;
    }

    private static void checkConditional(int n, double mu, double alphaC) {
        if (n < 0) {
            throw new IllegalArgumentException("n (tasks present) must be >= 0 (got " + n + ")");
        }
        Rates.positive("mu", mu);
        Rates.nonNegative("alphaC", alphaC);
    }
}
