package io.qrouter.tools.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/** Counts what happens within the current time step and closes it into a {@link StepMetrics}. */
final class StepAccumulator {
    private final List<StepMetrics> steps = new ArrayList<>();
    private double start;
    private double areaBusy;
    private long arrivals;
    private long completions;
    private long abandonments;
    private long failed;
    private long heartbeats;
    private long idleDecisions;
    private long joinedDecisions;
    private double sojournSum;
    private long sojournCount;
    private double waitSum;
    private long waitCount;

    double start() {
        return start;
    }

    void busyArea(double area) {
        areaBusy += area;
    }

    void arrival() {
        arrivals++;
    }

    void completion(double sojourn) {
        completions++;
        sojournSum += sojourn;
        sojournCount++;
    }

    void abandonment() {
        abandonments++;
    }

    void failure() {
        failed++;
    }

    void heartbeat() {
        heartbeats++;
    }

    void idleDecision() {
        idleDecisions++;
    }

    void joinedDecision() {
        joinedDecisions++;
    }

    void wait(double wait) {
        waitSum += wait;
        waitCount++;
    }

    /**
     * Closes the step ending at {@code end} with the fleet's state then, and starts the next one.
     */
    void close(
            double end,
            int servers,
            FleetMeasures fleet,
            long tasksInSystem,
            long cumulativeCompleted) {
        double length = end - start;
        steps.add(
                new StepMetrics(
                        steps.size(),
                        end,
                        arrivals,
                        completions,
                        abandonments,
                        failed,
                        heartbeats,
                        idleDecisions,
                        joinedDecisions,
                        areaBusy / (servers * length),
                        fleet.varianceF(),
                        fleet.meanK(),
                        fleet.idleFractionPJ(),
                        fleet.strategyZ(),
                        tasksInSystem,
                        sojournCount == 0
                                ? OptionalDouble.empty()
                                : OptionalDouble.of(sojournSum / sojournCount),
                        waitCount == 0
                                ? OptionalDouble.empty()
                                : OptionalDouble.of(waitSum / waitCount),
                        completions / length,
                        cumulativeCompleted));
        start = end;
        areaBusy = 0;
        arrivals = 0;
        completions = 0;
        abandonments = 0;
        failed = 0;
        heartbeats = 0;
        idleDecisions = 0;
        joinedDecisions = 0;
        sojournSum = 0;
        sojournCount = 0;
        waitSum = 0;
        waitCount = 0;
    }

    List<StepMetrics> steps() {
        return List.copyOf(steps);
    }
}
