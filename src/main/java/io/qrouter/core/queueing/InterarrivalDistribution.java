package io.qrouter.core.queueing;

import java.util.Arrays;

/**
 * A distribution of the time between arrivals, through what GI/M/1 needs of it: its mean and its
 * Laplace-Stieltjes transform A*(s) = E[exp(-s·tau)].
 */
public sealed interface InterarrivalDistribution {

    /** Arrivals per unit time, 1 / E[tau]. */
    double rate();

    /** A*(s) = E[exp(-s·tau)] for s > 0 (rate 0, no arrivals at all, gives 0). */
    double laplaceStieltjes(double s);

    /** Poisson arrivals. */
    record Exponential(double rate) implements InterarrivalDistribution {
        public Exponential {
            Rates.nonNegative("rate", rate);
        }

        @Override
        public double laplaceStieltjes(double s) {
            return rate / (rate + s);
        }
    }

    /** Erlang-k with mean 1/rate (SCV 1/k): k exponential phases of rate k·rate. */
    record Erlang(int k, double rate) implements InterarrivalDistribution {
        public Erlang {
            if (k < 1) {
                throw new IllegalArgumentException("Erlang phases k must be >= 1 (got " + k + ")");
            }
            Rates.nonNegative("rate", rate);
        }

        @Override
        public double laplaceStieltjes(double s) {
            return Math.pow(k * rate / (k * rate + s), k);
        }
    }

    /**
     * Two-phase hyperexponential with mean 1/rate and squared coefficient of variation scv >= 1,
     * fitted with balanced means (p1/rate1 = p2/rate2), the usual choice when only two moments are
     * known.
     */
    record HyperExponential2(double rate, double scv) implements InterarrivalDistribution {
        public HyperExponential2 {
            Rates.nonNegative("rate", rate);
            if (!(scv >= 1) || Double.isInfinite(scv)) {
                throw new IllegalArgumentException(
                        "H2 squared coefficient of variation must be a finite number >= 1 (got "
                                + scv
                                + ")");
            }
        }

        public double p1() {
            return (1 + Math.sqrt((scv - 1) / (scv + 1))) / 2;
        }

        public double rate1() {
            return 2 * p1() * rate;
        }

        public double rate2() {
            return 2 * (1 - p1()) * rate;
        }

        @Override
        public double laplaceStieltjes(double s) {
            double p1 = p1();
            return p1 * rate1() / (rate1() + s) + (1 - p1) * rate2() / (rate2() + s);
        }
    }

    /** Constant interarrival time 1/rate. */
    record Deterministic(double rate) implements InterarrivalDistribution {
        public Deterministic {
            Rates.nonNegative("rate", rate);
        }

        @Override
        public double laplaceStieltjes(double s) {
            return Math.exp(-s / rate);
        }
    }

    /** The empirical distribution of observed interarrival times: A*(s) = mean of exp(-s·tau_i). */
    final class Empirical implements InterarrivalDistribution {
        private final double[] samples;
        private final double rate;

        /** Samples: interarrival times, finite and >= 0, not all 0. The array is copied. */
        public Empirical(double[] samples) {
            if (samples == null || samples.length == 0) {
                throw new IllegalArgumentException(
                        "empirical interarrival distribution needs at least one sample");
            }
            double sum = 0;
            for (double t : samples) {
                Rates.nonNegative("interarrival sample", t);
                sum += t;
            }
            if (sum == 0) {
                throw new IllegalArgumentException(
                        "interarrival samples are all 0: the arrival rate is undefined");
            }
            this.samples = samples.clone();
            this.rate = samples.length / sum;
        }

        @Override
        public double rate() {
            return rate;
        }

        @Override
        public double laplaceStieltjes(double s) {
            double sum = 0;
            for (double t : samples) {
                sum += Math.exp(-s * t);
            }
            return sum / samples.length;
        }

        @Override
        public String toString() {
            return "Empirical[n=" + samples.length + ", rate=" + rate + "]";
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Empirical e && Arrays.equals(samples, e.samples);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(samples);
        }
    }

    /**
     * Parses "exp", "erlang:K", "h2:SCV" or "det" with the given arrival rate;
     * IllegalArgumentException naming the accepted forms otherwise.
     */
    static InterarrivalDistribution parse(String spec, double rate) {
        String s = spec == null ? "" : spec.trim().toLowerCase(java.util.Locale.ROOT);
        int colon = s.indexOf(':');
        String kind = colon < 0 ? s : s.substring(0, colon);
        String parameter = colon < 0 ? null : s.substring(colon + 1);
        switch (kind) {
            case "exp":
                noParameter(spec, parameter);
                return new Exponential(rate);
            case "det":
                noParameter(spec, parameter);
                return new Deterministic(rate);
            case "erlang":
                try {
                    return new Erlang(Integer.parseInt(required(spec, parameter)), rate);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "erlang:K needs an integer K >= 1 (got \"" + spec + "\")");
                }
            case "h2":
                try {
                    return new HyperExponential2(
                            rate, Double.parseDouble(required(spec, parameter)));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "h2:SCV needs a number SCV >= 1 (got \"" + spec + "\")");
                }
            default:
                throw new IllegalArgumentException(
                        "unknown interarrival distribution \""
                                + spec
                                + "\" (use exp, erlang:K, h2:SCV or det)");
        }
    }

    private static void noParameter(String spec, String parameter) {
        if (parameter != null) {
            throw new IllegalArgumentException(
                    "\"" + spec + "\" takes no parameter (use exp or det)");
        }
    }

    private static String required(String spec, String parameter) {
        if (parameter == null || parameter.isEmpty()) {
            throw new IllegalArgumentException(
                    "\"" + spec + "\" needs a parameter (erlang:K or h2:SCV)");
        }
        return parameter;
    }
}
