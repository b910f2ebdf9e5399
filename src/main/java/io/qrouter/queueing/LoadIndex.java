package io.qrouter.queueing;

import java.util.OptionalDouble;

/**
 * The load index K of Eq. (53), K = alpha·L_Wq + sigma·W_Qt + r·W_v, under the reneging model M/M/1+M.
 *
 * <p><b>Definitions.</b> L_Wq is the number of waiting tasks (not counting the one in service); W_Qt is the mean
 * time in queue of an arriving task, whether it is eventually served or abandons; W_v is the virtual waiting time
 * E[W_q · 1{abandon}], the waiting time wasted by tasks that give up. The live form uses the same three quantities
 * conditioned on the n tasks present now, which a new task would find: L_Wq = (n-1)⁺, W_Qt = E[W_q | n],
 * W_v = E[W_q·1{abandon} | n]. By PASTA the steady-state K is then exactly the stationary mean of the live K:
 * steadyState(lambda, …) = sum_n p_n · live(n).
 *
 * <p><b>Time unit.</b> K adds a count to two times, so its ranking of servers would change with the time unit
 * (seconds vs milliseconds). Times are therefore measured in mean service times 1/mu (multiplied by mu): K is
 * dimensionless, independent of the unit the rates were given in, and a wait of one service time weighs as much
 * as one task in the queue, which is what the wait costs at this server. Consequence: without abandonment the
 * live K of two servers with the same n is the same whatever their speeds; a router that must prefer fast servers
 * should compare expected waits in absolute time as well.
 */
public final class LoadIndex {
    private LoadIndex() {}

    /**
     * K of a server from its steady state: L_Wq = E[L_q], W_Qt = E[L_q]/lambda and W_v of M/M/1+M, times in units
     * of 1/mu. Empty when the queue is unstable (alphaC == 0 and lambda >= mu), or when alphaC is so small for the
     * load that the M/M/1+M series cannot be summed (its mode lies beyond 2·10^8 tasks): the server is overloaded.
     * Routers call this on every report, so it must not throw on rates the estimators can produce.
     */
    public static OptionalDouble steadyState(double lambda, double mu, double alphaC, LoadIndexWeights w) {
        SteadyState<RenegingQueue> state;
        try {
            state = RenegingQueue.solve(lambda, mu, alphaC);
        } catch (IllegalArgumentException seriesTooLong) {
            if (!seriesTooLong.getMessage().startsWith(RenegingQueue.NOT_CONVERGING)) {
                throw seriesTooLong;
            }
            return OptionalDouble.empty();
        }
        if (!(state instanceof SteadyState.Stable<RenegingQueue> stable)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(steadyState(stable.metrics(), w));
    }

    /** K of an already solved stable M/M/1+M queue: callers that also report its metrics solve the series once. */
    public static double steadyState(RenegingQueue q, LoadIndexWeights w) {
        return combine(w, q.meanWaiting(), q.mu() * q.meanWait(), q.mu() * q.virtualWait());
    }

    /**
     * K from the live state: n tasks present at the server (its reported queue plus the tasks this router has sent
     * and not yet seen reported). L_Wq = (n-1)⁺, W_Qt = mu·E[W_q | n], W_v = mu·E[W_q·1{abandon} | n]. Finite for
     * every n >= 0 and mu > 0, and non-decreasing in n (each of the three terms is).
     */
    public static double live(int n, double mu, double alphaC, LoadIndexWeights w) {
        double waiting = Math.max(n - 1, 0);
        double waitInServiceTimes = mu * RenegingQueue.conditionalMeanWait(n, mu, alphaC);
        double virtualWaitInServiceTimes = mu * RenegingQueue.conditionalVirtualWait(n, mu, alphaC);
        return combine(w, waiting, waitInServiceTimes, virtualWaitInServiceTimes);
    }

    private static double combine(LoadIndexWeights w, double waiting, double wait, double virtualWait) {
        return w.alpha() * waiting + w.sigma() * wait + w.r() * virtualWait;
    }
}
