package io.qrouter.job.convert;

import io.qrouter.core.estimate.EstimatorSnapshot;
import io.qrouter.core.estimate.ServiceRateBelief;
import io.qrouter.core.queueing.ChainP;
import io.qrouter.core.queueing.ErlangA;
import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.core.queueing.SteadyState;
import io.qrouter.job.records.ServerState;

/**
 * A server's estimates and the queueing metrics computed from them by io.qrouter.core.queueing, as
 * they go into {@code ServerMetrics}, the heartbeat log and the {@code ServerUpdate}. Every figure
 * is {@code null} while unknown; {@code overloaded} says that the model has no steady state at
 * these rates (then the metrics and K are null, never NaN or infinite).
 *
 * <p>Decisions: a known mu is weighed against the rate the server reports ({@link
 * ServiceRateBelief}: {@code mu} is the raw estimate, {@code muBelieved} what the metrics and
 * routing use), an unknown one falls back to the reported rate, an unknown alpha_c counts as 0 (no
 * abandonment seen yet), and without lambda there are no metrics. The model setting selects which
 * model's metrics are reported: {@code reneging} (M/M/c+M of the server's c slots, default) or
 * {@code chain-p} (the paper's chain, corrected; it needs eta once alpha_c > 0, and has no virtual
 * waiting time, so W_v is null). K is always the load index of io.qrouter.core.queueing.LoadIndex,
 * which is defined under M/M/c+M (the same K the heartbeat-k policies rank by), with its times in
 * the fleet-wide reference time {@code router.k-time-unit.ms}.
 */
public record QueueFigures(
        String model,
        Double lambda,
        Double mu,
        Double alphaC,
        Double eta,
        Double exitRateTheta,
        Double rho,
        boolean overloaded,
        Double meanWaiting,
        Double meanWait,
        Double virtualWait,
        Double abandonProbability,
        Double loadIndexK,
        Double recentWaitSeconds,
        Double recentServiceSeconds,
        Double muBelieved) {

    static final String RENEGING = "reneging";
    static final String CHAIN_P = "chain-p";

    public static QueueFigures unknown(String model) {
        return new QueueFigures(
                model, null, null, null, null, null, null, false, null, null, null, null, null,
                null, null, null);
    }

    public static QueueFigures compute(
            String model,
            LoadIndexWeights weights,
            double timeUnitSeconds,
            EstimatorSnapshot estimates,
            double reportedServiceRate,
            int slots) {
        Double lambda = estimates.lambdaPerSecond().orNull();
        Double mu = estimates.muPerSecond().orNull();
        Double alphaC = estimates.alphaCPerSecond().orNull();
        Double eta = estimates.etaPerSecond().orNull();
        Double theta = estimates.exitRateThetaPerSecond().orNull();
        Double recentWait = estimates.recentWaitSeconds().orNull();
        Double recentService = estimates.recentServiceSeconds().orNull();
        Double muBelieved =
                mu == null
                        ? null
                        : ServiceRateBelief.mu(estimates.muPerSecond(), reportedServiceRate);
        double muUsed = mu != null && mu > 0 ? mu : reportedServiceRate;
        double alphaCUsed = alphaC != null ? alphaC : 0;
        if (lambda == null || !(muUsed > 0) || Double.isInfinite(muUsed)) {
            return new QueueFigures(
                    model,
                    lambda,
                    mu,
                    alphaC,
                    eta,
                    theta,
                    null,
                    false,
                    null,
                    null,
                    null,
                    null,
                    null,
                    recentWait,
                    recentService,
                    muBelieved);
        }
        double rho = lambda / (Math.max(1, slots) * muUsed + alphaCUsed);
        SteadyState<ErlangA> state = ErlangA.solve(lambda, muUsed, Math.max(1, slots), alphaCUsed);
        Double loadIndexK =
                state instanceof SteadyState.Stable<ErlangA> stable
                        ? LoadIndex.steadyState(stable.metrics(), timeUnitSeconds, weights)
                        : null;
        if (CHAIN_P.equals(model)) {
            return chainP(
                    lambda,
                    mu,
                    alphaC,
                    eta,
                    theta,
                    rho,
                    muUsed,
                    alphaCUsed,
                    loadIndexK,
                    recentWait,
                    recentService,
                    muBelieved);
        }
        if (!(state instanceof SteadyState.Stable<ErlangA> stable)) {
            return new QueueFigures(
                    model,
                    lambda,
                    mu,
                    alphaC,
                    eta,
                    theta,
                    rho,
                    true,
                    null,
                    null,
                    null,
                    null,
                    null,
                    recentWait,
                    recentService,
                    muBelieved);
        }
        ErlangA q = stable.metrics();
        return new QueueFigures(
                model,
                lambda,
                mu,
                alphaC,
                eta,
                theta,
                rho,
                false,
                q.meanWaiting(),
                q.meanWait(),
                q.virtualWait(),
                q.abandonProbability(),
                loadIndexK,
                recentWait,
                recentService,
                muBelieved);
    }

    private static QueueFigures chainP(
            double lambda,
            Double mu,
            Double alphaC,
            Double eta,
            Double theta,
            double rho,
            double muUsed,
            double alphaCUsed,
            Double loadIndexK,
            Double recentWait,
            Double recentService,
            Double muBelieved) {
        // Without cancellations eta plays no part in chain P's metrics; any positive value gives
        // the same numbers.
        Double etaUsed =
                eta != null && eta > 0 ? eta : alphaCUsed == 0 ? Double.valueOf(1.0) : null;
        if (etaUsed == null) {
            return new QueueFigures(
                    CHAIN_P,
                    lambda,
                    mu,
                    alphaC,
                    eta,
                    theta,
                    rho,
                    false,
                    null,
                    null,
                    null,
                    null,
                    null,
                    recentWait,
                    recentService,
                    muBelieved);
        }
        SteadyState<ChainP> state = ChainP.solve(lambda, muUsed, alphaCUsed, etaUsed);
        if (!(state instanceof SteadyState.Stable<ChainP> stable)) {
            return new QueueFigures(
                    CHAIN_P,
                    lambda,
                    mu,
                    alphaC,
                    eta,
                    theta,
                    rho,
                    true,
                    null,
                    null,
                    null,
                    null,
                    null,
                    recentWait,
                    recentService,
                    muBelieved);
        }
        ChainP c = stable.metrics();
        return new QueueFigures(
                CHAIN_P,
                lambda,
                mu,
                alphaC,
                eta,
                theta,
                rho,
                false,
                c.meanWaiting(),
                c.meanWait(),
                null,
                c.lossProbability(),
                loadIndexK,
                recentWait,
                recentService,
                muBelieved);
    }

    /** Keeps the figures a server's next update reports, in its keyed state. */
    public void rememberIn(ServerState state) {
        state.lambda = lambda;
        state.mu = muBelieved;
        state.alphaC = alphaC;
        state.eta = eta;
        state.loadIndexK = loadIndexK;
        state.overloaded = overloaded;
        state.recentWaitSeconds = recentWaitSeconds;
        state.recentServiceSeconds = recentServiceSeconds;
    }
}
