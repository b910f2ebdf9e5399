package io.qrouter.tools.sim;

import java.util.Arrays;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * A non-negative delay in simulator time units: how late information reaches its reader. Written
 * {@code 0} (none), {@code D} (constant) or {@code exp:MEAN} (exponential); the digital twin builds
 * an empirical one from the delays a real pipeline showed.
 */
public sealed interface Delay {

    double sample(RandomGenerator random);

    /**
     * True when every sample is 0: the simulator then delivers at once, exactly as without delays.
     */
    boolean isZero();

    double mean();

    String spec();

    static Delay none() {
        return new Constant(0);
    }

    static Delay parse(String spec, SimSetting setting) {
        String s = spec.trim().toLowerCase(Locale.ROOT);
        if (s.startsWith("exp:")) {
            return new Exponential(Specs.parseDouble(s.substring(4), setting, "exp:MEAN", 0, 1e9));
        }
        try {
            Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(
                    setting,
                    "must be a delay D >= 0 or exp:MEAN, in mean service times"
                            + " (got \""
                            + spec
                            + "\")");
        }
        return new Constant(Specs.parseDouble(s, setting, "D", 0, 1e9));
    }

    /** Samples drawn uniformly from {@code observed} (each ≥ 0, at least one). */
    static Delay empirical(double[] observed) {
        return new Empirical(observed.clone());
    }

    record Constant(double value) implements Delay {
        @Override
        public double sample(RandomGenerator random) {
            return value;
        }

        @Override
        public boolean isZero() {
            return value == 0;
        }

        @Override
        public double mean() {
            return value;
        }

        @Override
        public String spec() {
            return Double.toString(value);
        }
    }

    record Exponential(double mean) implements Delay {
        @Override
        public double sample(RandomGenerator random) {
            return -Math.log(1 - random.nextDouble()) * mean;
        }

        @Override
        public boolean isZero() {
            return mean == 0;
        }

        @Override
        public String spec() {
            return "exp:" + mean;
        }
    }

    record Empirical(double[] observed) implements Delay {
        public Empirical {
            if (observed.length == 0
                    || Arrays.stream(observed).anyMatch(d -> !(d >= 0) || Double.isInfinite(d))) {
                throw new IllegalArgumentException(
                        "an empirical delay needs at least one finite sample >= 0");
            }
        }

        @Override
        public double sample(RandomGenerator random) {
            return observed[random.nextInt(observed.length)];
        }

        @Override
        public boolean isZero() {
            return Arrays.stream(observed).allMatch(d -> d == 0);
        }

        @Override
        public double mean() {
            return Arrays.stream(observed).average().orElse(0);
        }

        @Override
        public String spec() {
            return "empirical(" + observed.length + " samples, mean " + mean() + ")";
        }
    }
}
