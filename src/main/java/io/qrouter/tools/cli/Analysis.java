package io.qrouter.tools.cli;

import io.qrouter.core.queueing.ChainP;
import io.qrouter.core.queueing.ErlangA;
import io.qrouter.core.queueing.GiM1;
import io.qrouter.core.queueing.InterarrivalDistribution;
import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.core.queueing.PaperPrintedFormulas;
import io.qrouter.core.queueing.SteadyState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * What {@code qrouter analyze} reports for one server: each model as a section that is either a
 * list of metrics or the reason it does not apply. The same sections feed the table and the JSON,
 * so they cannot disagree.
 */
final class Analysis {

    /**
     * One metric: its label in the table, its key in the JSON, its value (a number, an object, or
     * null when undefined).
     */
    record Metric(String label, String key, Object value) {}

    /** A model's results, or (metrics null) the reason why there are none. */
    record Section(String title, String key, List<Metric> metrics, String reason) {
        Object json() {
            if (metrics == null) {
                return null;
            }
            Map<String, Object> values = new LinkedHashMap<>();
            for (Metric m : metrics) {
                values.put(m.key(), m.value());
            }
            return values;
        }
    }

    private final double lambda;
    private final double mu;
    private final double alphaC;
    private final int slots;
    private final Double eta;
    private final LoadIndexWeights weights;
    private final double timeUnit;
    private final String interarrival;

    Analysis(
            double lambda,
            double mu,
            double alphaC,
            int slots,
            Double eta,
            LoadIndexWeights weights,
            double timeUnit,
            String interarrival) {
        this.lambda = lambda;
        this.mu = mu;
        this.alphaC = alphaC;
        this.slots = slots;
        this.eta = eta;
        this.weights = weights;
        this.timeUnit = timeUnit;
        this.interarrival = interarrival;
    }

    /** The reneging model's name: M/M/1+M, or M/M/c+M with the number of slots. */
    String renegingModel() {
        return "M/M/" + slots + "+M";
    }

    double rho() {
        return lambda / (mu + alphaC);
    }

    boolean stable() {
        return rho() < 1;
    }

    List<Section> sections() {
        return List.of(paperChain(), paperPrinted(), reneging(), gim1(), loadIndex());
    }

    /** The JSON object, keys exactly as issue 2 specifies them. */
    Map<String, Object> json() {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("rho", rho());
        root.put("stable", stable());
        for (Section s : sections()) {
            root.put(s.key(), s.json());
        }
        return root;
    }

    private Section paperChain() {
        String title = "Paper's chain P, corrected closed forms (lambda, mu, alphaC, eta)";
        if (eta == null) {
            return new Section(
                    title,
                    "paper_chain",
                    null,
                    "needs --eta (the recovery rate of a cancellation)");
        }
        SteadyState<ChainP> state = ChainP.solve(lambda, mu, alphaC, eta);
        if (!(state instanceof SteadyState.Stable<ChainP> stable)) {
            return unstable(title, "paper_chain", state);
        }
        ChainP c = stable.metrics();
        return new Section(
                title,
                "paper_chain",
                List.of(
                        new Metric("P(idle) = P(0,0)", "p_idle", c.pIdle()),
                        new Metric("mean tasks in system E[L]", "mean_in_system", c.meanInSystem()),
                        new Metric("mean tasks waiting E[(L-1)+]", "mean_waiting", c.meanWaiting()),
                        new Metric(
                                "P(cancellation being recovered)",
                                "p_cancel_state",
                                c.pCancelState()),
                        new Metric(
                                "served throughput X_s", "throughput_served", c.servedThroughput()),
                        new Metric("cancellation rate X_c", "cancel_rate", c.cancellationRate()),
                        new Metric("blocked-arrival rate X_b", "blocked_rate", c.blockedRate()),
                        new Metric("P(task lost)", "loss_probability", c.lossProbability()),
                        new Metric("accepted rate lambda_eff", "accepted_rate", c.acceptedRate()),
                        new Metric("mean wait (accepted tasks)", "mean_wait", c.meanWait()),
                        new Metric(
                                "mean sojourn (accepted tasks)", "mean_sojourn", c.meanSojourn())),
                null);
    }

    private Section paperPrinted() {
        String title =
                "Paper's printed formulas (WRONG: M/M/1 with rate mu+alphaC; for comparison only)";
        if (eta == null) {
            return new Section(
                    title, "paper_printed", null, "needs --eta (the printed pi_00 uses it)");
        }
        SteadyState<PaperPrintedFormulas.Printed> state =
                PaperPrintedFormulas.evaluate(lambda, mu, alphaC, eta);
        if (!(state instanceof SteadyState.Stable<PaperPrintedFormulas.Printed> stable)) {
            return unstable(title, "paper_printed", state);
        }
        PaperPrintedFormulas.Printed p = stable.metrics();
        return new Section(
                title,
                "paper_printed",
                List.of(
                        new Metric("L_Qt (39)", "L_Qt", p.lQt()),
                        new Metric("L_Wq (40)", "L_Wq", p.lWq()),
                        new Metric("W_Qt (43)", "W_Qt", p.wQt()),
                        new Metric("W (44)", "W", p.w()),
                        new Metric("W_v (47)", "W_v", p.wV())),
                null);
    }

