package io.qrouter.tools.sim;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.Policies;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.RoutingPolicy;
import io.qrouter.core.queueing.LoadIndexWeights;
import java.util.SplittableRandom;

/**
 * One simulation run. Times are in mean service times of a rate-1 server (one unit = 1000 ms on the
 * clock the policies and estimators see), rates per unit. Put together with a {@link
 * SimConfigBuilder} ({@link #builder()}, {@link #toBuilder()}), which holds the defaults.
 *
 * @param policy routing policy
 * @param choices d of power-of-d
 * @param weights load index weights of K (policies and the load variance F)
 * @param servers number of servers N
 * @param tasks number of routed tasks M
 * @param load total arrival rate over total service capacity ρ
 * @param arrivals arrival process (see {@link ArrivalProcess})
 * @param service service requirement distribution of mean 1 (see {@link Distribution}); time =
 *     requirement / rate
 * @param heterogeneity service rates of the servers (per slot)
 * @param slots slots per server, one number or a mix (see {@link SlotMix}); the capacity that
 *     {@code load} is a share of is the sum over the servers of slots × rate
 * @param antagonists servers that slow down now and then (see {@link Antagonists}; times in mean
 *     service times), or none
 * @param patience abandonment rate α_c per waiting task (0: nobody abandons)
 * @param impatience how tasks are lost
 * @param eta recovery rate η of {@link Impatience#CANCEL_RESTORE}
 * @param heartbeat heartbeat interval bounds (adaptive between them)
 * @param idleHeartbeat a server that becomes idle reports at once (the JIQ "I am idle" message)
 * @param routers number of routers deciding in parallel
 * @param placeTasks with several routers, each task is decided as one router would and carried out
 *     by the routers in turn ({@link io.qrouter.core.policy.TaskPlacer}, the job's {@code
 *     router.placement=idle-servers}) where the policy has an idle queue; false: to a router at
 *     random, which decides on its own
 * @param meanTimeBetweenFailures per server (0: servers never fail)
 * @param meanTimeToRepair per failure
 * @param initialQueueMean mean of the random initial queue of each server (geometric; 0: start
 *     empty). The initial tasks are real work but are not counted in the per-task figures
 * @param warmupTasks routed tasks left out of the per-task figures (the first ones)
 * @param stepLength length of one time step of the per-step metrics
 * @param seed seed of every random stream
 * @param updateDelay how late a server's report reaches the routers (0: at once)
 * @param decisionDelay how late a decision reaches its server (0: at once); the task waits nowhere
 *     meanwhile
 * @param reportEveryChange every queue change of a server is reported (as the Flink job does), not
 *     only heartbeats and idle reports; full-information policies get every change whatever this
 *     says
 * @param estimators the estimators' window and minimum counts (the Flink job's settings for a
 *     digital twin)
 * @param loadIndexTimeUnit K's fleet-wide reference time, in simulator units (1: a rate-1 server's
 *     mean service time; 0: the fleet's mean service time, as the job's {@code
 *     router.k-time-unit.ms=auto}); a digital twin, whose unit is the second, passes the job's
 *     setting
 * @param maxLossProbability loss-aware admission ({@link io.qrouter.core.policy.LossAdmission}): a
 *     task whose best choice would lose it with a higher predicted probability is rejected on
 *     arrival; 1 turns admission off
 * @param slowStart slow start ({@link io.qrouter.core.policy.SlowStartPolicy}, the job's {@code
 *     router.slow-start.ms}): a server that joins or comes back from a failure gets a share of the
 *     decisions ramping up over this window, in simulator units; 0 turns it off
 * @param joiningServers the last this many of the N servers are not there at the start and join,
 *     empty, at {@link #joinAt} (their first heartbeat); 0: every server is there from the start
 * @param strategyDelta Δ of seed 000's strategy measure Z = Δ·K̄ + ζ·P_J (Eq. 57), reported per
 *     step (≥ 0)
 * @param strategyZeta ζ of Eq. 57 (≥ 0)
 * @param joinAt when the joining servers join (slow start ramps a server that joins a window or
 *     more after the start, as the job's routers do: the fleet a router starts with is not ramped)
 */
