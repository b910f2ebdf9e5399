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
 * Every policy of a comparison replayed by the twin on one run's tasks and delays. Each measured
 * run has a pipeline of its own, and on a saturated machine two runs' delays differ by more than
 * two policies do (docs/results.md, 1,000 servers); on one run's delays only the routing differs.
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
            Map<String, Object> twin;
            try {
                WhatIf whatIf =
                        new WhatIf(
                                Optional.of(PolicyName.parse(policy)),
                                OptionalInt.empty(),
                                OptionalInt.empty(),
                                OptionalDouble.empty());
                twin = DigitalTwin.predict(recorded, model.get(), whatIf, recorded.seed());
            } catch (IllegalArgumentException notRoutedTaskByTask) {
                continue;
            }
            if (twin != null && twin.get("wait_seconds") instanceof Map<?, ?> wait) {
                figures.put(
                        policy,
                        new double[] {
                            ((Number) wait.get("mean")).doubleValue(),
                            ((Number) twin.get("abandoned_share")).doubleValue()
                        });
            }
        }
        return figures;
    }

    /** The line under the comparison's table; empty without figures. */
    static String line(String runPolicy, Map<String, double[]> figures) {
        if (figures.isEmpty()) {
            return "";
        }
        StringBuilder out =
                new StringBuilder(
                        "  twin, every policy on "
                                + runPolicy
                                + "'s tasks and delays (mean wait /"
                                + " abandoned):");
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
