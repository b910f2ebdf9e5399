package io.qrouter.tools.fleet;

/**
 * The fleet's time: seconds since start on the monotonic clock (for scheduling and durations)
 * mapped to epoch milliseconds (for event times on Kafka), so a wall-clock step never reorders the
 * simulation.
 */
final class FleetClock {
    private final long startNanos = System.nanoTime();
    private final long startEpochMillis = System.currentTimeMillis();

    double seconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    long epochMillis(double seconds) {
        return startEpochMillis + Math.round(seconds * 1000);
    }

    double secondsOf(long epochMillis) {
        return (epochMillis - startEpochMillis) / 1000.0;
    }

    long startEpochMillis() {
        return startEpochMillis;
    }
}
