package io.qrouter.tools.sim;

import java.util.Arrays;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * A non-negative delay in simulator time units: how late information reaches its reader. Written
 * {@code 0} (none), {@code D} (constant) or {@code exp:MEAN} (exponential); the digital twin builds
 * a recorded one from the delays a real pipeline showed, and when.
 */
public sealed interface Delay {

    /** A delay for information sent at {@code now}. */
    double sample(double now, RandomGenerator random);

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

    /**
     * The delays a real run showed, each at the time it was seen ({@code at}, ascending, the same
     * length, each delay ≥ 0, at least one): information sent at t is as late as the recording
     * nearest to t. A pipeline's delays come in bursts (a checkpoint, a GC pause, a rebalance stall
     * it all at once, and the decisions with it); drawn independently, the same delays would leave
     * a twin's routers acting on stale reports all the time, and its waits far above the run's.
     */
    static Delay recorded(double[] at, double[] observed) {
        return new Recorded(at.clone(), observed.clone());
    }

    record Constant(double value) implements Delay {
        @Override
        public double sample(double now, RandomGenerator random) {
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
        public double sample(double now, RandomGenerator random) {
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

    record Recorded(double[] at, double[] observed) implements Delay {
        public Recorded {
            if (observed.length == 0
                    || at.length != observed.length
                    || Arrays.stream(observed).anyMatch(d -> !(d >= 0) || Double.isInfinite(d))) {
                throw new IllegalArgumentException(
                        "a recorded delay needs at least one finite sample >= 0, each with its time");
            }
            for (int i = 1; i < at.length; i++) {
                if (!(at[i] >= at[i - 1])) {
                    throw new IllegalArgumentException(
                            "a recorded delay's times must ascend (at " + i + ": " + at[i] + ")");
                }
            }
        }

        @Override
        public double sample(double now, RandomGenerator random) {
            int i = Arrays.binarySearch(at, now);
            if (i >= 0) {
                return observed[i];
            }
            int after = -i - 1;
            if (after == 0) {
                return observed[0];
            }
            if (after == at.length) {
                return observed[at.length - 1];
            }
            return now - at[after - 1] <= at[after] - now ? observed[after - 1] : observed[after];
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
            return "recorded(" + observed.length + " samples, mean " + mean() + ")";
        }
    }
}
