package io.qrouter.tools.sim;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * A positive random variable of mean 1, scaled by the caller: interarrival gaps, and the service
 * requirements of the simulator's and the fleet's tasks (this one parser serves both). Written
 * {@code exp}, {@code lognormal:SCV}, {@code h2:SCV} (two-phase hyperexponential with balanced
 * means, SCV ≥ 1), {@code pareto:ALPHA}, {@code trace:FILE.csv} (a file of observed times), and for
 * low variability {@code det} and {@code erlang:K} (squared coefficient of variation 1/K).
 */
public sealed interface Distribution {

    /** Every form, for the errors. */
    String FORMS =
            "exp, lognormal:SCV (SCV in (0, 1000]), h2:SCV (SCV in [1, 1000]), pareto:ALPHA (ALPHA"
                    + " in (1, 1000]), trace:FILE.csv, det or erlang:K (K in [1, 1000])";

    /** One sample of mean 1. */
    double sample(RandomGenerator random);

    /** Squared coefficient of variation (+∞ when the variance is infinite). */
    double scv();

    String spec();

    /**
     * The distribution {@code spec} names; an error names {@code setting} and the valid forms. A
     * trace is read here, so a missing or malformed file fails at once.
     */
    static Distribution parse(String spec, SimSetting setting) {
        String original = spec.trim();
        String s = original.toLowerCase(Locale.ROOT);
        if (s.equals("exp") || s.equals("exponential") || s.equals("poisson")) {
            return new Exponential();
        }
        if (s.equals("det") || s.equals("deterministic")) {
            return new Deterministic();
        }
        if (s.startsWith("erlang:")) {
            int k = Specs.parseInt(s.substring(7), setting, "erlang:K", 1, 1000);
            return new Erlang(k);
        }
        if (s.startsWith("h2:")) {
            double scv = Specs.parseDouble(s.substring(3), setting, "h2:SCV", 1, 1000);
            return new Hyperexponential(scv);
        }
        if (s.startsWith("lognormal:")) {
            double scv = Specs.parseDoubleAbove(s.substring(10), setting, "lognormal:SCV", 0, 1000);
            return new LogNormal(scv);
        }
        if (s.startsWith("pareto:")) {
            // shape ≤ 1 has an infinite mean: no scale gives it mean 1
            double alpha = Specs.parseDoubleAbove(s.substring(7), setting, "pareto:ALPHA", 1, 1000);
            return new Pareto(alpha);
        }
        if (s.startsWith("trace:")) {
            return Trace.read(Path.of(original.substring(6)), setting);
        }
        throw new InvalidSettingException(setting, "must be " + FORMS + " (got \"" + spec + "\")");
    }

    record Exponential() implements Distribution {
        @Override
        public double sample(RandomGenerator random) {
            return -Math.log(1 - random.nextDouble());
        }

        @Override
        public double scv() {
            return 1;
        }

        @Override
        public String spec() {
            return "exp";
        }
    }

    record Deterministic() implements Distribution {
        @Override
        public double sample(RandomGenerator random) {
            return 1;
        }

        @Override
        public double scv() {
            return 0;
        }

        @Override
        public String spec() {
            return "det";
        }
    }

    record Erlang(int k) implements Distribution {
        @Override
        public double sample(RandomGenerator random) {
            double sum = 0;
            for (int i = 0; i < k; i++) {
                sum -= Math.log(1 - random.nextDouble());
            }
            return sum / k;
        }

        @Override
        public double scv() {
            return 1.0 / k;
        }

        @Override
        public String spec() {
            return "erlang:" + k;
        }
    }

    /**
     * Balanced means: p1/μ1 = p2/μ2, which with mean 1 and SCV c² gives p1 = (1 +
     * √((c²−1)/(c²+1)))/2, μ1 = 2·p1, μ2 = 2·(1−p1).
     */
    record Hyperexponential(double scv) implements Distribution {
        @Override
        public double sample(RandomGenerator random) {
            double p1 = 0.5 * (1 + Math.sqrt((scv - 1) / (scv + 1)));
            double rate = random.nextDouble() < p1 ? 2 * p1 : 2 * (1 - p1);
            return -Math.log(1 - random.nextDouble()) / rate;
        }

        @Override
        public String spec() {
            return "h2:" + scv;
        }
    }

    /**
     * e^(m + σZ) with Z standard normal: its SCV is e^(σ²) − 1, so σ² = ln(1 + SCV), and its mean
     * e^(m + σ²/2) is 1 for m = −σ²/2.
     */
    record LogNormal(double scv) implements Distribution {
        @Override
        public double sample(RandomGenerator random) {
            double variance = Math.log1p(scv);
            return Math.exp(-variance / 2 + Math.sqrt(variance) * random.nextGaussian());
        }

        @Override
        public String spec() {
            return "lognormal:" + scv;
        }
    }

    /**
     * Pareto of shape α > 1 (below, the mean is infinite) and scale x_m = (α−1)/α, which makes the
     * mean α·x_m/(α−1) equal 1; sampled by inversion, x_m·U^(−1/α). Its SCV 1/(α(α−2)) is finite
     * only for α > 2: for α ≤ 2 the variance is infinite, and sample means converge slowly.
     */
    record Pareto(double alpha) implements Distribution {
        @Override
        public double sample(RandomGenerator random) {
            double scale = (alpha - 1) / alpha;
            return scale * Math.pow(1 - random.nextDouble(), -1 / alpha);
        }

        @Override
        public double scv() {
            return alpha > 2 ? 1 / (alpha * (alpha - 2)) : Double.POSITIVE_INFINITY;
        }

        @Override
        public String spec() {
            return "pareto:" + alpha;
        }
    }

    /**
     * Observed service times: a CSV file of one column (a header line allowed), each time ≥ 0 and
     * finite, divided by their mean so the sample has mean 1; each task draws one of them uniformly
     * with replacement.
     */
    final class Trace implements Distribution {
        private final Path file;
        private final double[] values;

        private Trace(Path file, double[] values) {
            this.file = file;
            this.values = values;
        }

        static Trace read(Path file, SimSetting setting) {
            List<TraceFile.Row> rows = TraceFile.read(file, setting, "service time");
            double[] values = new double[rows.size()];
            for (int i = 0; i < values.length; i++) {
                TraceFile.Row row = rows.get(i);
                if (row.cells().length != 1) {
                    throw TraceFile.problem(
                            setting,
                            file,
                            row.line(),
                            "expected one column, a service time (got " + row.cells().length + ")");
                }
                if (!(row.value() >= 0) || !Double.isFinite(row.value())) {
                    throw TraceFile.problem(
                            setting,
                            file,
                            row.line(),
                            "a service time must be finite and >= 0 (got " + row.value() + ")");
                }
                values[i] = row.value();
            }
            double mean = Arrays.stream(values).average().orElseThrow();
            if (!(mean > 0)) {
                throw new InvalidSettingException(
                        setting, "trace " + file + ": every service time is 0");
            }
            for (int i = 0; i < values.length; i++) {
                values[i] /= mean;
            }
            return new Trace(file, values);
        }

        /** The observed times divided by their mean. */
        double[] values() {
            return values.clone();
        }

        @Override
        public double sample(RandomGenerator random) {
            return values[random.nextInt(values.length)];
        }

        @Override
        public double scv() {
            double squares = 0;
            for (double v : values) {
                squares += (v - 1) * (v - 1);
            }
            return squares / values.length;
        }

        @Override
        public String spec() {
            return "trace:" + file;
        }
    }
}
