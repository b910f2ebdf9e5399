package io.qrouter.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OperatorSettingsTest {

    /** The documented defaults (ConfigKey) and the operators' own field defaults must not drift apart. */
    @Test
    void configDefaultsEqualTheOperatorsDefaults() {
        RoutingSettings fromConfig = OperatorSettings.routing(JobConfig.defaults());
        RoutingSettings own = new RoutingSettings();

        assertThat(fromConfig).usingRecursiveComparison().isEqualTo(own);
    }

    @Test
    void everyRoutingKeyReachesTheSettings() {
        RoutingSettings settings = OperatorSettings.routing(JobConfig.of(Map.ofEntries(
                Map.entry("router.policy", "power-of-d"),
                Map.entry("router.power-of-d", "3"),
                Map.entry("router.k-weights", "0.5, 0.25, 0.25"),
                Map.entry("router.seed", "-7"),
                Map.entry("router.buffer.capacity", "0"),
                Map.entry("router.buffer.deadline.ms", "1500"),
                Map.entry("server.queue-model", "chain-p"),
                Map.entry("server.estimator-window.ms", "30000"),
                Map.entry("server.down-timeout.ms", "2500"),
                Map.entry("server.forget-down-after.ms", "90000"),
                Map.entry("heartbeat.min-interval.ms", "100"),
                Map.entry("heartbeat.max-interval.ms", "900"),
                Map.entry("topic.tasks", "orders"),
                Map.entry("server.estimator-buckets", "10"),
                Map.entry("server.estimator-min-events", "5"),
                Map.entry("dsrs.slot.ms", "250"),
                Map.entry("dsrs.v", "50"),
                Map.entry("dsrs.default-unit-cost", "3"),
                Map.entry("dsrs.unit-costs", "edge-1=0.5, video/edge-2=2"),
                Map.entry("ga.allocator", "dga"),
                Map.entry("ga.batch-size", "8"),
                Map.entry("ga.window.ms", "400"),
                Map.entry("ga.lanes", "4"),
                Map.entry("ga.population", "12"),
                Map.entry("ga.generations", "7"),
                Map.entry("ga.r", "1.5"),
                Map.entry("ga.d", "0.5"))));

        assertThat(settings.getPolicy()).isEqualTo("power-of-d");
        assertThat(settings.getPowerOfD()).isEqualTo(3);
        assertThat(settings.getWeightAlpha()).isEqualTo(0.5);
        assertThat(settings.getWeightSigma()).isEqualTo(0.25);
        assertThat(settings.getWeightR()).isEqualTo(0.25);
        assertThat(settings.getSeed()).isEqualTo(-7);
        assertThat(settings.getBufferCapacity()).isZero();
        assertThat(settings.getBufferDeadlineMillis()).isEqualTo(1500);
        assertThat(settings.getQueueModel()).isEqualTo("chain-p");
        assertThat(settings.getEstimatorWindowMillis()).isEqualTo(30_000);
        assertThat(settings.getDownTimeoutMillis()).isEqualTo(2500);
        assertThat(settings.getForgetDownAfterMillis()).isEqualTo(90_000);
        assertThat(settings.getHeartbeatMinMillis()).isEqualTo(100);
        assertThat(settings.getHeartbeatMaxMillis()).isEqualTo(900);
        assertThat(settings.getTasksTopic()).isEqualTo("orders");
        assertThat(settings.getEstimatorBuckets()).isEqualTo(10);
        assertThat(settings.getEstimatorMinEvents()).isEqualTo(5);
        assertThat(settings.getSlotMillis()).isEqualTo(250);
        assertThat(settings.getDsrsV()).isEqualTo(50);
        assertThat(settings.unitCost("video", "edge-2")).isEqualTo(2);
        assertThat(settings.unitCost("audio", "edge-2")).isEqualTo(3);
        assertThat(settings.unitCost("audio", "edge-1")).isEqualTo(0.5);
        assertThat(settings.getGaAllocator()).isEqualTo("dga");
        assertThat(settings.getGaBatchSize()).isEqualTo(8);
        assertThat(settings.getGaWindowMillis()).isEqualTo(400);
        assertThat(settings.getGaLanes()).isEqualTo(4);
        assertThat(settings.getGaPopulation()).isEqualTo(12);
        assertThat(settings.getGaGenerations()).isEqualTo(7);
        assertThat(settings.getGaR()).isEqualTo(1.5);
        assertThat(settings.getGaD()).isEqualTo(0.5);
    }

    @Test
    void gaBatchPolicyLeavesTheTaskByTaskPolicyAtItsDefault() {
        JobConfig config = JobConfig.of(Map.of("router.policy", "ga-batch"));
        assertThat(OperatorSettings.gaBatch(config)).isTrue();
        assertThat(OperatorSettings.routing(config).getPolicy()).isEqualTo("heartbeat-k-live");
    }

    @Test
    void badRoutingValuesNameTheirKey() {
        assertThatThrownBy(() -> JobConfig.of(Map.of("router.policy", "fastest")))
                .hasMessageContaining("'router.policy' must be one of random, round-robin");
        assertThatThrownBy(() -> JobConfig.of(Map.of("router.k-weights", "0.5,0.5,0.5")))
                .hasMessageContaining("'router.k-weights' must be equal, or alpha,sigma,r");
        assertThatThrownBy(() -> JobConfig.of(Map.of("ga.r", "1")))
                .hasMessageContaining("'ga.r' must be a number in (1, 1000000]");
        assertThatThrownBy(() -> JobConfig.of(Map.of("dsrs.unit-costs", "edge-1=-1")))
                .hasMessageContaining("'dsrs.unit-costs' must be empty, or comma-separated");
        assertThatThrownBy(() -> JobConfig.of(Map.of("dsrs.v", "NaN")))
                .hasMessageContaining("'dsrs.v' must be a number in [0, 1000000000000]");
        assertThatThrownBy(() -> JobConfig.of(Map.of("heartbeat.min-interval.ms", "3000")))
                .hasMessageContaining("'heartbeat.max-interval.ms' (2000) must be ≥ 'heartbeat.min-interval.ms' (3000)");
    }
}
