package io.qrouter.job;

import io.qrouter.queueing.LoadIndexWeights;
import java.util.LinkedHashMap;
import java.util.Map;

/** The stateful operators' settings objects, filled from the job configuration (every key set, none left at its field default). */
public final class OperatorSettings {
    /** The router.policy value that routes in GA batches (GaBatchFunction) instead of task by task. */
    static final String GA_BATCH_POLICY = "ga-batch";
    /** The value of {@code router.k-time-unit.ms} that follows the fleet's mean service time. */
    static final String AUTO = "auto";

    private OperatorSettings() {}

    public static boolean gaBatch(JobConfig config) {
        return config.choice(ConfigKey.ROUTER_POLICY).equals(GA_BATCH_POLICY);
    }

    public static RoutingSettings routing(JobConfig config) {
        RoutingSettings settings = new RoutingSettings();
        if (!gaBatch(config)) {
            settings.setPolicy(config.choice(ConfigKey.ROUTER_POLICY));
        }
        settings.setPowerOfD(config.getInt(ConfigKey.ROUTER_POWER_OF_D));
        LoadIndexWeights weights = loadIndexWeights(config.get(ConfigKey.ROUTER_K_WEIGHTS));
        settings.setWeightAlpha(weights.alpha());
        settings.setWeightSigma(weights.sigma());
        settings.setWeightR(weights.r());
        String timeUnit = config.get(ConfigKey.ROUTER_K_TIME_UNIT_MS).trim();
        settings.setLoadIndexTimeUnitMillis(timeUnit.equalsIgnoreCase(AUTO) ? 0 : Long.parseLong(timeUnit));
        String admission = config.get(ConfigKey.ROUTER_ADMISSION_MAX_LOSS_PROBABILITY).trim();
        settings.setMaxLossProbability(admission.equalsIgnoreCase("off") ? 1 : Double.parseDouble(admission));
        settings.setSlowStartMillis(config.getLong(ConfigKey.ROUTER_SLOW_START_MS));
        settings.setSeed(config.getLong(ConfigKey.ROUTER_SEED));
        settings.setTasksTopic(config.get(ConfigKey.TOPIC_TASKS));
        settings.setQueueModel(config.choice(ConfigKey.SERVER_QUEUE_MODEL));
        settings.setEstimatorWindowMillis(config.getLong(ConfigKey.SERVER_ESTIMATOR_WINDOW_MS));
        settings.setEstimatorBuckets(config.getInt(ConfigKey.SERVER_ESTIMATOR_BUCKETS));
        settings.setEstimatorMinEvents(config.getInt(ConfigKey.SERVER_ESTIMATOR_MIN_EVENTS));
        settings.setDownTimeoutMillis(config.getLong(ConfigKey.SERVER_DOWN_TIMEOUT_MS));
        settings.setForgetDownAfterMillis(config.getLong(ConfigKey.SERVER_FORGET_AFTER_MS));
        settings.setBufferCapacity(config.getInt(ConfigKey.ROUTER_BUFFER_CAPACITY));
        settings.setBufferDeadlineMillis(config.getLong(ConfigKey.ROUTER_BUFFER_DEADLINE_MS));
        settings.setInFlightTimeoutMillis(config.getLong(ConfigKey.ROUTER_IN_FLIGHT_TIMEOUT_MS));
        settings.setUpdateCoalesceMillis(config.getLong(ConfigKey.SERVER_UPDATE_COALESCE_MS));
        settings.setHeartbeatMinMillis(config.getLong(ConfigKey.HEARTBEAT_MIN_INTERVAL_MS));
        settings.setHeartbeatMaxMillis(config.getLong(ConfigKey.HEARTBEAT_MAX_INTERVAL_MS));
        settings.setSlotMillis(config.getLong(ConfigKey.DSRS_SLOT_MS));
        settings.setDsrsV(config.getDouble(ConfigKey.DSRS_V));
        settings.setDsrsDefaultUnitCost(config.getDouble(ConfigKey.DSRS_DEFAULT_UNIT_COST));
        settings.setDsrsUnitCosts(unitCosts(config.get(ConfigKey.DSRS_UNIT_COSTS)));
        settings.setGaAllocator(config.choice(ConfigKey.GA_ALLOCATOR));
        settings.setGaBatchSize(config.getInt(ConfigKey.GA_BATCH_SIZE));
        settings.setGaWindowMillis(config.getLong(ConfigKey.GA_WINDOW_MS));
        settings.setGaLanes(config.getInt(ConfigKey.GA_LANES));
        settings.setGaPopulation(config.getInt(ConfigKey.GA_POPULATION));
        settings.setGaGenerations(config.getInt(ConfigKey.GA_GENERATIONS));
        settings.setGaR(config.getDouble(ConfigKey.GA_R));
        settings.setGaD(config.getDouble(ConfigKey.GA_D));
        return settings.validate();
    }

    /** "edge-1=0.5, video/edge-2=2" → {edge-1: 0.5, video/edge-2: 2.0}; already validated by ConfigKey. */
    static Map<String, Double> unitCosts(String value) {
        Map<String, Double> costs = new LinkedHashMap<>();
        if (!value.isBlank()) {
            for (String entry : value.split(",")) {
                int eq = entry.indexOf('=');
                costs.put(entry.substring(0, eq).trim(), Double.parseDouble(entry.substring(eq + 1).trim()));
            }
        }
        return costs;
    }

    static LoadIndexWeights loadIndexWeights(String value) {
        return value.trim().equalsIgnoreCase("equal") ? LoadIndexWeights.EQUAL : LoadIndexWeights.parse(value);
    }
}
