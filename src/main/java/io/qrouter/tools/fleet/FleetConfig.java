package io.qrouter.tools.fleet;

import io.qrouter.tools.sim.ArrivalProcess;
import io.qrouter.tools.sim.InvalidSettingException;
import java.util.Map;

/**
 * What the fleet simulates. Servers {@code server-1 … server-N} get heterogeneous service rates per
 * slot: mu_i is drawn uniformly in [1 − muSpread, 1 + muSpread] times the mean and the draws are
 * rescaled so that the fleet's capacity sum(slots_i · mu_i) is exactly {@code ratePerSecond /
 * load}: {@code load} is then the offered load of the whole fleet, whatever the draw.
 *
 * @param bootstrapServers Kafka {@code bootstrap.servers}
 * @param servers number of simulated servers N ≥ 1
 * @param ratePerSecond task arrival rate lambda of the whole fleet (tasks per second)
 * @param arrivals arrival process, as the simulator writes it: {@code poisson} (default), {@code
 *     erlang:K}, {@code h2:SCV}, {@code deterministic}, {@code surge} (rises to twice the rate and
 *     back once a minute) or {@code trace:FILE.csv} (arrival times in seconds, optional task key
 *     column)
 * @param load offered load rho = lambda / sum(mu_i), in (0, 1.5]
 * @param muSpread relative spread of the service rates, in [0, 1)
 * @param meanPatienceSeconds mean of the exponential patience of a waiting task (its abandonment
 *     rate alphaC is the inverse)
 * @param defaultHeartbeatMillis heartbeat interval until the job recommends one
 * @param seed seed of the workload: arrival gaps, work, patience and the service rates
 * @param runId prefix of the task ids, so that runs against the same topics never collide
 * @param consumerGroup consumer group of the fleet's decision consumer
 * @param kafka extra Kafka client settings (security, timeouts), applied to the producer and the
 *     consumer
 * @param warmupSeconds tasks created in this first part of the run are served but left out of the
 *     report's figures
 * @param stallAfterSeconds routing counts as stalled when tasks are waiting and no decision has
 *     come for this long ({@link StallWatch})
 * @param failing servers that fail a share of their tasks ({@link FailingServers#NONE}: none)
 * @param serverModel the service times, slots and slowdowns of the servers ({@link
 *     ServerModel#DEFAULT}: exponential, one slot, steady)
 */
public record FleetConfig(
        String bootstrapServers,
        int servers,
        double ratePerSecond,
        String arrivals,
        double load,
        double muSpread,
        double meanPatienceSeconds,
        long defaultHeartbeatMillis,
        long seed,
        String runId,
        String consumerGroup,
        Map<String, String> kafka,
        double warmupSeconds,
        double stallAfterSeconds,
        FailingServers failing,
        ServerModel serverModel) {

    public static final double MAX_LOAD = 1.5;

    public FleetConfig {
        require(
                bootstrapServers != null && !bootstrapServers.isBlank(),
                "--bootstrap must be HOST:PORT[,HOST:PORT…]",
                bootstrapServers);
        require(servers >= 1 && servers <= 10_000, "--servers must be in [1, 10000]", servers);
        require(
                ratePerSecond > 0 && ratePerSecond <= 100_000,
                "--rate must be in (0, 100000] tasks per second",
                ratePerSecond);
        require(arrivals != null, "--arrivals must be given", arrivals);
        require(load > 0 && load <= MAX_LOAD, "--load must be in (0, " + MAX_LOAD + "]", load);
        require(muSpread >= 0 && muSpread < 1, "--mu-spread must be in [0, 1)", muSpread);
        require(
                meanPatienceSeconds > 0 && Double.isFinite(meanPatienceSeconds),
                "--patience must be a positive duration",
                meanPatienceSeconds);
        require(
                defaultHeartbeatMillis >= 20 && defaultHeartbeatMillis <= 60_000,
                "--heartbeat must be in [20ms, 60s]",
                defaultHeartbeatMillis + "ms");
        require(runId != null && !runId.isBlank(), "run id must not be blank", runId);
        require(
                consumerGroup != null && !consumerGroup.isBlank(),
                "--group must not be blank",
                consumerGroup);
        require(
                warmupSeconds >= 0 && Double.isFinite(warmupSeconds),
                "--warmup must be a duration >= 0s",
                warmupSeconds + "s");
        require(
                stallAfterSeconds > 0 && stallAfterSeconds <= 3600,
                "--stall-after must be in (0s, 1h]",
                stallAfterSeconds + "s");
        require(failing != null, "the failing servers must be given", failing);
        failing.requireAmong(servers);
        require(serverModel != null, "the server model must be given", serverModel);
        serverModel.requireAmong(servers);
        kafka = Map.copyOf(kafka);
        try {
            arrivalProcess(arrivals, ratePerSecond); // a bad spec or an unreadable trace fails here
        } catch (InvalidSettingException e) {
            throw new IllegalArgumentException(e.messageNaming("--arrivals"), e);
        }
    }

    /** A fresh arrival process for this configuration; surge has one period per minute. */
    ArrivalProcess arrivalProcess() {
        return arrivalProcess(arrivals, ratePerSecond);
    }

    private static ArrivalProcess arrivalProcess(String arrivals, double ratePerSecond) {
        int tasksPerSurgePeriod =
                (int) Math.max(1, Math.min(Integer.MAX_VALUE, ratePerSecond * 60));
        return ArrivalProcess.parse(arrivals, ratePerSecond, tasksPerSurgePeriod);
    }

    /**
     * Client settings for one more consumer of this fleet's (reports, audits): bootstrap, client
     * id, {@code kafka}.
     */
    public java.util.Properties clientSettings(String purpose) {
        java.util.Properties props = new java.util.Properties();
        props.put("bootstrap.servers", bootstrapServers);
        props.put("client.id", "qrouter-fleet-" + purpose + "-" + runId);
        props.putAll(kafka);
        return props;
    }

    /** The servers' ids, {@code server-1 … server-N}. */
    public java.util.List<String> serverIds() {
        return FleetServers.numberedIds(servers);
    }

    /** The same fleet against another Kafka cluster. */
    public FleetConfig withBootstrapServers(String bootstrap) {
        return new FleetConfig(
                bootstrap,
                servers,
                ratePerSecond,
                arrivals,
                load,
                muSpread,
                meanPatienceSeconds,
                defaultHeartbeatMillis,
                seed,
                runId,
                consumerGroup,
                kafka,
                warmupSeconds,
                stallAfterSeconds,
                failing,
                serverModel);
    }

    /** Sum over the servers of slots × rate per slot: the fleet's capacity in tasks per second. */
    public double capacityPerSecond() {
        return ratePerSecond / load;
    }

    private static void require(boolean ok, String rule, Object got) {
        if (!ok) {
            throw new IllegalArgumentException(rule + " (got " + got + ")");
        }
    }
}
