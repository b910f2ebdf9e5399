package io.qrouter.core.queueing;

/**
 * M/M/c+M metrics from the chain itself, independently of {@link ErlangA}'s series: the truncated
 * generator (up rate lambda, death rate min(n,c)·mu + (n-c)⁺·alphaC) solved by Gaussian
 * elimination, and each arriving task's fate by first-step analysis of its place in line, averaged
 * over what arrivals see (PASTA). P(abandon) and the mean wait so come from the tagged task, not
 * from alphaC·L_q/lambda and Little's law as in ErlangA, and the mean sojourn is the mean wait plus
 * 1/mu for those served. The reference of the M/M/c+M tests of the core and of the CLI.
 */
public final class ErlangAReference {
    private ErlangAReference() {}

    /** The metrics ErlangA reports, by their names there. */
    public record Metrics(
            double p0,
            double waitProbability,
            double meanInSystem,
            double meanWaiting,
            double throughput,
            double abandonProbability,
            double meanWait,
            double meanSojourn,
            double virtualWait) {}

    /**
     * A task that joins at position {@code m} in line (m-1 tasks ahead, all c slots busy) leaves
     * its stage at rate c·mu + m·alphaC: to the next stage at c·mu + (m-1)·alphaC (a service, or
     * one ahead abandons), or by abandoning at alphaC. Index m = 0 is "in service".
     *
     * @param meanWait E[W_q | position m]
     * @param abandon P(abandon | position m)
     * @param virtualWait E[W_q·1{abandon} | position m]
     */
    public record PlaceInLine(double[] meanWait, double[] abandon, double[] virtualWait) {}

    /**
     * First-step recursions over the positions 0..{@code positions}: a stage's length is
     * independent of how it ends, so its mean counts towards E[W_q·1{abandon}] with the chance of
     * abandoning from there on.
     */
    public static PlaceInLine placeInLine(int positions, int c, double mu, double alphaC) {
        double[] wait = new double[positions + 1];
        double[] abandon = new double[positions + 1];
        double[] virtual = new double[positions + 1];
        for (int m = 1; m <= positions; m++) {
            double leave = c * mu + m * alphaC;
            double advance = (c * mu + (m - 1) * alphaC) / leave;
            wait[m] = 1 / leave + advance * wait[m - 1];
            abandon[m] = alphaC / leave + advance * abandon[m - 1];
            virtual[m] = abandon[m] / leave + advance * virtual[m - 1];
        }
        return new PlaceInLine(wait, abandon, virtual);
    }

    /**
     * The stationary law of the chain truncated where its tail is below ~1e-26, anchored at its
     * mode (the death rates only grow, so pi rises while lambda >= d_n).
     */
    public static double[] stationary(double lambda, double mu, int c, double alphaC) {
        int levels = levels(lambda, mu, c, alphaC);
        TruncatedCtmc chain = new TruncatedCtmc(levels, 1);
        int mode = 0;
        for (int n = 0; n < levels; n++) {
            double death = Math.min(n, c) * mu + Math.max(n - c, 0) * alphaC;
            chain.addRate(n, n + 1, lambda);
            chain.addRate(n, n - 1, death);
            if (n > 0 && lambda >= death) {
                mode = n; // up at least as likely as down: pi_n >= pi_{n-1}
            }
        }
        return chain.stationaryByElimination(mode);
    }

    /**
     * p_0..p_{levels-1} straight from the product form p_n ∝ prod_{k<=n} lambda/d_k, normalised
     * over those levels: no rescaling, no tail bound, so only for loads whose terms stay in double
     * range and die out within the levels.
     */
    public static double[] productForm(double lambda, double mu, int c, double alphaC, int levels) {
        double[] p = new double[levels];
        double total = 0;
        double term = 1;
        for (int n = 0; n < levels; n++) {
            if (n > 0) {
                term *= lambda / (Math.min(n, c) * mu + Math.max(n - c, 0) * alphaC);
            }
            p[n] = term;
            total += term;
        }
        for (int n = 0; n < levels; n++) {
            p[n] /= total;
        }
        return p;
    }

    public static Metrics of(double lambda, double mu, int c, double alphaC) {
        double[] pi = stationary(lambda, mu, c, alphaC);
        PlaceInLine line = placeInLine(pi.length - c, c, mu, alphaC);
        double waitProbability = 0;
        double meanInSystem = 0;
        double meanWaiting = 0;
        double busy = 0;
        double abandon = 0;
        double meanWait = 0;
        double virtualWait = 0;
        for (int n = 0; n < pi.length; n++) {
            meanInSystem += n * pi[n];
            busy += Math.min(n, c) * pi[n];
            if (n >= c) {
                int position = n - c + 1;
                waitProbability += pi[n];
                meanWaiting += (n - c) * pi[n];
                abandon += pi[n] * line.abandon()[position];
                meanWait += pi[n] * line.meanWait()[position];
                virtualWait += pi[n] * line.virtualWait()[position];
            }
        }
        return new Metrics(
                pi[0],
                waitProbability,
                meanInSystem,
                meanWaiting,
                mu * busy,
                abandon,
                meanWait,
                meanWait + (1 - abandon) / mu,
                virtualWait);
    }

    /**
     * Past c + 2·lambda/alphaC the terms shrink by at least half a level; without abandonment they
     * shrink by rho = lambda/(c·mu) from c on.
     */
    private static int levels(double lambda, double mu, int c, double alphaC) {
        double beyond =
                alphaC > 0
                        ? 2 * lambda / alphaC + 40 * Math.sqrt(lambda / alphaC)
                        : 60 / -Math.log(lambda / (c * mu));
        return c + 200 + (int) Math.ceil(beyond);
    }
}
