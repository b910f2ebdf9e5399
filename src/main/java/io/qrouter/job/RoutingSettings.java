package io.qrouter.job;

import io.qrouter.estimate.EstimatorConfig;
import io.qrouter.ga.BatchAllocator;
import io.qrouter.ga.GaConfig;
import io.qrouter.policy.PolicyConfig;
import io.qrouter.policy.PolicyName;
import io.qrouter.queueing.LoadIndexWeights;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

/**
 * Everything the stateful operators need from configuration. The job's configuration class fills it (one setter per
 * key) and calls {@link #validate()}; the defaults here are the documented defaults.
 *
 * <p>Shipped to the operators with the job graph (Java serialisation), never kept in Flink state.
 */
public class RoutingSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    private String policy = "heartbeat-k-live";
    private int powerOfD = PolicyConfig.DEFAULT_CHOICES;
    private double weightAlpha = LoadIndexWeights.EQUAL.alpha();
    private double weightSigma = LoadIndexWeights.EQUAL.sigma();
    private double weightR = LoadIndexWeights.EQUAL.r();
    /** 0: the fleet's mean service time ({@code router.k-time-unit.ms=auto}). */
    private long loadIndexTimeUnitMillis = 0;
    /** 0: slow start off. */
    private long slowStartMillis = 0;
    /** 1: loss-aware admission off. */
    private double maxLossProbability = 1;
    private long seed = 0x5EEDL;
    private String tasksTopic = "tasks";
    private String queueModel = QueueFigures.RENEGING;
    private long estimatorWindowMillis = 60_000;
    private int estimatorBuckets = 60;
    private int estimatorMinEvents = 20;
    private long downTimeoutMillis = 5_000;
    private long forgetDownAfterMillis = 600_000;
    private int bufferCapacity = 10_000;
    private long bufferDeadlineMillis = 30_000;
    private long inFlightTimeoutMillis = 30_000;
    private long updateCoalesceMillis = 0;
    private long slotMillis = 1_000;
    private double dsrsV = 10.0;
    private double dsrsDefaultUnitCost = 1.0;
    private HashMap<String, Double> dsrsUnitCosts = new HashMap<>();
    private String gaAllocator = "mv-ga";
    private int gaBatchSize = 32;
    private long gaWindowMillis = 1_000;
    private int gaLanes = 1;
    private int gaPopulation = GaConfig.defaults().populationSize();
    private int gaGenerations = GaConfig.defaults().generations();
    private double gaR = GaConfig.defaults().r();
    private double gaD = GaConfig.defaults().d();
    private long heartbeatMinMillis = 250;
    private long heartbeatMaxMillis = 2_000;

    /** Throws {@link IllegalArgumentException} naming the first setting outside its valid range. */
    public RoutingSettings validate() {
        PolicyName.parse(policy);
        loadIndexWeights();
        if (loadIndexTimeUnitMillis < 0) {
            throw new IllegalArgumentException("loadIndexTimeUnitMillis must be >= 0 (0: the fleet's mean service"
                    + " time) (got " + loadIndexTimeUnitMillis + ")");
        }
        if (!(maxLossProbability > 0 && maxLossProbability <= 1)) {
            throw new IllegalArgumentException("maxLossProbability must be in (0, 1], 1 = admission off (got "
                    + maxLossProbability + ")");
        }
        if (slowStartMillis < 0) {
            throw new IllegalArgumentException("slowStartMillis must be >= 0, 0 = off (got " + slowStartMillis + ")");
        }
        requirePositive("estimatorWindowMillis", estimatorWindowMillis);
        requirePositive("estimatorBuckets", estimatorBuckets);
        requirePositive("estimatorMinEvents", estimatorMinEvents);
        estimatorConfig();
        requirePositive("downTimeoutMillis", downTimeoutMillis);
        requirePositive("forgetDownAfterMillis", forgetDownAfterMillis);
        requirePositive("bufferDeadlineMillis", bufferDeadlineMillis);
        requirePositive("inFlightTimeoutMillis", inFlightTimeoutMillis);
        if (updateCoalesceMillis < 0) {
            throw new IllegalArgumentException("updateCoalesceMillis must be >= 0 (got " + updateCoalesceMillis + ")");
        }
        requirePositive("heartbeatMinMillis", heartbeatMinMillis);
        if (heartbeatMaxMillis < heartbeatMinMillis) {
            throw new IllegalArgumentException("heartbeatMaxMillis must be ≥ heartbeatMinMillis (" + heartbeatMinMillis
                    + ") (got " + heartbeatMaxMillis + ")");
        }
        requirePositive("slotMillis", slotMillis);
        requireNonNegative("dsrsV", dsrsV);
        requireNonNegative("dsrsDefaultUnitCost", dsrsDefaultUnitCost);
        for (Map.Entry<String, Double> cost : dsrsUnitCosts.entrySet()) {
            requireNonNegative("dsrsUnitCosts[" + cost.getKey() + "]", cost.getValue());
        }
        requirePositive("gaBatchSize", gaBatchSize);
        requirePositive("gaWindowMillis", gaWindowMillis);
        requirePositive("gaLanes", gaLanes);
        BatchAllocator.named(gaAllocator, gaConfig());
        if (bufferCapacity < 0) {
            throw new IllegalArgumentException("bufferCapacity must be ≥ 0 (got " + bufferCapacity + ")");
        }
        if (powerOfD < 1) {
            throw new IllegalArgumentException("powerOfD must be ≥ 1 (got " + powerOfD + ")");
        }
        if (!QueueFigures.RENEGING.equals(queueModel) && !QueueFigures.CHAIN_P.equals(queueModel)) {
            throw new IllegalArgumentException("queueModel must be reneging or chain-p (got " + queueModel + ")");
        }
        return this;
    }

    /**
     * The estimators' configuration: the window, its buckets, and the events an estimate needs. The bucket count is
     * the largest divisor of the window not above {@code estimatorBuckets}, so any window length is accepted.
     */
    public EstimatorConfig estimatorConfig() {
        EstimatorConfig config = new EstimatorConfig();
        config.setWindowMillis(estimatorWindowMillis);
        config.setBucketCount(bucketsDividing(estimatorWindowMillis, estimatorBuckets));
        config.setMinArrivals(estimatorMinEvents);
        config.setMinExits(estimatorMinEvents);
        config.setMinCompletions(estimatorMinEvents);
        config.setMinWaits(estimatorMinEvents);
        config.setMinRecoveries(estimatorMinEvents);
        try {
            return config.validate();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("estimator settings (estimatorWindowMillis, estimatorBuckets, "
                    + "estimatorMinEvents): " + e.getMessage(), e);
        }
    }

    /** The GA's parameters: population, generations and the thresholds R, D; the rest at the GA's defaults. */
    public GaConfig gaConfig() {
        GaConfig d = GaConfig.defaults();
        try {
            return new GaConfig(gaPopulation, gaGenerations, d.crossoverRate(), d.mutationRate(), d.mutationEta(),
                    Math.min(d.elites(), gaPopulation - 1), gaR, gaD, d.greedySeed());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("GA settings (gaPopulation, gaGenerations, gaR, gaD): "
                    + e.getMessage(), e);
        }
    }

    /** The policy configuration of router {@code routerIndex} out of {@code routerCount}. */
    public PolicyConfig policyConfig(int routerIndex, int routerCount) {
        return PolicyConfig.of(PolicyName.parse(policy))
                .withChoices(powerOfD)
                .withWeights(loadIndexWeights())
                .withLoadIndexTimeUnitSeconds(loadIndexTimeUnitSeconds())
                .withRouter(routerIndex, routerCount);
    }

    /**
     * K's fleet-wide reference time in seconds, the unit of the estimated rates; {@link
     * io.qrouter.policy.PolicyConfig#FLEET_MEAN_SERVICE_TIME} (0) when it follows the fleet.
     */
    public double loadIndexTimeUnitSeconds() {
        return loadIndexTimeUnitMillis / 1000.0;
    }

    /**
     * The unit of the K a server's own state reports (server-metrics, heartbeat log): the configured one, or one
     * second when the routers follow the fleet, which a single server's state cannot see.
     */
    public double reportedLoadIndexTimeUnitSeconds() {
        return loadIndexTimeUnitMillis == 0 ? 1.0 : loadIndexTimeUnitSeconds();
    }

    public long getLoadIndexTimeUnitMillis() {
        return loadIndexTimeUnitMillis;
    }

    public void setLoadIndexTimeUnitMillis(long loadIndexTimeUnitMillis) {
        this.loadIndexTimeUnitMillis = loadIndexTimeUnitMillis;
    }

    /** The weights alpha, sigma, r of the load index K (Eq. 53). */
    public LoadIndexWeights loadIndexWeights() {
        return new LoadIndexWeights(weightAlpha, weightSigma, weightR);
    }

    /**
     * gamma_ij, the DSRS unit cost of a task of service {@code serviceType} on server {@code serverId}: the entry
     * "serviceType/serverId" if configured, else "serverId", else the default unit cost.
     */
    public double unitCost(String serviceType, String serverId) {
        Double cost = dsrsUnitCosts.get(serviceType + "/" + serverId);
        if (cost == null) {
            cost = dsrsUnitCosts.get(serverId);
        }
        return cost != null ? cost : dsrsDefaultUnitCost;
    }

    private static int bucketsDividing(long windowMillis, int atMost) {
        for (int buckets = (int) Math.min(atMost, windowMillis); buckets > 1; buckets--) {
            if (windowMillis % buckets == 0) {
                return buckets;
            }
        }
        return 1;
    }

    private static void requireNonNegative(String name, Double value) {
        if (value == null || !(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number ≥ 0 (got " + value + ")");
        }
    }

    private static void requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be > 0 (got " + value + ")");
        }
    }

    /** Routing policy name, e.g. heartbeat-k-live (default), jsq, power-of-d, random. */
    public String getPolicy() {
        return policy;
    }

    public void setPolicy(String policy) {
        this.policy = policy;
    }

    /** d of the power-of-d policy. */
    public int getPowerOfD() {
        return powerOfD;
    }

    public void setPowerOfD(int powerOfD) {
        this.powerOfD = powerOfD;
    }

    /** Queue model behind each server's metrics and K: reneging (M/M/1+M, default) or chain-p. */
    public String getQueueModel() {
        return queueModel;
    }

    public void setQueueModel(String queueModel) {
        this.queueModel = queueModel;
    }

    /** Length of the estimator windows (lambda, mu, alpha_c, eta), in event time. */
    public long getEstimatorWindowMillis() {
        return estimatorWindowMillis;
    }

    public void setEstimatorWindowMillis(long estimatorWindowMillis) {
        this.estimatorWindowMillis = estimatorWindowMillis;
    }

    /** Buckets of the estimator window (at most; see {@link #estimatorConfig}): it slides in steps of one bucket. */
    public int getEstimatorBuckets() {
        return estimatorBuckets;
    }

    public void setEstimatorBuckets(int estimatorBuckets) {
        this.estimatorBuckets = estimatorBuckets;
    }

    /** Events (arrivals, completions, ended waits, exits, recoveries) an estimate needs before it is reported. */
    public int getEstimatorMinEvents() {
        return estimatorMinEvents;
    }

    public void setEstimatorMinEvents(int estimatorMinEvents) {
        this.estimatorMinEvents = estimatorMinEvents;
    }

    /** Silence (processing time) after which a server is marked down; at least twice its own heartbeat interval. */
    public long getDownTimeoutMillis() {
        return downTimeoutMillis;
    }

    public void setDownTimeoutMillis(long downTimeoutMillis) {
        this.downTimeoutMillis = downTimeoutMillis;
    }

    /** How long a down server's state is kept before it is dropped and routers forget it. */
    public long getForgetDownAfterMillis() {
        return forgetDownAfterMillis;
    }

    public void setForgetDownAfterMillis(long forgetDownAfterMillis) {
        this.forgetDownAfterMillis = forgetDownAfterMillis;
    }

    /** Tasks one router subtask holds while no server is alive; beyond it tasks are dead-lettered at once. */
    public int getBufferCapacity() {
        return bufferCapacity;
    }

    public void setBufferCapacity(int bufferCapacity) {
        this.bufferCapacity = bufferCapacity;
    }

    /** How long a buffered task waits for a live server before it is dead-lettered. */
    public long getBufferDeadlineMillis() {
        return bufferDeadlineMillis;
    }

    public void setBufferDeadlineMillis(long bufferDeadlineMillis) {
        this.bufferDeadlineMillis = bufferDeadlineMillis;
    }

    /** How long a routed task counts as in flight on its server without an acknowledgement (processing time). */
    public long getInFlightTimeoutMillis() {
        return inFlightTimeoutMillis;
    }

    public void setInFlightTimeoutMillis(long inFlightTimeoutMillis) {
        this.inFlightTimeoutMillis = inFlightTimeoutMillis;
    }

    /** Queue changes of a server within this window reach the routers as one update (0: each at once). */
    public long getUpdateCoalesceMillis() {
        return updateCoalesceMillis;
    }

    public void setUpdateCoalesceMillis(long updateCoalesceMillis) {
        this.updateCoalesceMillis = updateCoalesceMillis;
    }

    /** DSRS slot length tau. */
    public long getSlotMillis() {
        return slotMillis;
    }

    public void setSlotMillis(long slotMillis) {
        this.slotMillis = slotMillis;
    }

    /** DSRS drift-plus-penalty weight V: larger V trades backlog (O(V)) for cost (O(1/V)). */
    public double getDsrsV() {
        return dsrsV;
    }

    public void setDsrsV(double dsrsV) {
        this.dsrsV = dsrsV;
    }

    /** DSRS unit cost gamma of a server without a configured one. */
    public double getDsrsDefaultUnitCost() {
        return dsrsDefaultUnitCost;
    }

    public void setDsrsDefaultUnitCost(double dsrsDefaultUnitCost) {
        this.dsrsDefaultUnitCost = dsrsDefaultUnitCost;
    }

    /** DSRS unit costs by "serverId" or "serviceType/serverId" (see {@link #unitCost}). */
    public Map<String, Double> getDsrsUnitCosts() {
        return dsrsUnitCosts;
    }

    public void setDsrsUnitCosts(Map<String, Double> dsrsUnitCosts) {
        this.dsrsUnitCosts = new HashMap<>(dsrsUnitCosts);
    }

    /** GA batch allocator: mv-ga (mean-variance GA, default), dga (plain GA) or fcfs. */
    public String getGaAllocator() {
        return gaAllocator;
    }

    public void setGaAllocator(String gaAllocator) {
        this.gaAllocator = gaAllocator;
    }

    /** A GA window is assigned as soon as it holds this many tasks. */
    public int getGaBatchSize() {
        return gaBatchSize;
    }

    public void setGaBatchSize(int gaBatchSize) {
        this.gaBatchSize = gaBatchSize;
    }

    /** A GA window is assigned at the latest this long (processing time) after its first task. */
    public long getGaWindowMillis() {
        return gaWindowMillis;
    }

    public void setGaWindowMillis(long gaWindowMillis) {
        this.gaWindowMillis = gaWindowMillis;
    }

    /** Batch lanes the GA operator's input is keyed by (see {@link GaBatchFunction#laneKey}). */
    public int getGaLanes() {
        return gaLanes;
    }

    public void setGaLanes(int gaLanes) {
        this.gaLanes = gaLanes;
    }

    /** GA population size Q. */
    public int getGaPopulation() {
        return gaPopulation;
    }

    public void setGaPopulation(int gaPopulation) {
        this.gaPopulation = gaPopulation;
    }

    /** GA generations. */
    public int getGaGenerations() {
        return gaGenerations;
    }

    public void setGaGenerations(int gaGenerations) {
        this.gaGenerations = gaGenerations;
    }

    /** R > 1 of the adaptive threshold L_max = R·L_ave (seed 001). */
    public double getGaR() {
        return gaR;
    }

    public void setGaR(double gaR) {
        this.gaR = gaR;
    }

    /** D < 1 of the adaptive threshold L_min = D·L_ave (seed 001). */
    public double getGaD() {
        return gaD;
    }

    public void setGaD(double gaD) {
        this.gaD = gaD;
    }

    /** Adaptive heartbeat: the interval recommended to a fully loaded server. */
    public long getHeartbeatMinMillis() {
        return heartbeatMinMillis;
    }

    public void setHeartbeatMinMillis(long heartbeatMinMillis) {
        this.heartbeatMinMillis = heartbeatMinMillis;
    }

    /** Adaptive heartbeat: the interval recommended to an idle server. */
    public long getHeartbeatMaxMillis() {
        return heartbeatMaxMillis;
    }

    public void setHeartbeatMaxMillis(long heartbeatMaxMillis) {
        this.heartbeatMaxMillis = heartbeatMaxMillis;
    }

    /** Weight alpha of L_Wq in K (Eq. 53); alpha + sigma + r = 1. */
    public double getWeightAlpha() {
        return weightAlpha;
    }

    public void setWeightAlpha(double weightAlpha) {
        this.weightAlpha = weightAlpha;
    }

    /** Weight sigma of W_Qt in K (Eq. 53). */
    public double getWeightSigma() {
        return weightSigma;
    }

    public void setWeightSigma(double weightSigma) {
        this.weightSigma = weightSigma;
    }

    /** Weight r of W_v in K (Eq. 53). */
    public double getWeightR() {
        return weightR;
    }

    public void setWeightR(double weightR) {
        this.weightR = weightR;
    }

    /** Seed of the policies' random choices; each router subtask derives its own from it. */
    /** Slow start's ramp window; 0 = off. */
    public long getSlowStartMillis() {
        return slowStartMillis;
    }

    public void setSlowStartMillis(long slowStartMillis) {
        this.slowStartMillis = slowStartMillis;
    }

    /** Loss-aware admission's maximum predicted loss probability; 1 = off. */
    public double getMaxLossProbability() {
        return maxLossProbability;
    }

    public void setMaxLossProbability(double maxLossProbability) {
        this.maxLossProbability = maxLossProbability;
    }

    public long getSeed() {
        return seed;
    }

    public void setSeed(long seed) {
        this.seed = seed;
    }

    /** Name of the tasks topic, written into the dead letters of tasks no server could take. */
    public String getTasksTopic() {
        return tasksTopic;
    }

    public void setTasksTopic(String tasksTopic) {
        this.tasksTopic = tasksTopic;
    }
}
