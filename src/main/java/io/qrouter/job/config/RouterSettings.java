package io.qrouter.job.config;

import io.qrouter.core.policy.Policies;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.PrequalSettings;
import io.qrouter.core.policy.RoutingPolicy;
import io.qrouter.core.queueing.LoadIndexWeights;
import java.io.Serializable;
import java.time.Duration;
import java.util.Arrays;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;

/**
 * What {@code RouterFunction} needs: the policy and its parameters, the buffer for tasks no server
 * can take yet, and how long a routed task counts as in flight. Built once from the validated
 * {@link JobConfig}.
 *
 * @param loadIndexTimeUnit K's fleet-wide time unit; {@link Duration#ZERO} follows the fleet's mean
 *     service time
 * @param maxLossProbability loss-aware admission: a task whose best server's predicted abandonment
 *     probability exceeds it is rejected at once; 1 = admission off
 * @param slowStart the window over which a joining server's share ramps up; {@link Duration#ZERO} =
 *     off
 * @param prequal the prequal policy's probe pool
 * @param ackTimeout black-hole ejection's timeout, the checkpoint interval included under
 *     exactly-once; {@link Duration#ZERO}: off
 * @param ackEjection how long a black hole is first ejected
 * @param redecideUnacknowledged an ejected black hole's unacknowledged tasks are routed again
 *     instead of dead-lettered
 * @param placeTasks with several routers, the task placer decides each task as one router would
 *     ({@code router.placement=idle-servers}) where the policy has an idle queue
 */
public record RouterSettings(
        PolicyName policy,
        int powerOfD,
        LoadIndexWeights weights,
        Duration loadIndexTimeUnit,
        long seed,
        String tasksTopic,
        int bufferCapacity,
        Duration bufferDeadline,
        Duration inFlightTimeout,
        double maxLossProbability,
        Duration slowStart,
        PrequalSettings prequal,
        Duration ackTimeout,
        Duration ackEjection,
        boolean redecideUnacknowledged,
        boolean placeTasks)
        implements Serializable {

    /** The value of {@code router.k-time-unit.ms} that follows the fleet's mean service time. */
    static final String AUTO = "auto";

    /** Every value of router.policy: the per-task policies and ga-batch. */
    public static String[] policyNames() {
        return Stream.concat(
                        Arrays.stream(PolicyName.values()).map(PolicyName::configName),
                        Stream.of(GaSettings.GA_BATCH_POLICY))
                .toArray(String[]::new);
    }

    public static RouterSettings from(JobConfig config) {
        // With ga-batch the task-by-task router is not in the topology; it keeps the default
        // policy.
        PolicyName policy =
                GaSettings.routesInBatches(config)
                        ? PolicyName.HEARTBEAT_K_LIVE
                        : PolicyName.parse(config.choice(ConfigKey.ROUTER_POLICY));
        return new RouterSettings(
                policy,
                config.getInt(ConfigKey.ROUTER_POWER_OF_D),
                loadIndexWeights(config),
                loadIndexTimeUnit(config),
                config.getLong(ConfigKey.ROUTER_SEED),
                config.get(ConfigKey.TOPIC_TASKS),
                config.getInt(ConfigKey.ROUTER_BUFFER_CAPACITY),
                config.duration(ConfigKey.ROUTER_BUFFER_DEADLINE_MS),
                config.duration(ConfigKey.ROUTER_IN_FLIGHT_TIMEOUT_MS),
                maxLossProbability(config),
                config.duration(ConfigKey.ROUTER_SLOW_START_MS),
                prequal(config),
                ackTimeout(config),
                config.duration(ConfigKey.ROUTER_ACK_EJECTION_MS),
                Boolean.parseBoolean(config.choice(ConfigKey.ROUTER_REDECIDE_UNACKNOWLEDGED)),
                config.choice(ConfigKey.ROUTER_PLACEMENT).equals("idle-servers"));
    }

    /**
     * Decisions behind an exactly-once sink reach the servers only when a checkpoint commits them.
     */
    static Duration ackTimeout(JobConfig config) {
        Duration timeout = config.duration(ConfigKey.ROUTER_ACK_TIMEOUT_MS);
        boolean exactlyOnce =
                config.choice(ConfigKey.SINK_DELIVERY_GUARANTEE).equals("exactly-once");
        return timeout.isZero() || !exactlyOnce
                ? timeout
                : timeout.plus(config.duration(ConfigKey.CHECKPOINT_INTERVAL_MS));
    }

    /** The router.prequal.* keys; the pool must hold a task's probes. */
    static PrequalSettings prequal(JobConfig config) {
        int pool = config.getInt(ConfigKey.ROUTER_PREQUAL_POOL_SIZE);
        int probes = config.getInt(ConfigKey.ROUTER_PREQUAL_PROBES_PER_TASK);
        if (probes > pool) {
            throw new IllegalArgumentException(
                    ConfigKey.ROUTER_PREQUAL_PROBES_PER_TASK.key()
                            + " must be in [1, "
                            + ConfigKey.ROUTER_PREQUAL_POOL_SIZE.key()
                            + " = "
                            + pool
                            + "] (got "
                            + probes
                            + ")");
        }
        return new PrequalSettings(
                pool,
                probes,
                config.getDouble(ConfigKey.ROUTER_PREQUAL_Q_RIF),
                config.getLong(ConfigKey.ROUTER_PREQUAL_MAX_AGE_MS),
                config.getInt(ConfigKey.ROUTER_PREQUAL_MAX_USES));
    }

    /** {@code router.admission.max-loss-probability}: "off" is 1 (no task is ever rejected). */
    static double maxLossProbability(JobConfig config) {
        String value = config.get(ConfigKey.ROUTER_ADMISSION_MAX_LOSS_PROBABILITY).trim();
        return value.equalsIgnoreCase("off") ? 1 : Double.parseDouble(value);
    }

    /** The policy configuration of router {@code routerIndex} out of {@code routerCount}. */
    public PolicyConfig policyConfig(int routerIndex, int routerCount) {
        return PolicyConfig.of(policy)
                .withChoices(powerOfD)
                .withWeights(weights)
                .withLoadIndexTimeUnitSeconds(loadIndexTimeUnit.toMillis() / 1000.0)
                .withRouter(routerIndex, routerCount)
                .withPrequal(prequal);
    }

    /** A policy of {@code config}, behind slow start when {@code router.slow-start} is set. */
    public RoutingPolicy newPolicy(PolicyConfig config, RandomGenerator random) {
        return Policies.create(config, random, slowStart.toMillis());
    }

    static LoadIndexWeights loadIndexWeights(JobConfig config) {
        String value = config.get(ConfigKey.ROUTER_K_WEIGHTS).trim();
        return value.equalsIgnoreCase("equal")
                ? LoadIndexWeights.EQUAL
                : LoadIndexWeights.parse(value);
    }

    static Duration loadIndexTimeUnit(JobConfig config) {
        String value = config.get(ConfigKey.ROUTER_K_TIME_UNIT_MS).trim();
        return value.equalsIgnoreCase(AUTO)
                ? Duration.ZERO
                : Duration.ofMillis(Long.parseLong(value));
    }
}
