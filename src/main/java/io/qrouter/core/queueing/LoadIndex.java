package io.qrouter.core.queueing;

import java.util.OptionalDouble;

/**
 * The load index K of Eq. (53), K = alpha·L_Wq + sigma·W_Qt + r·W_v, under the reneging model
 * M/M/c+M (c slots of rate mu each; c = 1 is M/M/1+M).
 *
 * <p><b>Definitions.</b> L_Wq is the number of waiting tasks (not counting the up to c in service);
 * W_Qt is the mean time in queue of an arriving task, whether it is eventually served or abandons;
 * W_v is the virtual waiting time E[W_q · 1{abandon}], the waiting time wasted by tasks that give
 * up. The live form uses the same three quantities conditioned on the n tasks present now, which a
 * new task would find: L_Wq = (n-c)⁺, W_Qt = E[W_q | n], W_v = E[W_q·1{abandon} | n]. By PASTA the
 * steady-state K is then exactly the stationary mean of the live K: steadyState(lambda, …) = sum_n
 * p_n · live(n).
 *
 * <p>W_Qt and W_v are divided by one fleet-wide reference time (the fleet's mean service time by
 * default), so K ranks servers of different speeds; why, and what the count term L_Wq adds, is in
 * docs/queueing.md ("The load index K").
 */
public final class LoadIndex {
    private LoadIndex() {}

    /** {@link #steadyState(double, double, int, double, double, LoadIndexWeights)} of one slot. */
    public static OptionalDouble steadyState(
            double lambda, double mu, double alphaC, double timeUnit, LoadIndexWeights w) {
        return steadyState(lambda, mu, 1, alphaC, timeUnit, w);
    }

    /**
     * K of a server of c slots from its steady state: L_Wq = E[L_q], W_Qt = E[L_q]/lambda and W_v
     * of M/M/c+M, times divided by {@code timeUnit} (the fleet-wide reference time, in the unit the
     * rates are per). Empty when the queue is unstable (alphaC == 0 and lambda >= c·mu), or when
     * alphaC is so small for the load that the M/M/c+M series cannot be summed (its mode lies
     * beyond 2·10^8 tasks): the server is overloaded. Routers call this on every report, so it must
     * not throw on rates the estimators can produce.
     */
    public static OptionalDouble steadyState(
            double lambda, double mu, int c, double alphaC, double timeUnit, LoadIndexWeights w) {
        Rates.positive("timeUnit", timeUnit);
        if (!(ErlangA.solve(lambda, mu, c, alphaC) instanceof SteadyState.Stable<ErlangA> stable)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(steadyState(stable.metrics(), timeUnit, w));
    }

    /** {@link #steadyState(ErlangA, double, LoadIndexWeights)} of an M/M/1+M queue. */
    public static double steadyState(RenegingQueue q, double timeUnit, LoadIndexWeights w) {
        return steadyState(q.asErlangA(), timeUnit, w);
    }

    /**
     * K of an already solved stable M/M/c+M queue, times divided by {@code timeUnit}: callers that
     * also report its metrics solve the series once.
     */
    public static double steadyState(ErlangA q, double timeUnit, LoadIndexWeights w) {
        Rates.positive("timeUnit", timeUnit);
        return combine(w, q.meanWaiting(), q.meanWait() / timeUnit, q.virtualWait() / timeUnit);
    }

    /** {@link #live(int, int, double, double, double, LoadIndexWeights)} of one slot. */
    public static double live(
            int n, double mu, double alphaC, double timeUnit, LoadIndexWeights w) {
        return live(n, 1, mu, alphaC, timeUnit, w);
    }

    /**
     * K from the live state: n tasks present at a server of c slots (its reported queue plus the
     * tasks this router has sent and not yet seen reported). L_Wq = (n-c)⁺ (min(n,c) are in
     * service), W_Qt = E[W_q | n]/timeUnit, W_v = E[W_q·1{abandon} | n]/timeUnit. Finite for every
     * n >= 0 and mu > 0, 0 while a slot is free, non-decreasing in n and non-increasing in mu and
     * in c (each of the three terms is).
     */
    public static double live(
            int n, int c, double mu, double alphaC, double timeUnit, LoadIndexWeights w) {
        Rates.positive("timeUnit", timeUnit);
        double waiting = Math.max(n - c, 0);
        double wait = ErlangA.conditionalMeanWait(n, c, mu, alphaC) / timeUnit;
        double virtualWait = ErlangA.conditionalVirtualWait(n, c, mu, alphaC) / timeUnit;
        return combine(w, waiting, wait, virtualWait);
    }

    /** A term of weight 0 is not part of K, even when it is infinite (0·∞ would make K NaN). */
    private static double combine(
            LoadIndexWeights w, double waiting, double wait, double virtualWait) {
        return weighted(w.alpha(), waiting)
                + weighted(w.sigma(), wait)
                + weighted(w.r(), virtualWait);
    }

    private static double weighted(double weight, double term) {
        return weight == 0 ? 0 : weight * term;
    }
}
