package io.qrouter.core.queueing;

import java.util.OptionalDouble;

/**
 * M/M/1+M: Poisson arrivals (lambda), exponential service (mu), and every waiting task abandons at
 * rate alphaC on its own clock (the task in service does not). This is what "tasks that leave after
 * waiting too long" means physically; unlike the paper's chain it needs no recovery rate eta.
 *
 * <p>It is {@link ErlangA} with one slot, and every number here comes from there: p_n = p_0 ·
 * prod_{k=1..n} lambda / (mu + (k-1)·alphaC), summed directly; with alphaC = 0 it is M/M/1 in
 * closed form. Always stable when alphaC > 0; with alphaC = 0 it needs lambda < mu.
 */
public final class RenegingQueue {
    private final ErlangA queue;

    private RenegingQueue(ErlangA queue) {
        this.queue = queue;
    }

    /** The stationary regime, or why there is none (alphaC = 0 and lambda >= mu). */
    public static SteadyState<RenegingQueue> solve(double lambda, double mu, double alphaC) {
        return ErlangA.solve(lambda, mu, 1, alphaC).map(RenegingQueue::new);
    }

    /** The same queue as M/M/c+M with c = 1. */
    public ErlangA asErlangA() {
        return queue;
    }

    public double lambda() {
        return queue.lambda();
    }

    public double mu() {
        return queue.mu();
    }

    public double alphaC() {
        return queue.alphaC();
    }

    /** P(server idle). */
    public double p0() {
        return queue.p0();
    }

    /** E[L], tasks present (waiting + in service). */
    public double meanInSystem() {
        return queue.meanInSystem();
    }

    /** E[L_q], tasks waiting (the paper's L_Wq). */
    public double meanWaiting() {
        return queue.meanWaiting();
    }

    /** Served tasks per unit time, mu·P(busy). */
    public double throughput() {
        return queue.throughput();
    }

    /** Fraction of arrivals that abandon, alphaC·E[L_q]/lambda (0 without arrivals). */
    public double abandonProbability() {
        return queue.abandonProbability();
    }

    /**
     * Mean time in queue over all arrivals (served or not), E[L_q]/lambda; 0 without arrivals (the
     * limit).
     */
    public double meanWait() {
        return queue.meanWait();
    }

    /** Mean time in system over all arrivals, E[L]/lambda; 1/mu without arrivals (the limit). */
    public double meanSojourn() {
        return queue.meanSojourn();
    }

    /**
     * The virtual waiting time W_v = E[W_q · 1{abandon}] per arriving task: time spent waiting by
     * tasks that end up abandoning (the paper's Eq. 49-51 done correctly), sum_n p_n · {@link
     * #conditionalVirtualWait}(n).
     */
    public double virtualWait() {
        return queue.virtualWait();
    }

    /** Mean wait of those who abandon, W_v / P(abandon); empty when nobody abandons. */
    public OptionalDouble meanWaitOfAbandoned() {
        return queue.meanWaitOfAbandoned();
    }

    /**
     * E[W_q | n] = n / (mu + n·alphaC): mean time in queue of a task that arrives to find n tasks
     * present ({@link ErlangA#conditionalMeanWait} with one slot).
     */
    public static double conditionalMeanWait(int n, double mu, double alphaC) {
        return ErlangA.conditionalMeanWait(n, 1, mu, alphaC);
    }

    /** P(served | n) = mu / (mu + n·alphaC) for a task that arrives to find n tasks present. */
    public static double conditionalServedProbability(int n, double mu, double alphaC) {
        return ErlangA.conditionalServedProbability(n, 1, mu, alphaC);
    }

    /**
     * E[W_q · 1{abandon} | n] = (1/(mu + n·alphaC)) · sum_{m=1..n} m·alphaC/(mu + m·alphaC): the
     * time a task that finds n present is expected to waste waiting before it gives up.
     * Non-decreasing in n, constant time for large n ({@link ErlangA#conditionalVirtualWait}).
     */
    public static double conditionalVirtualWait(int n, double mu, double alphaC) {
        return ErlangA.conditionalVirtualWait(n, 1, mu, alphaC);
    }
}
