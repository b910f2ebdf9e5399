package io.qrouter.job.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.PrequalSettings;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.job.TestSettings;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Each operator's settings record takes every key that concerns it from the configuration, and only
 * from there.
 */
class OperatorSettingsFromConfigTest {
    /** Every operator key at a value other than its default. */
    private static final Map<String, String> EVERY_OPERATOR_KEY =
            Map.ofEntries(
                    Map.entry("router.policy", "power-of-d"),
                    Map.entry("router.power-of-d", "3"),
                    Map.entry("router.prequal.pool-size", "8"),
                    Map.entry("router.prequal.probes-per-task", "2"),
                    Map.entry("router.prequal.q-rif", "0.5"),
                    Map.entry("router.prequal.max-age.ms", "250"),
                    Map.entry("router.prequal.max-uses", "4"),
                    Map.entry("router.k-weights", "0.5, 0.25, 0.25"),
                    Map.entry("router.k-time-unit.ms", "250"),
                    Map.entry("router.seed", "-7"),
                    Map.entry("router.buffer.capacity", "0"),
                    Map.entry("router.buffer.deadline.ms", "1500"),
                    Map.entry("router.in-flight-timeout.ms", "700"),
                    Map.entry("router.admission.max-loss-probability", "0.2"),
                    Map.entry("router.slow-start.ms", "5000"),
                    Map.entry("router.ack-timeout.ms", "700"),
                    Map.entry("router.ack-ejection.ms", "9000"),
                    Map.entry("router.redecide-unacknowledged", "true"),
                    Map.entry("router.placement", "random"),
                    Map.entry("sink.delivery-guarantee", "exactly-once"),
                    Map.entry("checkpoint.interval.ms", "1500"),
                    Map.entry("server.queue-model", "chain-p"),
                    Map.entry("server.estimator-window.ms", "30000"),
                    Map.entry("server.estimator-buckets", "10"),
                    Map.entry("server.estimator-min-events", "5"),
                    Map.entry("server.update-coalesce.ms", "40"),
                    Map.entry("server.metrics-refresh.ms", "45000"),
                    Map.entry("server.down-timeout.ms", "2500"),
                    Map.entry("server.forget-down-after.ms", "90000"),
                    Map.entry("heartbeat.min-interval.ms", "100"),
                    Map.entry("heartbeat.max-interval.ms", "900"),
                    Map.entry("server.admission", "signed"),
                    Map.entry("server.allow-list", "rack-7-*, server-9"),
                    Map.entry("server.hmac-secret", "fleet-secret-0123456789"),
                    Map.entry("topic.heartbeats", "beats"),
                    Map.entry("topic.tasks", "orders"),
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
                    Map.entry("ga.d", "0.5"));

    @Test
    void theTestCoversEveryOperatorKey() {
        Set<String> operatorKeys =
                Arrays.stream(ConfigKey.values())
                        .map(ConfigKey::key)
                        .filter(
                                k ->
                                        k.matches("(router|server|heartbeat|dsrs|ga)\\..*")
                                                && !k.equals("router.parallelism"))
                        .collect(Collectors.toSet());
        assertThat(EVERY_OPERATOR_KEY.keySet()).containsAll(operatorKeys);
        EVERY_OPERATOR_KEY.forEach(
                (key, value) ->
                        assertThat(value)
                                .as(key)
                                .isNotEqualTo(ConfigKey.byName(key).defaultValue()));
    }

