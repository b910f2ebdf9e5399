package io.qrouter.tools.experiments;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.LineChart;
import io.qrouter.tools.sim.SimResult;
import io.qrouter.tools.sim.StepMetrics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * One per-step figure of a policy comparison: a CSV with a column per policy (blank once a run has
 * ended) and a PNG line chart, named {@code <name>.csv} and {@code <name>.png}.
 */
record StepFigure(String name, String title, String yLabel, ToDoubleFunction<StepMetrics> value) {

    void write(Path dir, Map<PolicyName, SimResult> results) {
        List<String> header = new ArrayList<>(List.of("step", "time"));
        results.keySet().forEach(p -> header.add(p.configName()));
        CsvTable csv = new CsvTable(header.toArray(String[]::new));
        LineChart chart = new LineChart(title, "time step", yLabel).yFromData();
        int steps = results.values().stream().mapToInt(r -> r.steps().size()).max().orElse(0);
        double stepLength = results.values().iterator().next().config().stepLength();
        for (int i = 0; i < steps; i++) {
            Object[] row = new Object[header.size()];
            row[0] = i + 1;
            row[1] = (i + 1) * stepLength;
            int column = 2;
            for (Map.Entry<PolicyName, SimResult> e : results.entrySet()) {
                List<StepMetrics> s = e.getValue().steps();
                Double v = null;
                if (i < s.size()) {
                    double y = value.applyAsDouble(s.get(i));
                    if (Double.isFinite(y)) {
                        v = y;
                        chart.point(e.getKey().configName(), i + 1, y);
                    }
                }
                row[column++] = v;
            }
            csv.add(row);
        }
        csv.write(dir.resolve(name + ".csv"));
        chart.writePng(dir.resolve(name + ".png"));
    }
}
