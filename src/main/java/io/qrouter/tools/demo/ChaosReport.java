package io.qrouter.tools.demo;

import io.qrouter.tools.fleet.DecisionAudit;
import io.qrouter.tools.fleet.FleetResult;
import io.qrouter.tools.fleet.TaskTimeline;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the faults of {@code demo --chaos} did: for each fault how long routing stalled after it,
 * and for the run what the topics say (read back read_committed by {@link DecisionAudit}, not the
 * fleet's tallies): tasks lost, tasks decided twice, poison records sent and dead-lettered.
 *
 * <p>A fault's stall is the longest time without a decision reaching the servers, from the moment
 * the fault was over (the TaskManager gone, the broker back, the poison written) until the next
 * fault or the end of producing. The bound routing must keep is the restart strategy's delay plus
 * two checkpoint intervals: a restarted job's first checkpoint commits its first decisions.
 */
public final class ChaosReport {
    private ChaosReport() {}

    /**
     * @param jobRestarts the job's restarts during the run (Flink's {@code numRestarts})
     */
    static Map<String, Object> of(
            ChaosSchedule schedule,
            List<ChaosInjector.Injected> injected,
            FleetResult result,
            DecisionAudit audit,
            long poisonSent,
            Duration checkpointInterval,
            long jobRestarts) {
        double bound =
                (LocalCluster.RESTART_DELAY.toMillis() + 2 * checkpointInterval.toMillis())
                        / 1000.0;
        double[] arrivals =
                result.timelines().stream()
                        .mapToDouble(TaskTimeline::receivedAt)
                        .filter(t -> !Double.isNaN(t))
                        .sorted()
                        .toArray();
        List<Map<String, Object>> faults = new java.util.ArrayList<>();
        double longest = 0;
        for (int i = 0; i < injected.size(); i++) {
            ChaosInjector.Injected fault = injected.get(i);
            double until =
                    i + 1 < injected.size()
                            ? injected.get(i + 1).atSeconds()
                            : result.producingSeconds();
            double stall =
                    longestGap(arrivals, fault.overSeconds(), Math.max(until, fault.overSeconds()));
            longest = Math.max(longest, stall);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("fault", fault.fault().label());
            entry.put("at_seconds", round(fault.atSeconds()));
            entry.put("over_seconds", round(fault.overSeconds()));
            entry.put("stall_seconds", round(stall));
            entry.put("within_bound", stall <= bound);
            entry.put("detail", fault.detail());
            faults.add(entry);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("schedule", schedule.toString());
        out.put("broker_downtime_seconds", schedule.brokerDowntime().toMillis() / 1000.0);
        out.put("restart_delay_seconds", LocalCluster.RESTART_DELAY.toMillis() / 1000.0);
        out.put("checkpoint_interval_seconds", checkpointInterval.toMillis() / 1000.0);
        out.put("stall_bound_seconds", bound);
        out.put("faults", faults);
        out.put("longest_stall_seconds", round(longest));
        out.put("lost", audit.lostTasks());
        out.put("duplicated", audit.duplicateDecisions());
        out.put("poison_sent", poisonSent);
        out.put("poison_dead_lettered", audit.poisonDeadLettered());
        out.put("job_restarts", jobRestarts);
        return out;
    }

    /** The chaos section for the terminal: one line per fault, then the run's counts. */
    @SuppressWarnings("unchecked")
    public static String summary(Map<String, Object> chaos) {
        StringBuilder out = new StringBuilder();
        for (Map<String, Object> f : (List<Map<String, Object>>) chaos.get("faults")) {
            out.append(
                    String.format(
                            Locale.ROOT,
                            "  chaos %-17s at %6.1f s  stall %5.1f s %s  %s%n",
                            f.get("fault"),
                            f.get("at_seconds"),
                            f.get("stall_seconds"),
                            Boolean.TRUE.equals(f.get("within_bound"))
                                    ? "(within bound)"
                                    : "(OVER BOUND)",
                            f.get("detail")));
        }
        out.append(
                String.format(
                        Locale.ROOT,
                        "  chaos (read back)      lost %s  decided twice %s  poison %s sent, %s "
                                + "dead-lettered  job restarts %s  stall bound %.1f s (restart delay + 2 checkpoints)%n",
                        chaos.get("lost"),
                        chaos.get("duplicated"),
                        chaos.get("poison_sent"),
                        chaos.get("poison_dead_lettered"),
                        chaos.get("job_restarts"),
                        chaos.get("stall_bound_seconds")));
        return out.toString();
    }

    /**
     * The longest time in [from, until] without an arrival: between {@code from} and the first
     * arrival after it, between arrivals, and from the last one to {@code until}.
     */
    static double longestGap(double[] sortedArrivals, double from, double until) {
        double previous = from;
        double longest = 0;
        for (double t : sortedArrivals) {
            if (t <= from) {
                continue;
            }
            if (t > until) {
                break;
            }
            longest = Math.max(longest, t - previous);
            previous = t;
        }
        return Math.max(longest, until - previous);
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }
}
