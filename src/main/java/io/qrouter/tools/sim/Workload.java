package io.qrouter.tools.sim;

import java.util.Arrays;

/**
 * A recorded workload for {@link Simulation#replay}: the servers (rates, slots, slowdowns) and, per
 * task in arrival order, the time it reached the routers, its work (service time × the server's
 * rate), its patience, and optionally how long its decision took to reach the server. The digital
 * twin fills it from a real run, so the simulator replays the very tasks the pipeline routed, with
 * the delays the pipeline showed.
 *
 * @param mu service rate of each server (per slot)
 * @param slots slots of each server
 * @param slowdowns when each server ran slow ({@link Slowdowns#NONE}: never)
 * @param arrivalTimes when each task reached the routers, non-decreasing
 * @param work each task's service requirement (its service time is work / mu of its server)
 * @param patience how long each task waits in a queue before it abandons (+∞: never)
 * @param deliveryDelay for each task, decision to arrival at the server; null when decisions arrive
 *     at once
 */
public record Workload(
        double[] mu,
        int[] slots,
        Slowdowns slowdowns,
        double[] arrivalTimes,
        double[] work,
        double[] patience,
        double[] deliveryDelay) {

    public Workload {
        int n = arrivalTimes.length;
        if (mu.length == 0
                || n == 0
                || slots.length != mu.length
                || slowdowns == null
                || work.length != n
                || patience.length != n
                || deliveryDelay != null && deliveryDelay.length != n) {
            throw new IllegalArgumentException(
                    "a workload needs servers with their slots and slowdowns, tasks, and one"
                            + " work, patience (and delivery delay) per task");
        }
        requireAll(mu, "service rates", v -> v > 0 && Double.isFinite(v));
        if (Arrays.stream(slots).anyMatch(c -> c < 1)) {
            throw new IllegalArgumentException("every server needs a slot count >= 1");
        }
        requireAll(work, "work", v -> v >= 0 && Double.isFinite(v));
        requireAll(patience, "patience", v -> v >= 0);
        if (deliveryDelay != null) {
            requireAll(deliveryDelay, "delivery delays", v -> v >= 0 && Double.isFinite(v));
        }
        ArrivalProcess.Trace.of(arrivalTimes);
    }

    public int size() {
        return arrivalTimes.length;
    }

    boolean hasDeliveryDelays() {
        return deliveryDelay != null;
    }

    ArrivalProcess arrivalProcess() {
        return ArrivalProcess.Trace.of(arrivalTimes);
    }

    private static void requireAll(
            double[] values, String what, java.util.function.DoublePredicate ok) {
        if (!Arrays.stream(values).allMatch(ok)) {
            throw new IllegalArgumentException(
                    "every "
                            + what
                            + " value must be valid (got "
                            + Arrays.stream(values)
                                    .filter(ok.negate())
                                    .findFirst()
                                    .orElse(Double.NaN)
                            + ")");
        }
    }
}