    @Test
    void everyKeyReachesItsOperator() {
        JobConfig config = JobConfig.of(EVERY_OPERATOR_KEY);

        RouterSettings router = RouterSettings.from(config);
        assertThat(router.policy()).isEqualTo(PolicyName.POWER_OF_D);
        assertThat(router.powerOfD()).isEqualTo(3);
        assertThat(router.weights()).isEqualTo(new LoadIndexWeights(0.5, 0.25, 0.25));
        assertThat(router.loadIndexTimeUnit()).isEqualTo(Duration.ofMillis(250));
        assertThat(router.seed()).isEqualTo(-7);
        assertThat(router.bufferCapacity()).isZero();
        assertThat(router.bufferDeadline()).isEqualTo(Duration.ofMillis(1500));
        assertThat(router.inFlightTimeout()).isEqualTo(Duration.ofMillis(700));
        assertThat(router.tasksTopic()).isEqualTo("orders");
        assertThat(router.placeTasks()).isFalse();
        assertThat(router.maxLossProbability()).isEqualTo(0.2);
        assertThat(router.slowStart()).isEqualTo(Duration.ofMillis(5000));
        // exactly-once: the decisions reach the servers a checkpoint later
        assertThat(router.ackTimeout()).isEqualTo(Duration.ofMillis(700 + 1500));
        assertThat(router.ackEjection()).isEqualTo(Duration.ofMillis(9000));
        assertThat(router.redecideUnacknowledged()).isTrue();
        assertThat(router.prequal()).isEqualTo(new PrequalSettings(8, 2, 0.5, 250, 4));
        assertThat(router.policyConfig(0, 1).prequal()).isEqualTo(router.prequal());

        ServerStateSettings server = ServerStateSettings.from(config);
        assertThat(server.queueModel()).isEqualTo("chain-p");
        assertThat(server.weights()).isEqualTo(router.weights());
        assertThat(server.reportedLoadIndexTimeUnitSeconds()).isEqualTo(0.25);
        assertThat(server.estimatorConfig().getWindowMillis()).isEqualTo(30_000);
        assertThat(server.estimatorConfig().getBucketCount()).isEqualTo(10);
        assertThat(server.estimatorConfig().getMinArrivals()).isEqualTo(5);
        assertThat(server.updateCoalesce()).isEqualTo(Duration.ofMillis(40));
        assertThat(server.metricsRefresh()).isEqualTo(Duration.ofSeconds(45));
        assertThat(server.downTimeout()).isEqualTo(Duration.ofMillis(2500));
        assertThat(server.forgetDownAfter()).isEqualTo(Duration.ofMillis(90_000));
        assertThat(server.heartbeatMin()).isEqualTo(Duration.ofMillis(100));
        assertThat(server.heartbeatMax()).isEqualTo(Duration.ofMillis(900));
        assertThat(server.admission().mode()).isEqualTo(ServerAdmission.Mode.SIGNED);
        assertThat(server.admission().allowList().entries())
                .containsExactly("rack-7-*", "server-9");
        assertThat(server.admission().heartbeatsTopic()).isEqualTo("beats");

        DsrsSettings dsrs = DsrsSettings.from(config);
        assertThat(dsrs.slot()).isEqualTo(Duration.ofMillis(250));
        assertThat(dsrs.v()).isEqualTo(50);
        assertThat(dsrs.unitCost("video", "edge-2")).isEqualTo(2);
        assertThat(dsrs.unitCost("audio", "edge-2")).isEqualTo(3);
        assertThat(dsrs.unitCost("audio", "edge-1")).isEqualTo(0.5);

        GaSettings ga = GaSettings.from(config);
        assertThat(ga.allocator()).isEqualTo("dga");
        assertThat(ga.batchSize()).isEqualTo(8);
        assertThat(ga.window()).isEqualTo(Duration.ofMillis(400));
        assertThat(ga.lanes()).isEqualTo(4);
        assertThat(ga.gaConfig().populationSize()).isEqualTo(12);
        assertThat(ga.gaConfig().generations()).isEqualTo(7);
        assertThat(ga.gaConfig().r()).isEqualTo(1.5);
        assertThat(ga.gaConfig().d()).isEqualTo(0.5);
        assertThat(ga.seed()).isEqualTo(-7);
        assertThat(ga.bufferDeadline()).isEqualTo(router.bufferDeadline());
    }

    @Test
    void autoTimeUnitFollowsTheFleetAndServersReportInSeconds() {
        JobConfig config = JobConfig.defaults();
        assertThat(RouterSettings.from(config).loadIndexTimeUnit()).isZero();
        assertThat(ServerStateSettings.from(config).reportedLoadIndexTimeUnitSeconds())
                .isEqualTo(1.0);
    }

    @Test
    void anyEstimatorWindowLengthGetsBucketsThatDivideIt() {
        assertThat(bucketsFor("10000")).isEqualTo(50);
        assertThat(bucketsFor("60000")).isEqualTo(60);
        assertThat(bucketsFor("10007")).isEqualTo(1);
    }

    private static int bucketsFor(String windowMillis) {
        return TestSettings.serverState(
                        "server.estimator-window.ms",
                        windowMillis,
                        "server.estimator-buckets",
                        "60")
                .estimatorConfig()
                .getBucketCount();
    }

    @Test
    void gaBatchPolicyLeavesTheTaskByTaskPolicyAtItsDefault() {
        JobConfig config = JobConfig.of(Map.of("router.policy", "ga-batch"));
        assertThat(GaSettings.routesInBatches(config)).isTrue();
        assertThat(RouterSettings.from(config).policy()).isEqualTo(PolicyName.HEARTBEAT_K_LIVE);
    }

    @Test
    void inconsistentGaOrEstimatorSettingsNameTheirKeys() {
        assertThatThrownBy(() -> TestSettings.ga("ga.population", "1"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'ga.population'");
        assertThatThrownBy(
                        () ->
                                TestSettings.serverState(
                                        "server.estimator-window.ms",
                                        "100",
                                        "server.estimator-min-events",
                                        "0"))
                .hasMessageContaining("'server.estimator-min-events'");
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
                .hasMessageContaining(
                        "'heartbeat.max-interval.ms' (2000) must be ≥ 'heartbeat.min-interval.ms' (3000)");
    }
}
