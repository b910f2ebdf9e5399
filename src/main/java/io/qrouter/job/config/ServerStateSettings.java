package io.qrouter.job.config;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.queueing.LoadIndexWeights;
import java.io.Serializable;
import java.time.Duration;

/**
 * What {@code ServerStateFunction} needs: the queue model and K's weights for a server's figures,
 * the estimators' window, when a silent server is down and then forgotten, how updates are
 * coalesced, how often an unchanged server-metrics record is repeated, the heartbeat interval range
 * it recommends, and which servers it admits. Built once from the validated {@link JobConfig}.
 *
 * @param loadIndexTimeUnit K's time unit as the routers use it; {@link Duration#ZERO} follows the
 *     fleet's mean service time, which one server's state cannot see, so its own reports then use
 *     one second
 * @param resourcesRead whether routing reads the servers' cpu, memory and bandwidth (the GA's
 *     batches do; per-task routing and DSRS do not), so that a heartbeat moving them is news
 */
public record ServerStateSettings(
        String queueModel,
        LoadIndexWeights weights,
        Duration loadIndexTimeUnit,
        Duration estimatorWindow,
        int estimatorBuckets,
        int estimatorMinEvents,
        Duration downTimeout,
        Duration forgetDownAfter,
        Duration updateCoalesce,
        Duration metricsRefresh,
        Duration heartbeatMin,
        Duration heartbeatMax,
        ServerAdmission admission,
        boolean resourcesRead)
        implements Serializable {

    public ServerStateSettings {
        estimatorConfig(
                estimatorWindow,
                estimatorBuckets,
                estimatorMinEvents); // fails early, naming the keys
    }

    public static ServerStateSettings from(JobConfig config) {
        return new ServerStateSettings(
                config.choice(ConfigKey.SERVER_QUEUE_MODEL),
                RouterSettings.loadIndexWeights(config),
                RouterSettings.loadIndexTimeUnit(config),
                config.duration(ConfigKey.SERVER_ESTIMATOR_WINDOW_MS),
                config.getInt(ConfigKey.SERVER_ESTIMATOR_BUCKETS),
                config.getInt(ConfigKey.SERVER_ESTIMATOR_MIN_EVENTS),
                config.duration(ConfigKey.SERVER_DOWN_TIMEOUT_MS),
                config.duration(ConfigKey.SERVER_FORGET_AFTER_MS),
                config.duration(ConfigKey.SERVER_UPDATE_COALESCE_MS),
                config.duration(ConfigKey.SERVER_METRICS_REFRESH_MS),
                config.duration(ConfigKey.HEARTBEAT_MIN_INTERVAL_MS),
                config.duration(ConfigKey.HEARTBEAT_MAX_INTERVAL_MS),
                ServerAdmission.from(config),
                GaSettings.routesInBatches(config));
    }

    /** These settings with the live ones ({@link LiveSettings}) in force instead. */
    public ServerStateSettings with(LiveSettings live) {
        return new ServerStateSettings(
                queueModel,
                weights,
                loadIndexTimeUnit,
                estimatorWindow,
                estimatorBuckets,
                live.getEstimatorMinEvents(),
                Duration.ofMillis(live.getDownTimeoutMillis()),
                forgetDownAfter,
                Duration.ofMillis(live.getUpdateCoalesceMillis()),
                metricsRefresh,
                Duration.ofMillis(live.getHeartbeatMinMillis()),
                Duration.ofMillis(live.getHeartbeatMaxMillis()),
                admission.withList(live.allowList(admission.allowList())),
                resourcesRead);
    }

    /**
     * The estimators' configuration; the bucket count is the largest divisor of the window up to
     * the one set.
     */
    public EstimatorConfig estimatorConfig() {
        return estimatorConfig(estimatorWindow, estimatorBuckets, estimatorMinEvents);
    }

    /**
     * The unit of the K a server's own state reports (server-metrics, heartbeat log), in seconds.
     */
    public double reportedLoadIndexTimeUnitSeconds() {
        return loadIndexTimeUnit.isZero() ? 1.0 : loadIndexTimeUnit.toMillis() / 1000.0;
    }

    private static EstimatorConfig estimatorConfig(Duration window, int buckets, int minEvents) {
        EstimatorConfig config = new EstimatorConfig();
        long windowMillis = window.toMillis();
        config.setWindowMillis(windowMillis);
        config.setBucketCount(bucketsDividing(windowMillis, buckets));
        config.setMinArrivals(minEvents);
        config.setMinExits(minEvents);
        config.setMinCompletions(minEvents);
        config.setMinWaits(minEvents);
        config.setMinRecoveries(minEvents);
        try {
            return config.validate();
        } catch (IllegalArgumentException e) {
            throw new ConfigException(
                    ConfigKey.SERVER_ESTIMATOR_WINDOW_MS.key(),
                    "estimator settings ('"
                            + ConfigKey.SERVER_ESTIMATOR_WINDOW_MS.key()
                            + "', '"
                            + ConfigKey.SERVER_ESTIMATOR_BUCKETS.key()
                            + "', '"
                            + ConfigKey.SERVER_ESTIMATOR_MIN_EVENTS.key()
                            + "'): "
                            + e.getMessage());
        }
    }

    private static int bucketsDividing(long windowMillis, int atMost) {
        for (int buckets = (int) Math.min(atMost, windowMillis); buckets > 1; buckets--) {
            if (windowMillis % buckets == 0) {
                return buckets;
            }
        }
        return 1;
    }
}
