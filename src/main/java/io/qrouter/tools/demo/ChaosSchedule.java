package io.qrouter.tools.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * When {@code demo --chaos} injects which fault, in seconds of the fleet's clock (0 = the fleet
 * started), and how long the broker stays down when it is restarted. Written {@code FAULT@TIME,…},
 * e.g. {@code poison@10s,kill-taskmanager@20s,restart-broker@35s}.
 *
 * @param steps the faults in time order
 * @param brokerDowntime how long a restarted broker stays down
 */
public record ChaosSchedule(List<Step> steps, Duration brokerDowntime) {
    /** No faults: a plain demo. */
    public static final ChaosSchedule NONE = new ChaosSchedule(List.of(), Duration.ZERO);

    /** The shortest run the default schedule fits in: each fault needs time to show its effect. */
    public static final Duration MIN_DEFAULT_DURATION = Duration.ofSeconds(40);

    /** One fault at one time. */
    public record Step(Fault fault, Duration at) {
        @Override
        public String toString() {
            return fault.label() + "@" + at.toMillis() / 1000.0 + "s";
        }
    }

    public ChaosSchedule {
        steps = steps.stream().sorted(Comparator.comparing(Step::at)).toList();
    }

    /**
     * Every fault once over a run of {@code duration} (at least {@link #MIN_DEFAULT_DURATION}):
     * poison at 15 % of it, a TaskManager killed at 30 %, the broker restarted at 50 %, poison
     * again at 80 %.
     */
    public static ChaosSchedule defaultFor(Duration duration, Duration brokerDowntime) {
        if (duration.compareTo(MIN_DEFAULT_DURATION) < 0) {
            throw new IllegalArgumentException(
                    "--chaos needs --duration ≥ "
                            + MIN_DEFAULT_DURATION.toSeconds()
                            + "s for its default schedule (got "
                            + duration.toMillis() / 1000.0
                            + "s); or give "
                            + "--chaos-schedule");
        }
        return new ChaosSchedule(
                List.of(
                        step(Fault.POISON, duration, 0.15),
                        step(Fault.KILL_TASKMANAGER, duration, 0.30),
                        step(Fault.RESTART_BROKER, duration, 0.50),
                        step(Fault.POISON, duration, 0.80)),
                brokerDowntime);
    }

    /**
     * Parses {@code FAULT@TIME,…}; every time must lie within the run's {@code duration}.
     *
     * @param readDuration reads a TIME such as {@code 20s} (the command line's duration syntax)
     * @throws IllegalArgumentException naming {@code --chaos-schedule} and what is wrong
     */
    public static ChaosSchedule parse(
            String spec,
            Duration duration,
            Duration brokerDowntime,
            Function<String, Duration> readDuration) {
        List<Step> steps = new ArrayList<>();
        for (String entry : spec.split(",")) {
            String[] parts = entry.trim().split("@");
            if (parts.length != 2) {
                throw new IllegalArgumentException(
                        "--chaos-schedule: expected FAULT@TIME, e.g. kill-taskmanager@20s "
                                + "(got \""
                                + entry.trim()
                                + "\")");
            }
            Duration at;
            try {
                at = readDuration.apply(parts[1].trim());
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("--chaos-schedule: " + e.getMessage());
            }
            if (at.isNegative() || at.isZero() || at.compareTo(duration) >= 0) {
                throw new IllegalArgumentException(
                        "--chaos-schedule: "
                                + entry.trim()
                                + " must lie within the run, "
                                + "in (0s, "
                                + duration.toMillis() / 1000.0
                                + "s)");
            }
            steps.add(new Step(Fault.parse(parts[0].trim()), at));
        }
        return new ChaosSchedule(steps, brokerDowntime);
    }

    public boolean isEmpty() {
        return steps.isEmpty();
    }

    @Override
    public String toString() {
        return steps.stream().map(Step::toString).collect(Collectors.joining(","));
    }

    private static Step step(Fault fault, Duration duration, double share) {
        return new Step(fault, Duration.ofMillis(Math.round(duration.toMillis() * share)));
    }
}
