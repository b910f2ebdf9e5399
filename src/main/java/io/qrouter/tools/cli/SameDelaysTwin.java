package io.qrouter.tools.cli;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.demo.JobTwin;
import io.qrouter.tools.fleet.DigitalTwin;
import io.qrouter.tools.fleet.RecordedRun;
import io.qrouter.tools.fleet.WhatIf;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Every policy of a comparison, and the run's own policy with one router, replayed by the twin on
 * one run's tasks and delays. Each measured run has a pipeline of its own, and on a saturated
 * machine two runs' delays differ by more than two policies do (docs/results.md, 1,000 servers); on
 * one run's delays only the routing differs.
 */
final class SameDelaysTwin {
    private final RecordedRun recorded;

    /** Empty when the run has no twin (GA batches). */
    private final Optional<DigitalTwin.JobModel> model;

    private SameDelaysTwin(RecordedRun recorded) {
        this.recorded = recorded;
        this.model = JobTwin.model(recorded);
    }

    /** The run recorded in {@code runDir}, read once for every replay below. */
    static SameDelaysTwin of(Path runDir) {
        return new SameDelaysTwin(RecordedRun.read(runDir));
    }

    /**
     * Per policy, the twin's {mean wait in seconds, abandoned share} on this run; empty when the
     * run has no twin, and a policy the simulator does not route is left out.
     */
    Map<String, double[]> everyPolicy(List<String> policies) {
        Map<String, double[]> figures = new LinkedHashMap<>();
        if (model.isEmpty()) {
            return figures;
        }
        for (String policy : policies) {
            try {
                figures(Optional.of(PolicyName.parse(policy)), OptionalInt.empty())
                        .ifPresent(f -> figures.put(policy, f));
            } catch (IllegalArgumentException notRoutedTaskByTask) {
                // left out: the simulator does not route it task by task
            }
        }
        return figures;
    }

    /**
     * The run's own policy with one router on its tasks and delays, beside {@code asRun} (its twin
     * as run, from {@link #everyPolicy}; null: none), when the run had more routers: what they cost
     * the routing alone, free of the difference between two runs' pipelines (docs/results.md, "The
     * twin replays every update's delay"). Keys "N routers" and "1 router"; empty with one router
     * or without a twin.
     */
    Map<String, double[]> oneRouter(double[] asRun) {
        Map<String, double[]> figures = new LinkedHashMap<>();
        if (asRun == null || model.isEmpty() || model.get().routers() < 2) {
            return figures;
        }
        figures(Optional.empty(), OptionalInt.of(1))
                .ifPresent(
                        one -> {
                            figures.put(model.get().routers() + " routers", asRun);
                            figures.put("1 router", one);
                        });
        return figures;
    }

    /** The twin's {mean wait, abandoned share} under {@code policy} and {@code routers}. */
    private Optional<double[]> figures(Optional<PolicyName> policy, OptionalInt routers) {
        WhatIf whatIf = WhatIf.routing(policy, routers);
        Map<String, Object> twin =
                DigitalTwin.predict(recorded, model.get(), whatIf, recorded.seed());
        if (twin == null || !(twin.get("wait_seconds") instanceof Map<?, ?> wait)) {
            return Optional.empty();
        }
        return Optional.of(
                new double[] {
                    ((Number) wait.get("mean")).doubleValue(),
                    ((Number) twin.get("abandoned_share")).doubleValue()
                });
    }

    /** The line under the comparison's table; empty without figures. */
    static String line(String runPolicy, Map<String, double[]> figures) {
        return headedLine("  twin, every policy on " + runPolicy + "'s tasks and delays", figures);
    }

    /** The line of {@link #oneRouter}; empty without figures. */
    static String routersLine(String runPolicy, Map<String, double[]> figures) {
        return headedLine("  twin, " + runPolicy + " on its own tasks and delays", figures);
    }

    private static String headedLine(String head, Map<String, double[]> figures) {
        if (figures.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(head + " (mean wait / abandoned):");
        String separator = " ";
        for (Map.Entry<String, double[]> e : figures.entrySet()) {
            out.append(
                    String.format(
                            Locale.ROOT,
                            "%s%s %.3f s / %.1f %%",
                            separator,
                            e.getKey(),
                            e.getValue()[0],
                            100 * e.getValue()[1]));
            separator = ", ";
        }
        return out.append(System.lineSeparator()).toString();
    }
}
