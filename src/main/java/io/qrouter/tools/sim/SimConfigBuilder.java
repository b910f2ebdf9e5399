package io.qrouter.tools.sim;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.queueing.LoadIndexWeights;

/**
 * Defaults: random routing, d = 2, equal weights, 100 servers, 10 000 tasks, ρ = 0.9, Poisson
 * arrivals, exponential service, identical single-slot servers of rate 1 that never slow down, no
 * abandonment (η = 1 if cancel-restore is chosen), heartbeats every 200–1000 ms with an idle
 * report, one router, no failures, empty start, no warm-up, steps of one unit, seed 1, no
 * information delays, estimators over 20 units (see {@link SimConfig#defaultEstimators()}),
 * admission off, slow start off, every server there from the start, Z's weights Δ = ζ = 1.
 */
public final class SimConfigBuilder {
    PolicyName policy = PolicyName.RANDOM;
    int choices = 2;
    LoadIndexWeights weights = LoadIndexWeights.EQUAL;
    int servers = 100;
    int tasks = 10_000;
    double load = 0.9;
    String arrivals = "poisson";
    String service = "exp";
    ServiceRates heterogeneity = ServiceRates.none();
    String slots = "1";
    String antagonists = "none";
    double patience;
    Impatience impatience = Impatience.RENEGE;
    double eta = 1;
    AdaptiveHeartbeat heartbeat = new AdaptiveHeartbeat(200, 1000);
    boolean idleHeartbeat = true;
    int routers = 1;
    boolean placeTasks = true;
    double meanTimeBetweenFailures;
    double meanTimeToRepair = 10;
    double initialQueueMean;
    int warmupTasks;
    double stepLength = 1;
    long seed = 1;
    Delay updateDelay = Delay.none();
    Delay decisionDelay = Delay.none();
    boolean reportEveryChange;
    EstimatorConfig estimators = SimConfig.defaultEstimators();
    double loadIndexTimeUnit = 1;
    double maxLossProbability = 1;
    double slowStart;
    int joiningServers;
    double joinAt;
    double strategyDelta = 1;
    double strategyZeta = 1;

    public SimConfigBuilder policy(PolicyName v) {
        policy = v;
        return this;
    }

    public SimConfigBuilder choices(int v) {
        choices = v;
        return this;
    }

    public SimConfigBuilder weights(LoadIndexWeights v) {
        weights = v;
        return this;
    }

    public SimConfigBuilder servers(int v) {
        servers = v;
        return this;
    }

    public SimConfigBuilder tasks(int v) {
        tasks = v;
        return this;
    }

    public SimConfigBuilder load(double v) {
        load = v;
        return this;
    }

    public SimConfigBuilder arrivals(String v) {
        arrivals = v;
        return this;
    }

    public SimConfigBuilder service(String v) {
        service = v;
        return this;
    }

    public SimConfigBuilder heterogeneity(ServiceRates v) {
        heterogeneity = v;
        return this;
    }

    public SimConfigBuilder heterogeneity(String v) {
        heterogeneity = new ServiceRates(v);
        return this;
    }

    /** Slots per server: one number or a mix such as {@code 1:0.5,4:0.5} ({@link SlotMix}). */
    public SimConfigBuilder slots(String v) {
        slots = v;
        return this;
    }

    /** {@code COUNT:FACTOR:ON/OFF} in mean service times, or none ({@link Antagonists}). */
    public SimConfigBuilder antagonists(String v) {
        antagonists = v;
        return this;
    }

    public SimConfigBuilder patience(double v) {
        patience = v;
        return this;
    }

    public SimConfigBuilder impatience(Impatience v) {
        impatience = v;
        return this;
    }

    public SimConfigBuilder eta(double v) {
        eta = v;
        return this;
    }

    public SimConfigBuilder heartbeat(AdaptiveHeartbeat v) {
        heartbeat = v;
        return this;
    }

    public SimConfigBuilder idleHeartbeat(boolean v) {
        idleHeartbeat = v;
        return this;
    }

    public SimConfigBuilder routers(int v) {
        routers = v;
        return this;
    }

    public SimConfigBuilder placeTasks(boolean v) {
        placeTasks = v;
        return this;
    }

    public SimConfigBuilder failures(double mtbf, double mttr) {
        meanTimeBetweenFailures = mtbf;
        meanTimeToRepair = mttr;
        return this;
    }

    public SimConfigBuilder initialQueueMean(double v) {
        initialQueueMean = v;
        return this;
    }

    public SimConfigBuilder warmupTasks(int v) {
        warmupTasks = v;
        return this;
    }

    public SimConfigBuilder stepLength(double v) {
        stepLength = v;
        return this;
    }

    public SimConfigBuilder seed(long v) {
        seed = v;
        return this;
    }

    public SimConfigBuilder updateDelay(Delay v) {
        updateDelay = v;
        return this;
    }

    public SimConfigBuilder decisionDelay(Delay v) {
        decisionDelay = v;
        return this;
    }

    public SimConfigBuilder reportEveryChange(boolean v) {
        reportEveryChange = v;
        return this;
    }

    public SimConfigBuilder estimators(EstimatorConfig v) {
        estimators = v;
        return this;
    }

    public SimConfigBuilder loadIndexTimeUnit(double v) {
        loadIndexTimeUnit = v;
        return this;
    }

    public SimConfigBuilder maxLossProbability(double v) {
        maxLossProbability = v;
        return this;
    }

    public SimConfigBuilder slowStart(double v) {
        slowStart = v;
        return this;
    }

    /** The last {@code count} servers join, empty, at time {@code at}. */
    public SimConfigBuilder join(int count, double at) {
        joiningServers = count;
        joinAt = at;
        return this;
    }

    /** Δ and ζ of the strategy measure Z = Δ·K̄ + ζ·P_J (Eq. 57). */
    public SimConfigBuilder strategyWeights(double delta, double zeta) {
        strategyDelta = delta;
        strategyZeta = zeta;
        return this;
    }

    public SimConfig build() {
        return new SimConfig(
                policy,
                choices,
                weights,
                servers,
                tasks,
                load,
                arrivals,
                service,
                heterogeneity,
                slots,
                antagonists,
                patience,
                impatience,
                eta,
                heartbeat,
                idleHeartbeat,
                routers,
                placeTasks,
                meanTimeBetweenFailures,
                meanTimeToRepair,
                initialQueueMean,
                warmupTasks,
                stepLength,
                seed,
                updateDelay,
                decisionDelay,
                reportEveryChange,
                estimators,
                loadIndexTimeUnit,
                maxLossProbability,
                slowStart,
                joiningServers,
                joinAt,
                strategyDelta,
                strategyZeta);
    }
}
