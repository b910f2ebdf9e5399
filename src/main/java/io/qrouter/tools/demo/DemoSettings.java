package io.qrouter.tools.demo;

import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.tools.fleet.FleetConfig;
import java.time.Duration;
import java.util.Map;

/**
 * One demo run.
 *
 * @param fleet the workload (its bootstrap servers are replaced by the embedded broker's)
 * @param policy the job's routing policy ({@code router.policy})
 * @param duration how long tasks are produced
 * @param checkpointInterval the job's checkpoint interval: exactly-once decisions become visible at
 *     checkpoints, so this is the floor of the routing delay
 * @param parallelism the job's parallelism (and the partitions of every topic)
 * @param drainTimeout after producing stops, how long to wait for the last decisions
 * @param deliveryGuarantee the job's {@code sink.delivery-guarantee}: exactly-once (decisions
 *     visible at checkpoints) or at-least-once (visible at once, duplicates possible after a
 *     failure)
 * @param chaos the faults injected during the run ({@link ChaosSchedule#NONE}: none)
 * @param jobSettings more job configuration keys ({@code --set}), applied after the demo's own
 * @param prometheusPort where Flink's Prometheus reporter serves the job's metrics (another free
 *     port when taken); 0: no reporter
 */
public record DemoSettings(
        FleetConfig fleet,
        String policy,
        Duration duration,
        Duration checkpointInterval,
        int parallelism,
        Duration drainTimeout,
        String deliveryGuarantee,
        ChaosSchedule chaos,
        Map<String, String> jobSettings,
        int prometheusPort) {

    public DemoSettings {
        if (duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("--duration must be > 0s (got " + duration + ")");
        }
        if (checkpointInterval.toMillis() < 100 || checkpointInterval.toMillis() > 60_000) {
            throw new IllegalArgumentException(
                    "--checkpoint-interval must be in [100ms, 60s] (got "
                            + checkpointInterval.toMillis()
                            + "ms)");
        }
        if (!"exactly-once".equals(deliveryGuarantee)
                && !"at-least-once".equals(deliveryGuarantee)) {
            throw new IllegalArgumentException(
                    "--delivery must be exactly-once or at-least-once (got "
                            + deliveryGuarantee
                            + ")");
        }
        if (parallelism < 1 || parallelism > 64) {
            throw new IllegalArgumentException(
                    "--parallelism must be in [1, 64] (got " + parallelism + ")");
        }
        if (prometheusPort < 0 || prometheusPort > 65_535) {
            throw new IllegalArgumentException(
                    "--prometheus-port must be in [0, 65535], 0 for none (got "
                            + prometheusPort
                            + ")");
        }
        jobSettings = Map.copyOf(jobSettings);
        JobConfig.of(jobSettings); // a bad key or value fails here, naming the key
    }

    /**
     * Task slots the job needs on one TaskManager: its parallelism, or {@code router.parallelism}
     * where that is higher (each slot runs one subtask of every operator). Fewer and the job waits
     * for slots that never come.
     */
    public int slotsNeeded() {
        return Math.max(
                parallelism, JobConfig.of(jobSettings).getInt(ConfigKey.ROUTER_PARALLELISM));
    }
}
