package io.qrouter.core.queueing;

import java.util.OptionalDouble;

/**
 * M/M/c+M (Erlang-A): Poisson arrivals (lambda), c slots each serving at rate mu (mu is per slot),
 * and every waiting task abandons at rate alphaC on its own clock; tasks in service do not. (The c
 * of the slots is not the c of alphaC, which is for cancellation.) With c = 1 it is M/M/1+M, which
 * {@link RenegingQueue} presents.
 *
 * <p>Birth-death chain with up rate lambda and death rate d_n = min(n,c)·mu + (n-c)⁺·alphaC, so p_n
 * = p_0 · prod_{k=1..n} lambda / d_k. The series is summed directly (in scaled form, so that heavy
 * load does not overflow); with alphaC = 0 it is M/M/c, whose terms past c are geometric and are
 * summed in closed form. Always stable when alphaC > 0; with alphaC = 0 it needs lambda < c·mu.
 */
public final class ErlangA {
    private static final double RELATIVE_TAIL = 1e-17;
    private static final double RESCALE_ABOVE = 1e250;
    private static final long MAX_TERMS = 200_000_000L;

    /** Terms of sum_{m=1..n} m/(b+m) added one by one before its closed (digamma) tail. */
    private static final int DIRECT_TERMS = 32;

    private final double lambda;
    private final double mu;
    private final int c;
    private final double alphaC;
    private final double p0;
    private final double meanBusy;
    private final double waitProbability;
    private final double meanInSystem;
    private final double meanWaiting;
    private final double virtualWait;

    private ErlangA(
            double lambda,
            double mu,
            int c,
            double alphaC,
            double p0,
            double meanBusy,
            double waitProbability,
            double meanInSystem,
            double meanWaiting,
            double virtualWait) {
        this.lambda = lambda;
        this.mu = mu;
        this.c = c;
        this.alphaC = alphaC;
        this.p0 = p0;
        this.meanBusy = meanBusy;
        this.waitProbability = waitProbability;
        this.meanInSystem = meanInSystem;
        this.meanWaiting = meanWaiting;
        this.virtualWait = virtualWait;
    }

    /**
     * The stationary regime of M/M/c+M with c >= 1 slots; or why there is none (alphaC = 0 and
     * lambda >= c·mu); or why it is out of reach (alphaC so small for the load that the mode of p_n
     * lies beyond 2·10^8 tasks).
     */
    public static SteadyState<ErlangA> solve(double lambda, double mu, int c, double alphaC) {
        Rates.nonNegative("lambda", lambda);
        Rates.positive("mu", mu);
        Rates.slots(c);
        Rates.nonNegative("alphaC", alphaC);
        if (alphaC == 0) {
            double rho = lambda / (c * mu);
            if (rho >= 1) {
                return new SteadyState.Unstable<>(
                        "no abandonment (alphaC = 0) and "
                                + (c == 1 ? "lambda/mu = " : "lambda/(c·mu) = ")
                                + rho
                                + " >= 1"
                                + (c == 1 ? "" : " (c = " + c + " slots)"));
            }
        } else if ((lambda - c * mu) / alphaC >= MAX_TERMS) {
            // The tail test needs lambda < d_{n+1}: past MAX_TERMS it can never pass, so say so at
            // once instead of after 2·10^8 terms (seconds of CPU per call).
            return outOfReach(lambda, mu, c, alphaC);
        }
        return series(lambda, mu, c, alphaC);
    }

    /**
     * One pass over n = 1, 2, …: unnormalised terms p_n/p_0 and the sums the metrics need, stopped
     * once geometric bounds on the remaining tail are below 1e-17 of the total mass and of sum_n
     * (n-c+1)⁺·p_n. That second sum counts positions in line (at c = 1 it is E[L]), so the waiting
     * metrics keep their relative accuracy when c is large and waiting is rare. Nor does it stop
     * before p_{c+1}, the first term of E[L_q] (unless the terms have died out): when lambda <<
     * c·mu + alphaC the bounds can pass at n = c, which left E[L_q], W_q and P(abandon) at 0 while
     * W_v was not. E[L_q] itself has no bound of its own (it was the same for M/M/1+M, whose values
     * c = 1 keeps): where lambda << c·mu + alphaC it, and W_q and P(abandon) with it, may keep only
     * ~8.5 digits. With alphaC = 0 the pass stops at n = c and closes the geometric rest exactly.
     */
    private static SteadyState<ErlangA> series(double lambda, double mu, int c, double alphaC) {
        Sums s = new Sums();
        double death = deathRate(1, mu, c, alphaC);
        for (long n = 1; n < MAX_TERMS; n++) {
            if (alphaC == 0 && n == c) {
                return new SteadyState.Stable<>(noAbandonment(lambda, mu, c, s));
            }
            s.term *= lambda / death;
            double nextDeath = deathRate(n + 1, mu, c, alphaC);
            s.add(n, c, alphaC, nextDeath);
            s.rescaleIfHuge();
            double nextRatio = lambda / nextDeath;
            if ((n > c || s.term == 0) && nextRatio < 1 && s.tailIsNegligible(n, c, nextRatio)) {
                double total = s.zeroTerm + s.sumPositive;
                return new SteadyState.Stable<>(
                        new ErlangA(
                                lambda,
                                mu,
                                c,
                                alphaC,
                                s.zeroTerm / total,
                                s.sumBusy / total,
                                s.sumWaiting / total,
                                s.sumL / total,
                                s.sumLq / total,
                                s.sumVirtual / total));
            }
            death = nextDeath;
        }
        return outOfReach(lambda, mu, c, alphaC);
    }

