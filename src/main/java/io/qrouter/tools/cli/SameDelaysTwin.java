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
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Every policy of a comparison, and the run's own policy with one router, replayed by the twin on
 * one run's tasks and delays. Each measured run has a pipeline of its own, and on a saturated
 * machine two runs' delays differ by more than two policies do (docs/results.md, 1,000 servers); on
 * one run's delays only the routing differs.
 */
final class SameDelaysTwin {
    private SameDelaysTwin() {}

    /**
     * Per policy, the twin's {mean wait in seconds, abandoned share} on the run in {@code runDir};
     * empty when that run has no twin (GA batches), and a policy the simulator does not route is
     * left out.
     */
    static Map<String, double[]> predict(Path runDir, List<String> policies) {
        RecordedRun recorded = RecordedRun.read(runDir);
        Optional<DigitalTwin.JobModel> model = JobTwin.model(recorded);
        Map<String, double[]> figures = new LinkedHashMap<>();
        if (model.isEmpty()) {
            return figures;
        }
        for (String policy : policies) {
            try {
                figures(
                                recorded,
                                model.get(),
                                Optional.of(PolicyName.parse(policy)),
                                OptionalInt.empty())
                        .ifPresent(f -> figures.put(policy, f));
            } catch (IllegalArgumentException notRoutedTaskByTask) {
                // left out: the simulator does not route it task by task
            }
        }
        return figures;
    }

    /**
     * The run's own policy with one router on the run's tasks and delays, beside its twin as run,
     * when the run had more routers: what they cost the routing alone, free of the difference
     * between two runs' pipelines (docs/results.md, "The twin replays every update's delay"). Keys
     * "N routers" and "1 router", each {mean wait in seconds, abandoned share}; empty with one
     * router or without a twin.
     */
    static Map<String, double[]> oneRouter(Path runDir) {
        RecordedRun recorded = RecordedRun.read(runDir);
        Optional<DigitalTwin.JobModel> model = JobTwin.model(recorded);
        Map<String, double[]> figures = new LinkedHashMap<>();
        if (model.isEmpty() || model.get().routers() < 2) {
            return figures;
        }
        Optional<double[]> asRun =
                figures(recorded, model.get(), Optional.empty(), OptionalInt.empty());
        Optional<double[]> one =
                figures(recorded, model.get(), Optional.empty(), OptionalInt.of(1));
        if (asRun.isPresent() && one.isPresent()) {
            figures.put(model.get().routers() + " routers", asRun.get());
            figures.put("1 router", one.get());
        }
        return figures;
    }

    private static Optional<double[]> figures(
            RecordedRun recorded,
            DigitalTwin.JobModel model,
            Optional<PolicyName> policy,
            OptionalInt routers) {
        WhatIf whatIf = new WhatIf(policy, routers, OptionalInt.empty(), OptionalDouble.empty());
        Map<String, Object> twin = DigitalTwin.predict(recorded, model, whatIf, recorded.seed());
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
