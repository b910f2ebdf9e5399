package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.SlowStartPolicy;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Slow start in the simulator: an empty server joins ten busy ones (ρ = 0.95 before it joins),
 * heartbeat-k-live with every queue change reported, as the job routes. With slow start its count
 * of decisions stays within the ramp's bound all through the window; without, it is above that
 * bound all through: a burst in the first time unit (5 tasks against a bound of 2), then about its
 * fair share, twice what the ramp allows.
 */
class SlowStartSimulationTest {
    private static final int FLEET = 10;
    private static final double JOIN_AT = 150;
    private static final double WINDOW = 100;

    private static SimConfig scenario(double slowStart) {
        return SimConfig.builder()
                .policy(PolicyName.HEARTBEAT_K_LIVE)
                .servers(FLEET + 1)
                // 0.95 of the ten servers' capacity: the capacity of all eleven counts in the load
                .load(0.95 * FLEET / (FLEET + 1))
                .tasks(3_500)
                .reportEveryChange(true)
                .join(1, JOIN_AT)
                .slowStart(slowStart)
                .seed(7)
                .build();
    }

    /** The newcomer's decisions in the steps ending by {@code JOIN_AT + t}, t in the window. */
    private static long joinedBy(SimResult r, double t) {
        return r.steps().stream()
                .filter(s -> s.end() <= JOIN_AT + t + 1e-9)
                .mapToLong(StepMetrics::joinedDecisions)
                .sum();
    }

    /**
     * The ramp's bound at {@code t} after the join: each step's decisions (its arrivals: nothing is
     * rejected) times the share the ramp allows at the step's end, max(0.1, t/W)/N with N = 11 live
     * servers, plus three standard deviations of a count of that mean and the one decision that may
     * take the newcomer over its allowance.
     */
    private static double rampBound(SimResult r, double t) {
        double expected =
                r.steps().stream()
                        .filter(s -> s.end() > JOIN_AT && s.end() <= JOIN_AT + t + 1e-9)
                        .mapToDouble(
                                s ->
                                        s.arrivals()
                                                * Math.max(
                                                        SlowStartPolicy.MIN_SHARE,
                                                        (s.end() - JOIN_AT) / WINDOW)
                                                / (FLEET + 1))
                        .sum();
        return expected + 3 * Math.sqrt(expected) + 1;
    }

    @Test
    void aJoiningServerStaysWithinTheRampWithSlowStartAndIsFloodedWithout() {
        SimResult slow = Simulation.run(scenario(WINDOW));
        SimResult plain = Simulation.run(scenario(0));
        assertThat(slow.steps().get(slow.steps().size() - 1).end())
                .as("the run outlasts the window")
                .isGreaterThan(JOIN_AT + WINDOW);
        assertThat(joinedBy(slow, 0)).as("nothing before it joins").isZero();
        assertThat(joinedBy(plain, 0)).isZero();

        for (double t : List.of(1.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 100.0)) {
            assertThat((double) joinedBy(slow, t))
                    .as("with slow start, within the ramp %.0f after the join", t)
                    .isLessThanOrEqualTo(rampBound(slow, t));
            assertThat((double) joinedBy(plain, t))
                    .as("without slow start, above the ramp %.0f after the join", t)
                    .isGreaterThan(rampBound(plain, t));
        }
        assertThat(joinedBy(slow, WINDOW))
                .as("with slow start it does get tasks: the ramp is not a ban")
                .isPositive();
        System.out.printf(
                "newcomer's decisions: first unit %d with slow start, %d without (ramp bound %.1f);"
                        + " whole window %d with, %d without (bound %.1f)%n",
                joinedBy(slow, 1),
                joinedBy(plain, 1),
                rampBound(plain, 1),
                joinedBy(slow, WINDOW),
                joinedBy(plain, WINDOW),
                rampBound(plain, WINDOW));
    }
}
