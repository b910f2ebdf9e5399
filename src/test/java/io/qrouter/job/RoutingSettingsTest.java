package io.qrouter.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class RoutingSettingsTest {

    @Test
    void theDefaultsAreValid() {
        RoutingSettings s = new RoutingSettings().validate();
        assertThat(s.getPolicy()).isEqualTo("heartbeat-k-live");
        assertThat(s.getQueueModel()).isEqualTo("reneging");
    }

    @Test
    void aBadSettingIsNamedWithItsValidRange() {
        rejects(s -> s.setPolicy("fastest"), "fastest", "heartbeat-k-live");
        rejects(s -> s.setQueueModel("mm1"), "queueModel", "reneging or chain-p");
        rejects(s -> s.setDownTimeoutMillis(0), "downTimeoutMillis", "> 0");
        rejects(s -> s.setBufferCapacity(-1), "bufferCapacity", "≥ 0");
        rejects(s -> s.setPowerOfD(0), "powerOfD", "≥ 1");
        rejects(s -> s.setWeightAlpha(0.9), "sum to 1", "alpha");
        rejects(s -> s.setHeartbeatMaxMillis(100), "heartbeatMaxMillis", "heartbeatMinMillis");
        rejects(s -> s.setSlotMillis(0), "slotMillis", "> 0");
        rejects(s -> s.setDsrsV(-1), "dsrsV", "≥ 0");
        rejects(s -> s.setDsrsUnitCosts(Map.of("m1", -2.0)), "dsrsUnitCosts[m1]", "≥ 0");
        rejects(s -> s.setGaAllocator("annealing"), "mv-ga", "annealing");
        rejects(s -> s.setGaPopulation(1), "gaPopulation", "populationSize");
        rejects(s -> s.setEstimatorWindowMillis(-5), "estimatorWindowMillis", "> 0");
    }

    @Test
    void anyEstimatorWindowLengthGetsBucketsThatDivideIt() {
        RoutingSettings s = new RoutingSettings();
        s.setEstimatorWindowMillis(10_000);
        assertThat(s.validate().estimatorConfig().getBucketCount()).isEqualTo(50);
        s.setEstimatorWindowMillis(60_000);
        assertThat(s.estimatorConfig().getBucketCount()).isEqualTo(60);
        s.setEstimatorWindowMillis(10_007);
        assertThat(s.estimatorConfig().getBucketCount()).isEqualTo(1);
    }

    @Test
    void aServiceSpecificUnitCostWinsOverTheServersWhichWinsOverTheDefault() {
        RoutingSettings s = new RoutingSettings();
        s.setDsrsDefaultUnitCost(7);
        s.setDsrsUnitCosts(Map.of("m1", 3.0, "video/m1", 0.5));
        assertThat(s.unitCost("video", "m1")).isEqualTo(0.5);
        assertThat(s.unitCost("audio", "m1")).isEqualTo(3.0);
        assertThat(s.unitCost("audio", "m2")).isEqualTo(7.0);
    }

    private static void rejects(Consumer<RoutingSettings> change, String... messageParts) {
        RoutingSettings s = new RoutingSettings();
        change.accept(s);
        assertThatThrownBy(s::validate).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContainingAll(messageParts);
    }
}
