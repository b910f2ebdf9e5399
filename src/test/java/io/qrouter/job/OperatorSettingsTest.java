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
                Map.entry("topic.tasks", "orders"))));

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
    }

    @Test
    void badRoutingValuesNameTheirKey() {
        assertThatThrownBy(() -> JobConfig.of(Map.of("router.policy", "fastest")))
                .hasMessageContaining("'router.policy' must be one of random, round-robin");
        assertThatThrownBy(() -> JobConfig.of(Map.of("router.k-weights", "0.5,0.5,0.5")))
                .hasMessageContaining("'router.k-weights' must be equal, or alpha,sigma,r");
        assertThatThrownBy(() -> JobConfig.of(Map.of("heartbeat.min-interval.ms", "3000")))
                .hasMessageContaining("'heartbeat.max-interval.ms' (2000) must be ≥ 'heartbeat.min-interval.ms' (3000)");
    }
}
