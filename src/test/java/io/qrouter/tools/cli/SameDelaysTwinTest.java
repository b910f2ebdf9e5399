package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison's line of every policy on one run's tasks and delays, on {@link TwinCommandTest}'s
 * recorded run: each figure is what {@code qrouter twin --run DIR --policy P} predicts for P.
 */
class SameDelaysTwinTest {
    @TempDir static Path run;

    @BeforeAll
    static void recordedRun() throws Exception {
        TwinCommandTest.writeRecordedRun(run);
    }

    @Test
    void eachPolicysFigureIsTheTwinsWhatIfAndAPolicyWithoutATwinIsLeftOut() throws Exception {
        Map<String, double[]> figures =
                SameDelaysTwin.of(run)
                        .everyPolicy(List.of("heartbeat-k-live", "ga-batch", "jsq", "random"));
        assertThat(figures).containsOnlyKeys("heartbeat-k-live", "jsq", "random");
        assertThat(List.copyOf(figures.keySet()))
                .containsExactly("heartbeat-k-live", "jsq", "random");
        for (String policy : figures.keySet()) {
            Map<String, Object> twin =
                    TwinCommandTest.json(
                            "twin", "--run", run.toString(), "--policy", policy, "--json");
            assertThat(figures.get(policy)[0])
                    .as(policy)
                    .isEqualTo(TwinCommandTest.figure(twin, "what_if_twin", "wait_mean_seconds"));
            assertThat(figures.get(policy)[1])
                    .as(policy)
                    .isEqualTo(TwinCommandTest.figure(twin, "what_if_twin", "abandoned_share"));
        }
        assertThat(figures.get("random")[0])
                .as("random waits longer than heartbeat-k-live on the same tasks and delays")
                .isGreaterThan(figures.get("heartbeat-k-live")[0]);
    }

    /**
     * The recorded run had two routers: the one-router figure is what {@code qrouter twin --run DIR
     * --routers 1} predicts, beside the twin as run.
     */
    @Test
    void aRunOfTwoRoutersIsReplayedWithOneBesideItsTwin() throws Exception {
        SameDelaysTwin sameDelays = SameDelaysTwin.of(run);
        Map<String, double[]> figures =
                sameDelays.oneRouter(
                        sameDelays
                                .everyPolicy(List.of("heartbeat-k-live"))
                                .get("heartbeat-k-live"));
        assertThat(List.copyOf(figures.keySet())).containsExactly("2 routers", "1 router");
        Map<String, Object> twin =
                TwinCommandTest.json("twin", "--run", run.toString(), "--routers", "1", "--json");
        assertThat(figures.get("2 routers")[0])
                .isEqualTo(TwinCommandTest.figure(twin, "twin", "wait_mean_seconds"));
        assertThat(figures.get("1 router")[0])
                .isEqualTo(TwinCommandTest.figure(twin, "what_if_twin", "wait_mean_seconds"));
        assertThat(figures.get("1 router")[1])
                .isEqualTo(TwinCommandTest.figure(twin, "what_if_twin", "abandoned_share"));
        assertThat(SameDelaysTwin.routersLine("heartbeat-k-live", figures))
                .startsWith("  twin, heartbeat-k-live on its own tasks and delays (mean wait /")
                .contains("2 routers ")
                .contains(", 1 router ");
    }

    @Test
    void theLineNamesTheRunAndEveryPolicysFigures() {
        String line =
                SameDelaysTwin.line(
                        "jsq",
                        new LinkedHashMap<>(
                                Map.of("heartbeat-k-live", new double[] {0.0291, 0.016})));
        assertThat(line)
                .contains("on jsq's tasks and delays")
                .contains("heartbeat-k-live 0.029 s / 1.6 %");
        assertThat(SameDelaysTwin.line("jsq", Map.of())).isEmpty();
    }
}
