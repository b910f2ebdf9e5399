package io.qrouter.job.convert;

import io.qrouter.core.estimate.EstimatorSnapshot;
import io.qrouter.core.estimate.ServerEstimators;
import io.qrouter.core.estimate.ServiceRateBelief;
import io.qrouter.core.queueing.ChainP;
import io.qrouter.core.queueing.ErlangA;
import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.core.queueing.SteadyState;
import io.qrouter.job.config.ServerStateSettings;
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

    /**
     * A server's figures from its estimator windows at {@code atMillis} (event time), under {@code
     * settings}; unknown while it has no windows.
     */
    public static QueueFigures of(
            ServerStateSettings settings,
            ServerEstimators windows,
            long atMillis,
            ServerState server) {
        if (windows == null) {
            return unknown(settings.queueModel());
        }
        return compute(
                settings.queueModel(),
                settings.weights(),
                settings.reportedLoadIndexTimeUnitSeconds(),
                windows.snapshot(atMillis),
                server.serviceRatePerSecond,
                server.slots);
    }

    public static QueueFigures compute(
            String model,
            LoadIndexWeights weights,
            double timeUnitSeconds,
            EstimatorSnapshot estimates,
            double reportedServiceRate,
            int slots) {
        Double mu = estimates.muPerSecond().orNull();
        Inputs in =
                new Inputs(
                        model,
                        estimates.lambdaPerSecond().orNull(),
                        mu,
                        estimates.alphaCPerSecond().orNull(),
                        estimates.etaPerSecond().orNull(),
                        estimates.exitRateThetaPerSecond().orNull(),
                        estimates.recentWaitSeconds().orNull(),
                        estimates.recentServiceSeconds().orNull(),
                        mu == null
                                ? null
                                : ServiceRateBelief.mu(
                                        estimates.muPerSecond(),
                                        estimates.recentService(),
                                        reportedServiceRate));
        Double lambda = in.lambda();
        double muUsed = mu != null && mu > 0 ? mu : reportedServiceRate;
        double alphaCUsed = in.alphaC() != null ? in.alphaC() : 0;
        if (lambda == null || !(muUsed > 0) || Double.isInfinite(muUsed)) {
            return in.withoutMetrics(null, false);
        }
        double rho = lambda / (Math.max(1, slots) * muUsed + alphaCUsed);
        SteadyState<ErlangA> state = ErlangA.solve(lambda, muUsed, Math.max(1, slots), alphaCUsed);
        Double loadIndexK =
                state instanceof SteadyState.Stable<ErlangA> stable
                        ? LoadIndex.steadyState(stable.metrics(), timeUnitSeconds, weights)
                        : null;
        if (CHAIN_P.equals(model)) {
            return chainP(in, rho, muUsed, alphaCUsed, loadIndexK);
        }
        if (!(state instanceof SteadyState.Stable<ErlangA> stable)) {
            return in.withoutMetrics(rho, true);
        }
        ErlangA q = stable.metrics();
        return in.with(
                rho,
                q.meanWaiting(),
                q.meanWait(),
                q.virtualWait(),
                q.abandonProbability(),
                loadIndexK);
    }

    private static QueueFigures chainP(
            Inputs in, double rho, double muUsed, double alphaCUsed, Double loadIndexK) {
        // Without cancellations eta plays no part in chain P's metrics; any positive value gives
        // the same numbers.
        Double eta = in.eta();
        Double etaUsed =
                eta != null && eta > 0 ? eta : alphaCUsed == 0 ? Double.valueOf(1.0) : null;
        Inputs chain = in.asModel(CHAIN_P);
        if (etaUsed == null) {
            return chain.withoutMetrics(rho, false);
        }
        SteadyState<ChainP> state = ChainP.solve(in.lambda(), muUsed, alphaCUsed, etaUsed);
        if (!(state instanceof SteadyState.Stable<ChainP> stable)) {
            return chain.withoutMetrics(rho, true);
        }
        ChainP c = stable.metrics();
        return chain.with(
                rho, c.meanWaiting(), c.meanWait(), null, c.lossProbability(), loadIndexK);
    }

    /** What the estimates say, the same in every figure computed from them. */
    private record Inputs(
            String model,
            Double lambda,
            Double mu,
            Double alphaC,
            Double eta,
            Double theta,
            Double recentWait,
            Double recentService,
            Double muBelieved) {

        Inputs asModel(String name) {
            return new Inputs(
                    name, lambda, mu, alphaC, eta, theta, recentWait, recentService, muBelieved);
        }

        /** No metrics: too little known, or (overloaded) no steady state. */
        QueueFigures withoutMetrics(Double rho, boolean overloaded) {
            return figures(rho, overloaded, null, null, null, null, null);
        }

        QueueFigures with(
                double rho,
                Double meanWaiting,
                Double meanWait,
                Double virtualWait,
                Double abandonProbability,
                Double loadIndexK) {
            return figures(
                    rho, false, meanWaiting, meanWait, virtualWait, abandonProbability, loadIndexK);
        }

        private QueueFigures figures(
                Double rho,
                boolean overloaded,
                Double meanWaiting,
                Double meanWait,
                Double virtualWait,
                Double abandonProbability,
                Double loadIndexK) {
            return new QueueFigures(
                    model,
                    lambda,
                    mu,
                    alphaC,
                    eta,
                    theta,
                    rho,
                    overloaded,
                    meanWaiting,
                    meanWait,
                    virtualWait,
                    abandonProbability,
                    loadIndexK,
                    recentWait,
                    recentService,
                    muBelieved);
        }
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
