package io.qrouter.core.queueing;

/**
 * THE PAPER'S PRINTED (WRONG) CLOSED FORMS, kept only to reproduce its figures. Do not route with
 * them.
 *
 * <p>As printed in §2.3 of the seed paper: pi_00 (32), L_Qt (39), L_Wq (40), W_Qt (43), W (44) and
 * W_v (47). They collapse algebraically to an M/M/1 queue with service rate mu + alphaC and do not
 * depend on eta: L_Qt = rho/(1-rho), W_v = alphaC/(mu+alphaC)². Their distribution does not sum to
 * 1, (45) divides the system length by lambda (a sojourn, not a wait) and (46) adds 1/mu again. The
 * exact forms are in {@link ChainP}.
 */
public final class PaperPrintedFormulas {

    /** The printed quantities at one parameter point. */
    public record Printed(double pi00, double lQt, double lWq, double wQt, double w, double wV) {}

    private PaperPrintedFormulas() {}

    /**
     * Evaluates the printed formulas as printed; Unstable when rho = lambda/(mu+alphaC) >= 1, as
     * the paper assumes.
     */
    public static SteadyState<Printed> evaluate(
            double lambda, double mu, double alphaC, double eta) {
        // Same parameters, same stability region as the exact chain: let it check both.
        if (ChainP.solve(lambda, mu, alphaC, eta)
                instanceof SteadyState.Unstable<ChainP> unstable) {
            return new SteadyState.Unstable<>(unstable.reason());
        }
        double rho = lambda / (mu + alphaC);
        // (32): pi_00 = (mu/lambda)·eta·rho·(1-rho)/(eta + alphaC·rho); rho/lambda = 1/(mu+alphaC)
        // keeps lambda = 0 defined
        double pi00 = mu / (mu + alphaC) * eta * (1 - rho) / (eta + alphaC * rho);
        double bracket = pi00 / ((1 - rho) * (1 - rho)) * (1 + alphaC * rho / eta);
        double lQt = lambda / mu * bracket; // (39)
        double lWq = lQt - rho; // (40)
        double wQt = bracket / mu; // (43)
        double w = (bracket + 1) / mu; // (44)
        // (47): sum_{k>=0} (lambda·rho^(k-1)/mu + lambda·rho^k·alphaC/(eta·mu)), with
        // lambda·rho^(-1) = mu + alphaC
        double series = (mu + alphaC) / (mu * (1 - rho)) + lambda * alphaC / (eta * mu * (1 - rho));
        double wV = alphaC * pi00 / ((alphaC + mu) * (alphaC + mu)) * series;
        return new SteadyState.Stable<>(new Printed(pi00, lQt, lWq, wQt, w, wV));
    }
}
