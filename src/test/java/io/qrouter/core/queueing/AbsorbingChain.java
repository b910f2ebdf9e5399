package io.qrouter.core.queueing;

import java.util.Arrays;

/**
 * A CTMC on transient states 0..k-1 that ends in one of two absorbing outcomes ("served" or
 * "abandoned"), solved as dense linear systems by Gaussian elimination with partial pivoting: the
 * mean time to absorption t = (-T)⁻¹·1, P(abandoned) h = (-T)⁻¹·a, and E[time·1{abandoned}] =
 * (-T)⁻¹·h (the time spent in each state, times the chance of abandoning from there on), with T the
 * generator among the transient states and a the abandonment rates. The independent check of the
 * conditional forms of a joining task.
 */
final class AbsorbingChain {
    private final int states;
    private final double[][] rates;
    private final double[] served;
    private final double[] abandoned;

    AbsorbingChain(int states) {
        this.states = states;
        this.rates = new double[states][states];
        this.served = new double[states];
        this.abandoned = new double[states];
    }

    void addRate(int from, int to, double rate) {
        rates[from][to] += rate;
    }

    void addServed(int from, double rate) {
        served[from] += rate;
    }

    void addAbandoned(int from, double rate) {
        abandoned[from] += rate;
    }

    double[] meanTime() {
        double[] ones = new double[states];
        Arrays.fill(ones, 1);
        return solve(ones);
    }

    double[] abandonProbability() {
        return solve(abandoned.clone());
    }

    double[] meanTimeIfAbandoned() {
        return solve(abandonProbability());
    }

    /** x with (-T)·x = b. */
    private double[] solve(double[] b) {
        int k = states;
        double[][] m = new double[k][k + 1];
        for (int i = 0; i < k; i++) {
            double out = served[i] + abandoned[i];
            for (int j = 0; j < k; j++) {
                if (j != i) {
                    m[i][j] = -rates[i][j];
                    out += rates[i][j];
                }
            }
            m[i][i] = out;
            m[i][k] = b[i];
        }
        for (int col = 0; col < k; col++) {
            int pivot = col;
            for (int r = col + 1; r < k; r++) {
                if (Math.abs(m[r][col]) > Math.abs(m[pivot][col])) {
                    pivot = r;
                }
            }
            double[] swap = m[col];
            m[col] = m[pivot];
            m[pivot] = swap;
            for (int r = col + 1; r < k; r++) {
                double f = m[r][col] / m[col][col];
                for (int j = col; j <= k; j++) {
                    m[r][j] -= f * m[col][j];
                }
            }
        }
        double[] x = new double[k];
        for (int i = k - 1; i >= 0; i--) {
            double s = m[i][k];
            for (int j = i + 1; j < k; j++) {
                s -= m[i][j] * x[j];
            }
            x[i] = s / m[i][i];
        }
        return x;
    }
}
