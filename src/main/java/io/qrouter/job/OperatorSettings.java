package io.qrouter.job;

import io.qrouter.queueing.LoadIndexWeights;

/** The stateful operators' settings objects, filled from the job configuration (every key set, none left at its field default). */
final class OperatorSettings {
    private OperatorSettings() {}

    static RoutingSettings routing(JobConfig config) {
        RoutingSettings settings = new RoutingSettings();
        settings.setPolicy(config.choice(ConfigKey.ROUTER_POLICY));
        settings.setPowerOfD(config.getInt(ConfigKey.ROUTER_POWER_OF_D));
        LoadIndexWeights weights = loadIndexWeights(config.get(ConfigKey.ROUTER_K_WEIGHTS));
        settings.setWeightAlpha(weights.alpha());
        settings.setWeightSigma(weights.sigma());
        settings.setWeightR(weights.r());
        settings.setLoadIndexTimeUnitMillis(config.getLong(ConfigKey.ROUTER_K_TIME_UNIT_MS));
        settings.setSeed(config.getLong(ConfigKey.ROUTER_SEED));
        settings.setTasksTopic(config.get(ConfigKey.TOPIC_TASKS));
        settings.setQueueModel(config.choice(ConfigKey.SERVER_QUEUE_MODEL));
        settings.setEstimatorWindowMillis(config.getLong(ConfigKey.SERVER_ESTIMATOR_WINDOW_MS));
        settings.setDownTimeoutMillis(config.getLong(ConfigKey.SERVER_DOWN_TIMEOUT_MS));
        settings.setForgetDownAfterMillis(config.getLong(ConfigKey.SERVER_FORGET_AFTER_MS));
        settings.setBufferCapacity(config.getInt(ConfigKey.ROUTER_BUFFER_CAPACITY));
        settings.setBufferDeadlineMillis(config.getLong(ConfigKey.ROUTER_BUFFER_DEADLINE_MS));
        settings.setHeartbeatMinMillis(config.getLong(ConfigKey.HEARTBEAT_MIN_INTERVAL_MS));
        settings.setHeartbeatMaxMillis(config.getLong(ConfigKey.HEARTBEAT_MAX_INTERVAL_MS));
        return settings.validate();
    }

    static LoadIndexWeights loadIndexWeights(String value) {
        return value.trim().equalsIgnoreCase("equal") ? LoadIndexWeights.EQUAL : LoadIndexWeights.parse(value);
    }
}
