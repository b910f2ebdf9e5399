package io.qrouter.job.config;

import io.qrouter.core.queueing.LoadIndexWeights;
import java.io.Serializable;
import java.util.List;
import java.util.Locale;

/**
 * What values a configuration key accepts. {@link #accepts} decides, {@link #describe} says it in
 * words for error messages, {@code --help} and the README table.
 */
public interface ValueRule extends Serializable {

    boolean accepts(String value);

    /** The valid values in words, e.g. "an integer in [100, 3600000]". */
    String describe();

    static ValueRule longIn(long min, long max) {
        return new ValueRule() {
            @Override
            public boolean accepts(String value) {
                try {
                    long v = Long.parseLong(value.trim());
                    return v >= min && v <= max;
                } catch (NumberFormatException e) {
                    return false;
                }
            }

            @Override
            public String describe() {
                return "an integer in [" + min + ", " + max + "]";
            }
        };
    }

    /** {@code word}, or what {@code otherwise} accepts. */
    static ValueRule orWord(String word, ValueRule otherwise) {
        return new ValueRule() {
            @Override
            public boolean accepts(String value) {
                return value.trim().equalsIgnoreCase(word) || otherwise.accepts(value);
            }

            @Override
            public String describe() {
                return word + ", or " + otherwise.describe();
            }
        };
    }

    static ValueRule doubleIn(double min, double max) {
        return doubleIn(min, false, max, false);
    }

    /** A finite number between min and max; an open end excludes its bound. */
    static ValueRule doubleIn(double min, boolean minOpen, double max, boolean maxOpen) {
        return new ValueRule() {
            @Override
            public boolean accepts(String value) {
                try {
                    double v = Double.parseDouble(value.trim());
                    return Double.isFinite(v)
                            && (minOpen ? v > min : v >= min)
                            && (maxOpen ? v < max : v <= max);
                } catch (NumberFormatException e) {
                    return false;
                }
            }

            @Override
            public String describe() {
                return "a number in "
                        + (minOpen ? "(" : "[")
                        + plain(min)
                        + ", "
                        + plain(max)
                        + (maxOpen ? ")" : "]");
            }
        };
    }

    /** Empty, or comma-separated {@code name=cost} entries with costs ≥ 0 (DSRS unit costs). */
    static ValueRule unitCosts() {
        ValueRule cost = doubleIn(0, Double.MAX_VALUE);
        return new ValueRule() {
            @Override
            public boolean accepts(String value) {
                if (value.isBlank()) {
                    return true;
                }
                for (String entry : value.split(",")) {
                    int eq = entry.indexOf('=');
                    if (eq <= 0
                            || entry.substring(0, eq).isBlank()
                            || !cost.accepts(entry.substring(eq + 1))) {
                        return false;
                    }
                }
                return true;
            }

            @Override
            public String describe() {
                return "empty, or comma-separated serverId=cost or serviceType/serverId=cost entries with costs ≥ 0";
            }
        };
    }

    static ValueRule oneOf(String... choices) {
        List<String> allowed = List.of(choices);
        return new ValueRule() {
            @Override
            public boolean accepts(String value) {
                return allowed.contains(value.trim().toLowerCase(Locale.ROOT));
            }

            @Override
            public String describe() {
                return "one of " + String.join(", ", allowed);
            }
        };
    }

    /**
     * "equal", or the weights alpha,sigma,r of the load index K: three numbers in [0, 1] summing to
     * 1.
     */
    static ValueRule loadIndexWeights() {
        return new ValueRule() {
            @Override
            public boolean accepts(String value) {
                if (value.trim().equalsIgnoreCase("equal")) {
                    return true;
                }
                try {
                    LoadIndexWeights.parse(value);
                    return true;
                } catch (IllegalArgumentException e) {
                    return false;
                }
            }

            @Override
            public String describe() {
                return "equal, or alpha,sigma,r: three numbers in [0, 1] that sum to 1";
            }
        };
    }

    static ValueRule nonBlank() {
        return new ValueRule() {
            @Override
            public boolean accepts(String value) {
                return !value.isBlank();
            }

            @Override
            public String describe() {
                return "a non-empty text";
            }
        };
    }

    /** Empty, or at least {@code minBytes} bytes of UTF-8 (a secret key). */
    static ValueRule emptyOrAtLeastBytes(int minBytes) {
        return new ValueRule() {
            @Override
            public boolean accepts(String value) {
                return value.isEmpty()
                        || value.getBytes(java.nio.charset.StandardCharsets.UTF_8).length
                                >= minBytes;
            }

            @Override
            public String describe() {
                return "empty, or at least " + minBytes + " bytes";
            }
        };
    }

    static ValueRule anyText() {
        return new ValueRule() {
            @Override
            public boolean accepts(String value) {
                return true;
            }

            @Override
            public String describe() {
                return "any text, or empty";
            }
        };
    }

    /**
     * Integers as integers ("negative (-3)", "[0, 1000000]"), other numbers as Java prints them.
     */
    static String plain(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15
                ? Long.toString((long) x)
                : Double.toString(x);
    }
}