    /** d_k = min(k,c)·mu + (k-c)⁺·alphaC: the rate at which the chain leaves k for k - 1. */
    private static double deathRate(long k, double mu, int c, double alphaC) {
        return k <= c ? k * mu : c * mu + (k - c) * alphaC;
    }

    /**
     * M/M/c from the terms up to p_{c-1} (the last one, {@code s.term}): past it the terms shrink
     * by rho = lambda/(c·mu) each, so sum_{n>=c} p_n = p_{c-1}·rho/(1-rho). Every metric is a ratio
     * over den = (1-rho)·(sum of all terms), which stays finite when the terms below c-1 dwarf the
     * last one; at c = 1 (den = 1) the forms are M/M/1's, 1-rho, rho, rho²/(1-rho), rho/(1-rho), to
     * the bit.
     */
    private static ErlangA noAbandonment(double lambda, double mu, int c, Sums s) {
        double rho = lambda / (c * mu);
        double belowLast = s.zeroTerm + s.sumPositive - s.term;
        double den = s.term + (1 - rho) * belowLast;
        double waitProbability = rho * s.term / den;
        double meanBusy = c * rho; // lambda/mu: without abandonment every arrival is served
        double meanWaiting = waitProbability * rho / (1 - rho);
        // meanWaiting + meanBusy, in a form that is exactly rho/(1-rho) at c = 1
        double meanInSystem = waitProbability / (1 - rho) + (meanBusy - waitProbability);
        return new ErlangA(
                lambda,
                mu,
                c,
                0,
                s.zeroTerm * (1 - rho) / den,
                meanBusy,
                waitProbability,
                meanInSystem,
                meanWaiting,
                0);
    }

