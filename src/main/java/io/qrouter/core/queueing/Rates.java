package io.qrouter.core.queueing;

/**
 * Argument checks shared by the models: the message names the parameter, the valid range and the
 * value.
 */
final class Rates {
    private Rates() {}

    static double nonNegative(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(
                    name + " must be a finite number >= 0 (got " + value + ")");
        }
        return value;
    }

    /** c, the number of slots of an M/M/c+M server. */
    static int slots(int c) {
        if (c < 1) {
            throw new IllegalArgumentException("c (slots) must be >= 1 (got " + c + ")");
        }
        return c;
    }

    static double positive(String name, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(
                    name + " must be a finite number > 0 (got " + value + ")");
        }
        return value;
    }
}