public record SimConfig(
        PolicyName policy,
        int choices,
        LoadIndexWeights weights,
        int servers,
        int tasks,
        double load,
        String arrivals,
        String service,
        ServiceRates heterogeneity,
        String slots,
        String antagonists,
        double patience,
        Impatience impatience,
        double eta,
        AdaptiveHeartbeat heartbeat,
        boolean idleHeartbeat,
        int routers,
        boolean placeTasks,
        double meanTimeBetweenFailures,
        double meanTimeToRepair,
        double initialQueueMean,
        int warmupTasks,
        double stepLength,
        long seed,
        Delay updateDelay,
        Delay decisionDelay,
        boolean reportEveryChange,
        EstimatorConfig estimators,
        double loadIndexTimeUnit,
        double maxLossProbability,
        double slowStart,
        int joiningServers,
        double joinAt,
        double strategyDelta,
        double strategyZeta) {

    public static final int MAX_SERVERS = 1 << 27;

    public SimConfig {
        require(
                policy != null,
                SimSetting.POLICY,
                "is required; valid: " + PolicyName.validNames());
        require(choices >= 1, SimSetting.CHOICES, "must be >= 1 (got " + choices + ")");
        require(
                loadIndexTimeUnit >= 0 && Double.isFinite(loadIndexTimeUnit),
                SimSetting.LOAD_INDEX_TIME_UNIT,
                "must be > 0, or 0 for the fleet's mean service time (got "
                        + loadIndexTimeUnit
                        + ")");
        require(
                maxLossProbability > 0 && maxLossProbability <= 1,
                SimSetting.MAX_LOSS_PROBABILITY,
                "must be in (0, 1], 1 = admission off (got " + maxLossProbability + ")");
        require(
                slowStart >= 0 && Double.isFinite(slowStart),
                SimSetting.SLOW_START,
                "must be >= 0, 0 = off (got " + slowStart + ")");
        require(
                joiningServers >= 0 && joiningServers < servers,
                SimSetting.JOINING_SERVERS,
                "must be in [0, servers - 1] (got " + joiningServers + " of " + servers + ")");
        require(
                strategyDelta >= 0
                        && Double.isFinite(strategyDelta)
                        && strategyZeta >= 0
                        && Double.isFinite(strategyZeta),
                SimSetting.STRATEGY_WEIGHTS,
                "must be finite and >= 0 (got " + strategyDelta + ", " + strategyZeta + ")");
        require(
                joinAt >= 0 && Double.isFinite(joinAt),
                SimSetting.JOIN_AT,
                "must be >= 0 (got " + joinAt + ")");
        require(
                servers >= 1 && servers <= MAX_SERVERS,
                SimSetting.SERVERS,
                "must be in [1, " + MAX_SERVERS + "] (got " + servers + ")");
        require(tasks >= 1, SimSetting.TASKS, "must be >= 1 (got " + tasks + ")");
        require(
                load > 0 && Double.isFinite(load),
                SimSetting.LOAD,
                "must be > 0 (got " + load + ")");
        require(
                patience >= 0 && Double.isFinite(patience),
                SimSetting.PATIENCE,
                "must be >= 0 (got " + patience + ")");
        require(eta > 0 && Double.isFinite(eta), SimSetting.ETA, "must be > 0 (got " + eta + ")");
        require(routers >= 1, SimSetting.ROUTERS, "must be >= 1 (got " + routers + ")");
        require(
                meanTimeBetweenFailures >= 0,
                SimSetting.MEAN_TIME_BETWEEN_FAILURES,
                "must be >= 0 (got " + meanTimeBetweenFailures + ")");
        require(
                meanTimeToRepair > 0,
                SimSetting.MEAN_TIME_TO_REPAIR,
                "must be > 0 (got " + meanTimeToRepair + ")");
        require(
                initialQueueMean >= 0,
                SimSetting.INITIAL_QUEUE_MEAN,
                "must be >= 0 (got " + initialQueueMean + ")");
        require(
                warmupTasks >= 0 && warmupTasks < tasks,
                SimSetting.WARMUP_TASKS,
                "must be in [0, tasks - 1] (got " + warmupTasks + " with " + tasks + " tasks)");
        require(
                stepLength > 0 && Double.isFinite(stepLength),
                SimSetting.STEP_LENGTH,
                "must be > 0 (got " + stepLength + ")");
        if (weights == null
                || heartbeat == null
                || impatience == null
                || heterogeneity == null
                || updateDelay == null
                || decisionDelay == null
                || estimators == null) {
            throw new IllegalArgumentException(
                    "weights, heartbeat, impatience, heterogeneity, delays and estimators are"
                            + " required");
        }
        Distribution.parse(service, SimSetting.SERVICE);
        SlotMix mix = SlotMix.parse(slots);
        require(
                mix.singleSlot() || impatience != Impatience.CANCEL_RESTORE || patience == 0,
                SimSetting.SLOTS,
                "must be 1 when the impatience is cancel-restore: chain P is a model of"
                        + " single-slot servers (got \""
                        + slots
                        + "\")");
        Antagonists.parse(antagonists, false).requireAmong(servers);
        if (arrivals.trim().toLowerCase(java.util.Locale.ROOT).startsWith("trace:")) {
            java.nio.file.Path trace = java.nio.file.Path.of(arrivals.trim().substring(6));
            require(
                    java.nio.file.Files.isReadable(trace),
                    SimSetting.ARRIVALS,
                    "trace: cannot read " + trace);
        } else {
            ArrivalProcess.parse(arrivals, 1, 1);
        }
    }

    /**
     * The policy configuration of router {@code index}. K's reference time is {@link
     * #loadIndexTimeUnit}, common to all servers whatever their speed (the policies read simulator
     * units as seconds).
     */
    public PolicyConfig policyConfig(int index) {
        return PolicyConfig.of(policy)
                .withChoices(choices)
                .withWeights(weights)
                .withRouter(index, routers)
                .withLoadIndexTimeUnitSeconds(loadIndexTimeUnit);
    }

    /** A policy of {@code config}, behind slow start when the run has one. */
    public RoutingPolicy newPolicy(PolicyConfig config, SplittableRandom random) {
        return Policies.create(config, random, Simulation.millis(slowStart));
    }

    /**
     * The estimators' window in simulated time: 20 mean service times in 20 buckets, and an
     * estimate counts as known from 5 observations on (the production defaults of 60 s and 20
     * observations would leave most servers of a short experiment without estimates).
     */
    public static EstimatorConfig defaultEstimators() {
        EstimatorConfig c = new EstimatorConfig();
        c.setWindowMillis(20_000);
        c.setBucketCount(20);
        c.setMinArrivals(5);
        c.setMinCompletions(5);
        c.setMinExits(5);
        c.setMinWaits(5);
        c.setMinRecoveries(5);
        return c.validate();
    }

    public static SimConfigBuilder builder() {
        return new SimConfigBuilder();
    }

    public SimConfigBuilder toBuilder() {
        SimConfigBuilder b = new SimConfigBuilder();
        b.policy = policy;
        b.choices = choices;
        b.weights = weights;
        b.servers = servers;
        b.tasks = tasks;
        b.load = load;
        b.arrivals = arrivals;
        b.service = service;
        b.heterogeneity = heterogeneity;
        b.slots = slots;
        b.antagonists = antagonists;
        b.patience = patience;
        b.impatience = impatience;
        b.eta = eta;
        b.heartbeat = heartbeat;
        b.idleHeartbeat = idleHeartbeat;
        b.routers = routers;
        b.placeTasks = placeTasks;
        b.meanTimeBetweenFailures = meanTimeBetweenFailures;
        b.meanTimeToRepair = meanTimeToRepair;
        b.initialQueueMean = initialQueueMean;
        b.warmupTasks = warmupTasks;
        b.stepLength = stepLength;
        b.seed = seed;
        b.updateDelay = updateDelay;
        b.decisionDelay = decisionDelay;
        b.reportEveryChange = reportEveryChange;
        b.estimators = estimators;
        b.loadIndexTimeUnit = loadIndexTimeUnit;
        b.maxLossProbability = maxLossProbability;
        b.slowStart = slowStart;
        b.joiningServers = joiningServers;
        b.joinAt = joinAt;
        b.strategyDelta = strategyDelta;
        b.strategyZeta = strategyZeta;
        return b;
    }

    private static void require(boolean ok, SimSetting setting, String problem) {
        if (!ok) {
            throw new InvalidSettingException(setting, problem);
        }
    }
}