    /**
     * M/M/c+M; one slot gives exactly the M/M/1+M section of before there were slots (p_wait, which
     * is then 1 - p_idle, only appears with more slots).
     */
    private Section reneging() {
        String title =
                renegingModel()
                        + (slots == 1 ? "" : " (mu per slot)")
                        + ", true impatience: each waiting task abandons at rate alphaC";
        SteadyState<ErlangA> state = ErlangA.solve(lambda, mu, slots, alphaC);
        if (!(state instanceof SteadyState.Stable<ErlangA> stable)) {
            return unstable(title, "reneging", state);
        }
        ErlangA q = stable.metrics();
        OptionalDouble abandonedWait = q.meanWaitOfAbandoned();
        List<Metric> metrics = new ArrayList<>();
        metrics.add(new Metric("P(idle)", "p_idle", q.p0()));
        if (slots > 1) {
            metrics.add(
                    new Metric(
                            "P(all slots busy: an arrival waits)", "p_wait", q.waitProbability()));
        }
        metrics.add(new Metric("mean tasks in system E[L]", "mean_in_system", q.meanInSystem()));
        metrics.add(new Metric("mean tasks waiting E[L_q]", "mean_waiting", q.meanWaiting()));
        metrics.add(new Metric("throughput (served)", "throughput", q.throughput()));
        metrics.add(new Metric("P(abandon)", "abandon_probability", q.abandonProbability()));
        metrics.add(new Metric("mean wait (all arrivals)", "mean_wait", q.meanWait()));
        metrics.add(new Metric("mean sojourn (all arrivals)", "mean_sojourn", q.meanSojourn()));
        metrics.add(
                new Metric(
                        "virtual wait W_v = E[W_q 1{abandon}]", "virtual_wait", q.virtualWait()));
        metrics.add(
                new Metric(
                        "mean wait of those who abandon",
                        "mean_wait_abandoned",
                        abandonedWait.isPresent() ? abandonedWait.getAsDouble() : null));
        return new Section(title, "reneging", metrics, null);
    }

    private Section gim1() {
        String title =
                "GI/M/1 ("
                        + (interarrival == null ? "general" : interarrival)
                        + " interarrivals, lambda and mu only, no reneging)";
        if (interarrival == null) {
            return new Section(title, "gim1", null, "needs --interarrival exp|erlang:K|h2:SCV|det");
        }
        SteadyState<GiM1> state =
                GiM1.solve(InterarrivalDistribution.parse(interarrival, lambda), mu);
        if (!(state instanceof SteadyState.Stable<GiM1> stable)) {
            return unstable(title, "gim1", state);
        }
        GiM1 q = stable.metrics();
        return new Section(
                title,
                "gim1",
                List.of(
                        new Metric("sigma", "sigma", q.sigma()),
                        new Metric("P(an arrival waits)", "p_wait", q.waitProbability()),
                        new Metric("mean wait W_q", "mean_wait", q.meanWait()),
                        new Metric("mean sojourn W", "mean_sojourn", q.meanSojourn()),
                        new Metric("mean tasks waiting L_q", "mean_waiting", q.meanWaiting()),
                        new Metric("mean tasks in system L", "mean_in_system", q.meanInSystem())),
                null);
    }

    private Section loadIndex() {
        String title =
                "Load index K (Eq. 53) from "
                        + renegingModel()
                        + ", times in units of the reference time";
        OptionalDouble k = LoadIndex.steadyState(lambda, mu, slots, alphaC, timeUnit, weights);
        if (k.isEmpty()) {
            return new Section(
                    title,
                    "load_index",
                    null,
                    "overloaded: no abandonment (alphaC = 0) and lambda >= "
                            + (slots == 1 ? "mu" : slots + "·mu")
                            + ", K is undefined");
        }
        Map<String, Object> weightValues = new LinkedHashMap<>();
        weightValues.put("alpha", weights.alpha());
        weightValues.put("sigma", weights.sigma());
        weightValues.put("r", weights.r());
        return new Section(
                title,
                "load_index",
                List.of(
                        new Metric("K", "K", k.getAsDouble()),
                        new Metric("reference time (--time-unit)", "time_unit", timeUnit),
                        new Metric("weights", "weights", weightValues)),
                null);
    }

    private static <T> Section unstable(String title, String key, SteadyState<T> state) {
        return new Section(title, key, null, state.whyNoMetrics().orElseThrow());
    }
}
