package io.qrouter.tools.sim;

import io.qrouter.core.policy.Rule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-task figures of a run (counted tasks only) and the decisions by rule, and the result
 * built from them.
 */
final class RunTally {
    final Samples waits = new Samples();
    final Samples sojourns = new Samples();
    long completed;
    long abandoned;
    long blocked;
    long failed;
    long rejected;
    long heartbeats;
    private final long[] rules = new long[Rule.values().length];

    void decided(Rule rule) {
        rules[rule.ordinal()]++;
    }

    /**
     * @param areaBusy integral of the busy servers over time
     * @param areaInSystem integral of the tasks at the servers over time
     */
    SimResult result(
            SimConfig config,
            long countedTasks,
            double duration,
            int servers,
            double areaBusy,
            double areaInSystem,
            long events,
            List<StepMetrics> steps,
            ShareHalving.Result antagonistHalving) {
        long routed = 0;
        Map<String, Long> byRule = new LinkedHashMap<>();
        for (Rule r : Rule.values()) {
            if (rules[r.ordinal()] > 0) {
                byRule.put(r.name(), rules[r.ordinal()]);
                routed += rules[r.ordinal()];
            }
        }
        double meanF = steps.stream().mapToDouble(StepMetrics::loadVarianceF).average().orElse(0);
        double meanPj = steps.stream().mapToDouble(StepMetrics::idleFractionPJ).average().orElse(0);
        double meanZ =
                steps.stream().mapToDouble(StepMetrics::strategyMeasureZ).average().orElse(0);
        return new SimResult(
                config,
                completed,
                abandoned,
                blocked,
                failed,
                rejected,
                countedTasks,
                waits.mean(),
                waits.percentile(0.50),
                waits.percentile(0.95),
                waits.percentile(0.99),
                sojourns.mean(),
                sojourns.percentile(0.50),
                sojourns.percentile(0.95),
                sojourns.percentile(0.99),
                duration,
                duration > 0 ? completed / duration : 0,
                duration > 0 ? areaBusy / (servers * duration) : 0,
                duration > 0 ? areaInSystem / duration : 0,
                meanF,
                meanPj,
                meanZ,
                routed == 0 ? 0 : (double) rules[Rule.IDLE_QUEUE.ordinal()] / routed,
                heartbeats,
                byRule,
                events,
                steps,
                antagonistHalving);
    }
}
