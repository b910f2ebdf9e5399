package io.qrouter.core.queueing;

/**
 * The seed paper's chain ("chain P", its balance equations 8-19) with closed forms derived
 * correctly.
 *
 * <p>States (i, j): i tasks present, j = 1 while a cancellation is being recovered. Arrivals at
 * lambda, service at mu; from i >= 2 the waiting line suffers a cancellation at rate alphaC, after
 * which the server spends an exponential recovery (rate eta) during which it accepts no arrival
 * (blocking, a third loss channel) and then drops one task. With one task present nothing is
 * cancelled. Positive recurrent iff rho = lambda/(mu+alphaC) < 1; eta plays no role in stability.
 *
 * <p>With D = mu·eta + alphaC·rho·(eta+lambda): P(0,0) = mu·eta·(1-rho)/D, P(i,0) =
 * lambda·eta·(1-rho)·rho^(i-1)/D, P(i,1) = (alphaC/eta)·P(i,0) for i >= 2. The paper's own closed
 * forms (its Eq. 32, 36-52) are wrong; see {@link PaperPrintedFormulas}.
 */
public final class ChainP {
    private final double lambda;
    private final double mu;
    private final double alphaC;
    private final double eta;
    private final double rho;
    private final double d;

    private ChainP(double lambda, double mu, double alphaC, double eta) {
        this.lambda = lambda;
        this.mu = mu;
        this.alphaC = alphaC;
        this.eta = eta;
        this.rho = lambda / (mu + alphaC);
        this.d = mu * eta + alphaC * rho * (eta + lambda);
    }

    /** The stationary regime, or why there is none (rho >= 1). */
    public static SteadyState<ChainP> solve(double lambda, double mu, double alphaC, double eta) {
        Rates.nonNegative("lambda", lambda);
        Rates.positive("mu", mu);
        Rates.nonNegative("alphaC", alphaC);
        Rates.positive("eta", eta);
        double rho = lambda / (mu + alphaC);
        if (rho >= 1) {
            return new SteadyState.Unstable<>("rho = lambda/(mu+alphaC) = " + rho + " >= 1");
        }
        return new SteadyState.Stable<>(new ChainP(lambda, mu, alphaC, eta));
    }

    /**
     * The chain as QBD blocks: level 0 = {(0,0)}, level k >= 1 = {(k,0), (k,1)} ((1,1) is never
     * entered). This is the block layout the paper's Eq. (20) meant; its printed Q has the blocks
     * in the wrong places.
     */
    public static QbdBlocks qbdBlocks(double lambda, double mu, double alphaC, double eta) {
        return new QbdBlocks(
                new double[][] {{-lambda}},
                new double[][] {{lambda, 0}},
                new double[][] {{mu}, {eta}},
                new double[][] {{-(lambda + mu), 0}, {0, -eta}},
                new double[][] {{lambda, 0}, {0, 0}},
                new double[][] {{-(lambda + mu + alphaC), alphaC}, {0, -eta}},
                new double[][] {{mu, 0}, {eta, 0}});
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

    public double eta() {
        return eta;
    }

    /** lambda / (mu + alphaC). */
    public double rho() {
        return rho;
    }

    /** P(0,0), the server idle (the paper's pi_00). */
    public double pIdle() {
        return mu * eta * (1 - rho) / d;
    }

    /** P(W = 1): a cancellation is being recovered (arrivals are blocked). */
    public double pCancelState() {
        return lambda * alphaC * rho / d;
    }

    /** E[L], tasks present. */
    public double meanInSystem() {
        return lambda * (eta + alphaC * rho * (2 - rho)) / (d * (1 - rho));
    }

    /** E[(L-1)⁺], tasks waiting. */
    public double meanWaiting() {
        return lambda * rho * (eta + alphaC) / (d * (1 - rho));
    }

    /** X_s, tasks served per unit time. */
    public double servedThroughput() {
        return lambda * mu * eta / d;
    }

    /** X_c, tasks cancelled per unit time. */
    public double cancellationRate() {
        return lambda * alphaC * eta * rho / d;
    }

    /** X_b, arrivals blocked per unit time (they arrive during a recovery). */
    public double blockedRate() {
        return lambda * lambda * alphaC * rho / d;
    }

    /** P(task lost) = (X_c + X_b) / lambda. */
    public double lossProbability() {
        return alphaC * rho * (eta + lambda) / d;
    }

    /** lambda_eff = lambda·(1 - P(W=1)), arrivals accepted per unit time. */
    public double acceptedRate() {
        return lambda * eta * (mu + alphaC * rho) / d;
    }

    /** Mean wait of an accepted task, E[(L-1)⁺] / lambda_eff. */
    public double meanWait() {
        return rho * (eta + alphaC) / (eta * (mu + alphaC * rho) * (1 - rho));
    }

    /** Mean sojourn of an accepted task, E[L] / lambda_eff. */
    public double meanSojourn() {
        return (eta + alphaC * rho * (2 - rho)) / (eta * (mu + alphaC * rho) * (1 - rho));
    }
}
