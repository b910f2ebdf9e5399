package io.qrouter.tools.sim;

import java.util.random.RandomGenerator;

/**
 * A positive random variable of mean 1, scaled by the caller: interarrival gaps and service
 * requirements. Written {@code exp}, {@code det}, {@code erlang:K} (squared coefficient of
 * variation 1/K) or {@code h2:SCV} (two-phase hyperexponential with balanced means, SCV ≥ 1).
 */
sealed interface Distribution {

    /** One sample of mean 1. */
    double sample(RandomGenerator random);

    /** Squared coefficient of variation. */
    double scv();

    String spec();

    static Distribution parse(String spec, SimSetting setting) {
        String s = spec.trim().toLowerCase(java.util.Locale.ROOT);
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
        throw new InvalidSettingException(
                setting,
                "must be exp, det, erlang:K (K in [1, 1000]) or h2:SCV"
                        + " (SCV in [1, 1000]) (got \""
                        + spec
                        + "\")");
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
}
