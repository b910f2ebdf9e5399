package io.qrouter.core.queueing;

import java.util.Arrays;

/**
 * Stationary distribution of a finite CTMC whose transitions stay within a band of state indices,
 * by the Grassmann-Taksar-Heyman algorithm (state reduction without subtractions, so accurate to
 * rounding even for tiny probabilities) or by Gaussian elimination. Used as an independent check of
 * the closed forms and of the QBD solver on a truncated state space.
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

    /**
     * pi Q = 0 with sum pi = 1 by Gaussian elimination on Q transposed, the equation of state
     * {@code anchor} replaced by pi_anchor = 1 (times its rate out, so that the matrix stays
     * diagonally dominant by columns: no pivoting, and the band keeps its width), then normalised.
     * Anchor it where pi is largest (a mode): relative to it nothing overflows, and what underflows
     * is negligible. Unlike state reduction this works with differences of rates, so its error is
     * ~1e-16 of the largest probability and tiny ones lose relative accuracy; for a birth-death
     * chain it shares nothing with the product form. Leaves the rates as they are.
     */
    double[] stationaryByElimination(int anchor) {
        int width = 2 * band + 1;
        double[][] a = new double[states][width]; // a[i][j - i + band] = Q[j][i]
        for (int i = 0; i < states; i++) {
            for (int d = -band; d <= band; d++) {
                int j = i + d;
                if (d != 0 && j >= 0 && j < states) {
                    a[i][d + band] = rates[j][i - j + band];
                    a[i][band] -= rates[i][d + band];
                }
            }
        }
        double[] rhs = new double[states];
        double out = Math.max(-a[anchor][band], 1);
        Arrays.fill(a[anchor], 0);
        a[anchor][band] = out;
        rhs[anchor] = out;
        for (int k = 0; k < states - 1; k++) {
            double pivot = a[k][band];
            int right = Math.min(k + band, states - 1);
            for (int i = k + 1; i <= right; i++) {
                double f = a[i][k - i + band] / pivot;
                if (f != 0) {
                    for (int j = k; j <= right; j++) {
                        a[i][j - i + band] -= f * a[k][j - k + band];
                    }
                    rhs[i] -= f * rhs[k];
                }
            }
        }
        double[] pi = new double[states];
        double total = 0;
        for (int k = states - 1; k >= 0; k--) {
            double s = rhs[k];
            for (int j = k + 1; j <= Math.min(k + band, states - 1); j++) {
                s -= a[k][j - k + band] * pi[j];
            }
            pi[k] = s / a[k][band];
            total += pi[k];
        }
        for (int k = 0; k < states; k++) {
            pi[k] /= total;
        }
        return pi;
    }

    /** By state reduction; consumes the rates (call once). */
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
