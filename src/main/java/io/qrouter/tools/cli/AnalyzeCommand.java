package io.qrouter.tools.cli;

import io.qrouter.core.queueing.InterarrivalDistribution;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.tools.report.Json;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code qrouter analyze}: every queueing model of one server at given rates, as a table or as
 * JSON.
 */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        description = {
            "Queueing metrics of one server: chain P (corrected), the paper's printed",
            "formulas, M/M/c+M (true impatience; c = --slots, default 1), GI/M/1 and",
            "the load index K (from M/M/c+M).",
            "Rates in any consistent unit (e.g. per second); times in its reciprocal.",
            "An unstable queue is an answer (exit 0); invalid input exits 2."
        })
final class AnalyzeCommand implements Runnable {

    /**
     * Most slots --slots takes: the M/M/c+M sum costs O(c) terms, and a pool of more slots is a
     * fleet of servers, not one server.
     */
    static final int MAX_SLOTS = 10_000;

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--lambda",
            required = true,
            paramLabel = "RATE",
            description = "Arrival rate lambda (>= 0).")
    double lambda;

    @Option(
            names = "--mu",
            required = true,
            paramLabel = "RATE",
            description = "Service rate mu (> 0).")
    double mu;

    @Option(
            names = "--alpha",
            paramLabel = "RATE",
            defaultValue = "0",
            description = "Cancellation/abandonment rate alphaC (>= 0, default ${DEFAULT-VALUE}).")
    double alphaC;

    @Option(
            names = "--slots",
            paramLabel = "C",
            defaultValue = "1",
            description =
                    "Slots c of the server, each serving at rate mu, for M/M/c+M and K (an integer in [1, "
                            + MAX_SLOTS
                            + "], default ${DEFAULT-VALUE}).")
    int slots;

    @Option(
            names = "--eta",
            paramLabel = "RATE",
            description =
                    "Recovery rate eta of chain P (> 0); without it the paper blocks are null.")
    Double eta;

    @Option(
            names = "--weights",
            paramLabel = "a,s,r",
            description =
                    "Load index weights alpha,sigma,r (each in [0,1], summing to 1; default equal).")
    String weights;

    @Option(
            names = "--time-unit",
            paramLabel = "TIME",
            description =
                    "Fleet-wide reference time of K's waiting-time terms, in the reciprocal unit of the rates "
                            + "(> 0; default 1/mu, this server's mean service time, of one slot). Use the same value for every server "
                            + "you compare: K ranks servers only in a common unit.")
    Double timeUnit;

    @Option(
            names = "--interarrival",
            paramLabel = "DIST",
            description =
                    "Interarrival distribution for GI/M/1: exp, erlang:K, h2:SCV (SCV >= 1) or det.")
    String interarrival;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Override
    public void run() {
        requireRate("--lambda", lambda, "a finite number >= 0", lambda >= 0);
        requireRate("--mu", mu, "a finite number > 0", mu > 0);
        requireRate("--alpha", alphaC, "a finite number >= 0", alphaC >= 0);
        OptionValues.require(
                spec,
                slots >= 1 && slots <= MAX_SLOTS,
                "--slots must be an integer in [1, " + MAX_SLOTS + "] (got " + slots + ")");
        if (eta != null) {
            requireRate("--eta", eta, "a finite number > 0", eta > 0);
        }
        LoadIndexWeights w = parseWeights();
        if (timeUnit != null) {
            requireRate("--time-unit", timeUnit, "a finite number > 0", timeUnit > 0);
        }
        if (interarrival != null) {
            OptionValues.parse(
                    spec,
                    "--interarrival",
                    () -> InterarrivalDistribution.parse(interarrival, lambda));
        }
        Analysis analysis =
                new Analysis(
                        lambda,
                        mu,
                        alphaC,
                        slots,
                        eta,
                        w,
                        timeUnit == null ? 1 / mu : timeUnit,
                        interarrival);
        PrintWriter out = spec.commandLine().getOut();
        out.print(json ? Json.write(analysis.json()) + System.lineSeparator() : table(analysis, w));
        out.flush();
    }

    private void requireRate(String option, double value, String range, boolean inRange) {
        OptionValues.require(
                spec,
                inRange && Double.isFinite(value),
                option + " must be " + range + " (got " + value + ")");
    }

    private LoadIndexWeights parseWeights() {
        if (weights == null) {
            return LoadIndexWeights.EQUAL;
        }
        return OptionValues.parse(spec, "--weights", () -> LoadIndexWeights.parse(weights));
    }

    private String table(Analysis analysis, LoadIndexWeights w) {
        StringBuilder b = new StringBuilder();
        b.append(
                String.format(
                        Locale.ROOT,
                        "lambda = %s, mu = %s, alphaC = %s, eta = %s%n",
                        number(lambda),
                        number(mu),
                        number(alphaC),
                        eta == null ? "-" : number(eta)));
        b.append(
                String.format(
                        Locale.ROOT,
                        "rho = lambda/(mu+alphaC) = %s: %s%n",
                        number(analysis.rho()),
                        analysis.stable()
                                ? "stable (rho < 1)"
                                : "unstable (rho >= 1): chain P and the printed formulas have no steady state"
                                        + renegingStillStable(analysis)));
        for (Analysis.Section section : analysis.sections()) {
            b.append(System.lineSeparator()).append(section.title()).append(System.lineSeparator());
            if (section.metrics() == null) {
                b.append("  ").append(section.reason()).append(System.lineSeparator());
                continue;
            }
            for (Analysis.Metric m : section.metrics()) {
                b.append(String.format(Locale.ROOT, "  %-40s %s%n", m.label(), format(m.value())));
            }
        }
        return b.toString();
    }

    /**
     * Chain P's rho >= 1 says nothing of M/M/c+M: abandonment bounds its queue, and without it c
     * slots may still keep up.
     */
    private String renegingStillStable(Analysis analysis) {
        String still = "; " + analysis.renegingModel() + " still has one ";
        if (alphaC > 0) {
            return still + "(abandonment bounds the queue)";
        }
        return lambda < slots * mu
                ? still + "(lambda < c·mu: its " + slots + " slots keep up)"
                : "";
    }

    private static String format(Object value) {
        if (value == null) {
            return "-";
        }
        if (value instanceof Map<?, ?> map) {
            StringBuilder b = new StringBuilder();
            map.forEach(
                    (k, v) ->
                            b.append(b.length() == 0 ? "" : ", ")
                                    .append(k)
                                    .append('=')
                                    .append(format(v)));
            return b.toString();
        }
        return number((Double) value);
    }

    /** Six significant digits without trailing zeros: 2, 0.238095, 1.5e-12. */
    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6g", v)
                .replaceAll("(\\.\\d*?)0+(e|$)", "$1$2")
                .replace(".e", "e")
                .replaceAll("\\.$", "");
    }
}
