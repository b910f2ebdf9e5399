package io.qrouter.tools.experiments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import io.qrouter.core.policy.PolicyName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scale-out sweep at a small size: its CSV read back, its summary's growth figure checked
 * against the CSV's own numbers, and the classic ordering of the policies.
 */
class RoutersExperimentTest {

    @Test
    void sweepsRouterCountsAndWritesWhatItMeasured(@TempDir Path out) throws Exception {
        RoutersExperiment experiment =
                new RoutersExperiment(
                        new RoutersExperiment.Options(
                                60, 12_000, List.of(0.9), List.of(1, 4), 5, 2, false));
        experiment.run(out);

        List<String> csv = Files.readAllLines(out.resolve("routers.csv"));
        assertThat(csv.get(0))
                .startsWith("policy,routers,load,servers,tasks,mean_wait,p99_wait,abandoned");
        assertThat(csv).hasSize(1 + PolicyName.values().length * 2);
        double liveOne = meanWait(csv, "heartbeat-k-live", 1);
        double liveFour = meanWait(csv, "heartbeat-k-live", 4);
        for (int routers : List.of(1, 4)) {
            assertThat(meanWait(csv, "heartbeat-k-live", routers))
                    .isLessThan(meanWait(csv, "power-of-d", routers))
                    .isLessThan(meanWait(csv, "round-robin", routers))
                    .isLessThan(meanWait(csv, "random", routers));
        }
        // behind the placer four routers wait as one; four jsq routers, each knowing only its own
        // decisions, herd
        assertThat(liveFour).isCloseTo(liveOne, withinPercentage(2));
        assertThat(meanWait(csv, "jsq", 4)).isGreaterThan(meanWait(csv, "jsq", 1));

        String summary = Files.readString(out.resolve("summary.md"));
        assertThat(summary)
                .contains("| policy | R = 1 | R = 4 |")
                .contains(
                        String.format(
                                Locale.ROOT,
                                "heartbeat-k-live against one router: R = 4 %.2f×.",
                                liveFour / liveOne));
        assertThat(out.resolve("routers_0.90.png")).isNotEmptyFile();
    }

    private static double meanWait(List<String> csv, String policy, int routers) {
        return csv.stream()
                .skip(1)
                .map(line -> line.split(",", -1))
                .filter(c -> c[0].equals(policy) && Integer.parseInt(c[1]) == routers)
                .mapToDouble(c -> Double.parseDouble(c[5]))
                .findFirst()
                .orElseThrow();
    }
}