    private static SteadyState<ErlangA> outOfReach(double lambda, double mu, int c, double alphaC) {
        return new SteadyState.OutOfReach<>(
                "the M/M/"
                        + c
                        + "+M series does not converge within "
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

    /** Service rate of one slot. */
    public double mu() {
        return mu;
    }

    /** Number of slots. */
    public int c() {
        return c;
    }

    public double alphaC() {
        return alphaC;
    }

    /** P(no task present: every slot idle). */
    public double p0() {
        return p0;
    }

    /** P(an arriving task finds all c slots busy and waits) = sum_{n>=c} p_n (PASTA). */
    public double waitProbability() {
        return waitProbability;
    }

    /** E[L], tasks present (waiting + in service). */
    public double meanInSystem() {
        return meanInSystem;
    }

    /** E[L_q] = E[(L-c)⁺], tasks waiting (the paper's L_Wq). */
    public double meanWaiting() {
        return meanWaiting;
    }

    /** Served tasks per unit time, mu·E[min(L,c)]. */
    public double throughput() {
        return mu * meanBusy;
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
     * tasks that end up abandoning, sum_n p_n · {@link #conditionalVirtualWait}(n).
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
     * E[W_q | n]: mean time in queue of a task that arrives to find n tasks on c slots (FCFS). For
     * n < c a slot is free; otherwise the task is at position N = n-c+1 in line and, with m-1 tasks
     * still ahead, the next event comes at rate c·mu + m·alphaC (a service, an abandonment ahead,
     * or its own). P(reaching m) = (c·mu + m·alphaC)/(c·mu + N·alphaC), so every stage adds 1/(c·mu
     * + N·alphaC): E[W_q | n] = N/(c·mu + N·alphaC).
     */
    public static double conditionalMeanWait(int n, int c, double mu, double alphaC) {
        checkConditional(n, c, mu, alphaC);
        if (n < c) {
            return 0;
        }
        int position = n - c + 1;
        return position / (c * mu + position * alphaC);
    }

    /**
     * P(served | n) = c·mu/(c·mu + N·alphaC), N = n-c+1, for a task that arrives to find n >= c
     * tasks on c slots (the stages' advance probabilities telescope); 1 when a slot is free.
     */
    public static double conditionalServedProbability(int n, int c, double mu, double alphaC) {
        checkConditional(n, c, mu, alphaC);
        if (n < c) {
            return 1;
        }
        return c * mu / (c * mu + (n - c + 1) * alphaC);
    }

    /**
     * P(abandon | n) = N·alphaC/(c·mu + N·alphaC), N = n-c+1, for n >= c tasks on c slots; 0 when a
     * slot is free. Computed directly, not as 1 - P(served | n), so small values keep their digits.
     */
    public static double conditionalAbandonProbability(int n, int c, double mu, double alphaC) {
        checkConditional(n, c, mu, alphaC);
        if (n < c) {
            return 0;
        }
        int position = n - c + 1;
        return position * alphaC / (c * mu + position * alphaC);
    }

    /**
     * E[W_q · 1{abandon} | n] = (1/(c·mu + N·alphaC)) · sum_{m=1..N} m·alphaC/(c·mu + m·alphaC), N
     * = n-c+1: the time a task that finds n >= c present is expected to waste waiting before it
     * gives up (each stage's mean time, 1/(c·mu + N·alphaC) as in {@link #conditionalMeanWait},
     * times P(abandon | that stage) = m·alphaC/(c·mu + m·alphaC), a stage's length being
     * independent of how it ends). 0 when a slot is free. Non-decreasing in n; constant time for
     * large n (the router evaluates it per decision, and an overloaded server may hold 10^5 tasks).
     */
    public static double conditionalVirtualWait(int n, int c, double mu, double alphaC) {
        checkConditional(n, c, mu, alphaC);
        if (n < c || alphaC == 0) {
            return 0;
        }
        int position = n - c + 1;
        return abandonWaitSum(position, c * mu / alphaC) / (c * mu + position * alphaC);
    }

    /**
     * sum_{m=1..n} m/(b+m) (= sum m·alphaC/(c·mu + m·alphaC) with b = c·mu/alphaC): the first terms
     * directly, the rest as (n - k) - b·(psi(b+n+1) - psi(b+k+1)), the digamma difference from its
     * asymptotic expansion, which at arguments >= 33 is exact to rounding (the next term is below
     * 1e-13). The tail subtracts two numbers of size ~n, so when b >> n the absolute error is
     * ~1e-16·n: far below anything a load index can resolve.
     */
    static double abandonWaitSum(int n, double b) {
        if (Double.isInfinite(b)) {
            return 0;
        }
        int direct = Math.min(n, DIRECT_TERMS);
        double sum = 0;
        for (int m = 1; m <= direct; m++) {
            sum += m / (b + m);
        }
        if (n > direct) {
            int rest = n - direct;
            // each tail term m/(b+m) is positive; the difference of two numbers of size ~rest can
            // round below 0
            sum += Math.max(0, rest - b * digammaDifference(b + direct + 1, rest));
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

    private static void checkConditional(int n, int c, double mu, double alphaC) {
        if (n < 0) {
            throw new IllegalArgumentException("n (tasks present) must be >= 0 (got " + n + ")");
        }
        Rates.slots(c);
        Rates.positive("mu", mu);
        Rates.nonNegative("alphaC", alphaC);
    }

    /**
     * The running sums of one pass: all scaled by the same factor, which cancels in the metrics.
     */
    private static final class Sums {
        double zeroTerm = 1; // p_0
        double term = 1; // p_n, the last term added
        double sumPositive; // sum_{k>=1} p_k
        double sumBusy; // sum min(k,c)·p_k, busy slots
        double sumWaiting; // sum_{k>=c} p_k
        double sumL; // sum k·p_k
        double sumLq; // sum (k-c)⁺·p_k
        double sumPositions; // sum (k-c+1)⁺·p_k
        double sumVirtual; // sum p_k · E[W_q·1{abandon} | k]
        double abandonWaitSum; // sum_{m=1..k-c+1} m·alphaC / (c·mu + m·alphaC), unscaled

        /**
         * Adds p_n ({@code term}); {@code nextDeath} = d_{n+1}, which for n >= c is also c·mu +
         * (n-c+1)·alphaC, the rate at which a task joining at position n-c+1 leaves its place.
         */
        void add(long n, int c, double alphaC, double nextDeath) {
            sumPositive += term;
            sumBusy += Math.min(n, c) * term;
            sumL += n * term;
            if (n >= c) {
                long position = n - c + 1;
                abandonWaitSum += position * alphaC / nextDeath;
                sumWaiting += term;
                sumLq += (n - c) * term;
                sumPositions += position * term;
                sumVirtual += term * abandonWaitSum / nextDeath;
            }
        }

        /** lambda >> alphaC puts the mode far out, where the terms overflow without this. */
        void rescaleIfHuge() {
            if (term > RESCALE_ABOVE) {
                double f = 1 / RESCALE_ABOVE;
                zeroTerm *= f;
                term *= f;
                sumPositive *= f;
                sumBusy *= f;
                sumWaiting *= f;
                sumL *= f;
                sumLq *= f;
                sumPositions *= f;
                sumVirtual *= f;
            }
        }

        /**
         * With p_{k+1}/p_k <= r < 1 for every k > n (the death rates do not decrease), the tail's
         * mass is at most p_n·r/(1-r) and its sum of positions at most that times ((n-c+1)⁺ +
         * 1/(1-r)).
         */
        boolean tailIsNegligible(long n, int c, double nextRatio) {
            double tailMass = term * nextRatio / (1 - nextRatio);
            double tailOfPositions = tailMass * (Math.max(n - c + 1, 0) + 1 / (1 - nextRatio));
            return tailMass <= RELATIVE_TAIL * (zeroTerm + sumPositive)
                    && tailOfPositions <= RELATIVE_TAIL * sumPositions;
        }
    }
}
