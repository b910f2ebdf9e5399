package io.qrouter.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.tools.fleet.TestFleetConfigs;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The demo's cluster has a slot for every router subtask, even above the job's parallelism. */
class DemoSettingsTest {
    private static DemoSettings settings(int parallelism, Map<String, String> jobSettings) {

        return new DemoSettings(
                TestFleetConfigs.twoServers(),
                "heartbeat-k-live",
                Duration.ofSeconds(1),
                Duration.ofMillis(500),
                parallelism,
                Duration.ofSeconds(5),
                "exactly-once",
                ChaosSchedule.NONE,
                jobSettings,
                0);
    }

    @Test
    void theJobsParallelismWithoutMoreRouters() {
        assertThat(settings(2, Map.of()).slotsNeeded()).isEqualTo(2);
        assertThat(settings(3, Map.of("router.parallelism", "2")).slotsNeeded()).isEqualTo(3);
    }

    @Test
    void moreRoutersThanTheJobsParallelismNeedASlotEach() {
        assertThat(settings(2, Map.of("router.parallelism", "4")).slotsNeeded()).isEqualTo(4);
    }
}
