package io.qrouter.core.queueing;

/**
 * Stationary distribution of a finite CTMC whose transitions stay within a band of state indices,
 * by the Grassmann-Taksar-Heyman algorithm (state reduction without subtractions, so accurate to
 * rounding even for tiny probabilities). Used as an independent check of the closed forms and of
 * the QBD solver on a truncated state space.
 */
final class TruncatedCtmc {
    private final int states;
    private final int band;
    private final double[][] rates; // rates[i][j - i + band] for |i - j| <= band

    TruncatedCtmc(int states, int band) {
        this.states = states;
        this.band = band;
        this.rates = new double[states][2 * band + 1];
    }

    /**
     * Adds a transition; transitions leaving the state space are dropped (that is the truncation).
     */
    void addRate(int from, int to, double rate) {
        if (to < 0 || to >= states || rate == 0) {
            return;
        }
        if (Math.abs(to - from) > band) {
            throw new IllegalArgumentException(
                    "transition " + from + " -> " + to + " exceeds band " + band);
        }
        rates[from][to - from + band] += rate;
    }

    double[] stationary() {
        double[] down = new double[states];
        for (int k = states - 1; k >= 1; k--) {
            int low = Math.max(0, k - band);
            double s = 0;
            for (int j = low; j < k; j++) {
                s += get(k, j);
            }
            down[k] = s;
            for (int i = low; i < k; i++) {
                double toK = get(i, k);
                if (toK != 0) {
                    for (int j = low; j < k; j++) {
                        if (j != i) {
                            rates[i][j - i + band] += toK * get(k, j) / s;
                        }
                    }
                }
            }
        }
        double[] pi = new double[states];
        pi[0] = 1;
        double total = 1;
        for (int k = 1; k < states; k++) {
            double inflow = 0;
            for (int i = Math.max(0, k - band); i < k; i++) {
                inflow += pi[i] * get(i, k);
            }
            pi[k] = inflow / down[k];
            total += pi[k];
        }
        for (int k = 0; k < states; k++) {
            pi[k] /= total;
        }
        return pi;
    }

    private double get(int i, int j) {
        return rates[i][j - i + band];
    }
}
