package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.tools.experiments.LossAwareRoutingExperiment;
import io.qrouter.tools.report.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seed 000's strategy measure Z = Δ·K̄ + ζ·P_J (Eq. 57) as the simulator reports it per step. */
class StrategyMeasureTest {

    /**
     * Four servers: idle (μ 1), one task (μ 2), three tasks (μ 0.5), and a fourth that is down.
     * Without abandonment the live K of n tasks is α·(n−1)⁺ + σ·n/μ (the wait of an arrival, in
     * units of T = 1) + r·0, so with equal weights K = 0, (0 + 1/2)/3 = 1/6 and (2 + 6)/3 = 8/3 for
     * the three that are up: K̄ = 17/18; one idle server of N = 4: P_J = 1/4.
     */
    @Test
    void zOfAHandBuiltFleetIsDeltaTimesMeanKPlusZetaTimesTheIdleShare() {
        FleetMeasures m =
                FleetMeasures.of(
                        new int[] {0, 1, 3, 2},
                        new double[] {1, 2, 0.5, 1},
                        new boolean[] {true, true, true, false},
                        0,
                        1,
                        LoadIndexWeights.EQUAL,
                        2,
                        3);
        double meanK = (0 + 1.0 / 6 + 8.0 / 3) / 3;
        assertThat(m.meanK()).isCloseTo(17.0 / 18, within(1e-12)).isCloseTo(meanK, within(1e-12));
        assertThat(m.idleFractionPJ()).isEqualTo(0.25);
        assertThat(m.strategyZ()).isCloseTo(2 * 17.0 / 18 + 3 * 0.25, within(1e-12));
        double varianceF =
                (Math.pow(0 - meanK, 2)
                                + Math.pow(1.0 / 6 - meanK, 2)
                                + Math.pow(8.0 / 3 - meanK, 2))
                        / 3;
        assertThat(m.varianceF()).isCloseTo(varianceF, within(1e-12));
    }

    @Test
    void theLossAwareRoutingExperimentReportsZPerPolicyPerStepAndOnAverage(@TempDir Path out)
            throws IOException {
        Map<PolicyName, SimResult> results =
                new LossAwareRoutingExperiment(
                                new LossAwareRoutingExperiment.Options(
                                        20, 200, 0.8, 0.2, 2, 3, 5, false))
                        .run(out);
        List<String> csv = Files.readAllLines(out.resolve("z_strategy_measure.csv"));
        assertThat(csv.get(0)).startsWith("step,time,random,round-robin");
        assertThat(out.resolve("z_strategy_measure.png")).isNotEmptyFile();
        JsonNode json = Json.MAPPER.readTree(out.resolve("summary.json").toFile());
        int column = 2;
        for (Map.Entry<PolicyName, SimResult> e : results.entrySet()) {
            List<StepMetrics> steps = e.getValue().steps();
            for (StepMetrics s : steps) {
                assertThat(s.strategyMeasureZ())
                        .isCloseTo(2 * s.meanLoadIndexK() + 3 * s.idleFractionPJ(), within(1e-12));
                assertThat(s.meanLoadIndexK()).isNotNegative();
            }
            // the run ends when every task has left: every server idle, K̄ = 0, P_J = 1, Z = ζ
            assertThat(steps.get(steps.size() - 1).strategyMeasureZ()).isEqualTo(3.0);
            assertThat(steps.stream().mapToDouble(StepMetrics::strategyMeasureZ))
                    .as("Z moves while tasks are there")
                    .anyMatch(z -> z != 3.0);
            String first = csv.get(1).split(",", -1)[column++];
            assertThat(Double.parseDouble(first)).isEqualTo(steps.get(0).strategyMeasureZ());
            double mean =
                    steps.stream()
                            .mapToDouble(StepMetrics::strategyMeasureZ)
                            .average()
                            .orElseThrow();
            assertThat(json.get("policies").get(e.getKey().configName()).get("mean_z").asDouble())
                    .isCloseTo(mean, within(1e-12));
        }
        assertThat(Files.readAllLines(out.resolve("table_z_strategy_measure.csv")))
                .hasSize(Files.readAllLines(out.resolve("table2_occupancy.csv")).size());
        assertThat(Files.readString(out.resolve("summary.md")))
                .contains("Strategy measure Z")
                .contains("| Z |");
    }
}
