package io.qrouter.tools.fleet;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.tools.sim.ArrivalProcess;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The fleet's workload in virtual time: Poisson tasks, the fleet's own {@link FleetServers}
 * (M/M/1+M: exponential service, one slot, steady speed, rates spread as in {@link Fleet}) with
 * their ENQUEUED, STARTED, COMPLETED and ABANDONED events, and a heartbeat from every server at a
 * fixed interval, all as the fleet writes them ({@link FleetRecords}), in time order. No job is
 * asked: each task goes to a server drawn with probability proportional to its rate, so every
 * server runs at the fleet's load. Benchmarks preload it (as fast as it can be made) or play it in
 * real time.
 *
 * <p>Not thread-safe.
 */
public final class VirtualFleet {

    /**
     * What to simulate.
     *
     * @param servers N ≥ 1 (no upper bound: no Kafka consumer per server here)
     * @param ratePerSecond task arrival rate of the fleet (> 0; the servers' capacity is
     *     ratePerSecond / load)
     * @param load offered load of every server, in (0, {@link FleetConfig#MAX_LOAD}]
     * @param muSpread relative spread of the service rates, in [0, 1)
     * @param meanPatienceSeconds mean patience of a waiting task (> 0)
     * @param heartbeatMillis every server's heartbeat interval (≥ 1)
     * @param seed seed of rates, arrivals, work, patience and the server draws
     * @param runId prefix of the task ids
     */
    public record Settings(
            int servers,
            double ratePerSecond,
            double load,
            double muSpread,
            double meanPatienceSeconds,
            long heartbeatMillis,
            long seed,
            String runId) {
        public Settings {
            if (servers < 1
                    || !(ratePerSecond > 0)
                    || !(load > 0 && load <= FleetConfig.MAX_LOAD)
                    || !(muSpread >= 0 && muSpread < 1)
                    || !(meanPatienceSeconds > 0)
                    || heartbeatMillis < 1
                    || runId == null
                    || runId.isBlank()) {
                throw new IllegalArgumentException(
                        "invalid virtual fleet settings: "
                                + servers
                                + " servers, rate "
                                + ratePerSecond
                                + ", load "
                                + load
                                + ", mu spread "
                                + muSpread
                                + ", patience "
                                + meanPatienceSeconds
                                + " s, heartbeat "
                                + heartbeatMillis
                                + " ms, run id '"
                                + runId
                                + "'");
            }
        }
    }

    /** Receives the records in time order. */
    public interface Output {
        void task(TaskRequest task);

        void event(TaskEvent event);

        void heartbeat(Heartbeat heartbeat);
    }

    private final Settings settings;
    private final long startEpochMillis;
    private final FleetServers servers;
    private final double[] cumulativeMu;
    private final FleetRecords records;
    private final ArrivalProcess arrivals;
    private final SplittableRandom arrivalRandom;
    private final SplittableRandom workRandom;
    private final SplittableRandom serverRandom;
    private Output output;
    private boolean announced;
    private boolean tasksOn = true;
    private double nextArrivalAt;
    private long beats;
    private long tasksCreated;
    private double now;

    /**
     * @param startEpochMillis the epoch time of virtual time 0 (event times are start + seconds)
     */
    public VirtualFleet(Settings settings, long startEpochMillis) {
        this.settings = settings;
        this.startEpochMillis = startEpochMillis;
        SplittableRandom workload = new SplittableRandom(settings.seed());
        double[] mu =
                Fleet.serviceRates(
                        FleetServers.oneSlotEach(settings.servers()),
                        settings.muSpread(),
                        settings.ratePerSecond() / settings.load(),
                        workload.split());
        this.servers = new FleetServers(FleetServers.numberedIds(mu.length), mu, this::publish);
        this.cumulativeMu = new double[mu.length];
        double sum = 0;
        for (int i = 0; i < mu.length; i++) {
            sum += mu[i];
            cumulativeMu[i] = sum;
        }
        this.records = new FleetRecords(mu.length);
        this.arrivals = ArrivalProcess.parse("poisson", settings.ratePerSecond(), 1);
        this.arrivalRandom = workload.split();
        this.workRandom = workload.split();
        this.serverRandom = workload.split();
        this.nextArrivalAt = arrivals.next(0, arrivalRandom);
    }

    /** The server ids, {@code server-1 … server-N}. */
    public List<String> serverIds() {
        return FleetServers.numberedIds(servers.size());
    }

    public int serverCount() {
        return servers.size();
    }

    /** Tasks created so far. */
    public long tasksCreated() {
        return tasksCreated;
    }

    /** The virtual time of the last record emitted (seconds). */
    public double now() {
        return now;
    }

    /**
     * Turns task arrivals off (heartbeats only, servers drain) or on again from the current time.
     */
    public void taskArrivals(boolean on) {
        if (on && !tasksOn) {
            nextArrivalAt = arrivals.next(now, arrivalRandom);
        }
        tasksOn = on;
    }

    /** Emits every record up to virtual time {@code seconds}. */
    public void emitUntil(double seconds, Output out) {
        while (nextAt() <= seconds) {
            emitNext(out);
        }
    }

    /**
     * Emits until {@code tasks} tasks have been created in all (the servers' events up to that
     * moment included).
     */
    public void emitTasks(long tasks, Output out) {
        if (!tasksOn) {
            throw new IllegalStateException("task arrivals are off");
        }
        while (tasksCreated < tasks) {
            emitNext(out);
        }
    }

    /** The time of the next record. */
    private double nextAt() {
        if (!announced) {
            return 0;
        }
        return Math.min(
                Math.min(servers.nextEventAt(), nextBeatAt()),
                tasksOn ? nextArrivalAt : Double.POSITIVE_INFINITY);
    }

    /**
     * Emits the next record (or the records one server event makes at one time): the earliest of
     * all sources.
     */
    private void emitNext(Output out) {
        output = out;
        if (!announced) {
            for (int i = 0; i < servers.size(); i++) {
                beat(i, 0);
            }
            announced = true;
            return;
        }
        double at = nextAt();
        now = at;
        if (servers.nextEventAt() == at) {
            servers.advance(at);
        } else if (nextBeatAt() == at) {
            beat((int) (beats % servers.size()), at);
            beats++;
        } else {
            arrive(at);
        }
    }

    /**
     * After the first round at 0, server i beats at (k + i/N) intervals, k ≥ 1: evenly spread over
     * the interval.
     */
    private double nextBeatAt() {
        long round = beats / servers.size() + 1;
        int i = (int) (beats % servers.size());
        return (round + (double) i / servers.size()) * settings.heartbeatMillis() / 1000.0;
    }

    private void beat(int i, double at) {
        output.heartbeat(
                records.heartbeat(
                        i, servers, at, epochMillis(at), settings.heartbeatMillis(), false));
    }

    private void arrive(double at) {
        String taskId = settings.runId() + "-" + (++tasksCreated);
        FleetTask task =
                new FleetTask(
                        taskId,
                        TaskSource.exponential(workRandom),
                        TaskSource.exponential(workRandom) * settings.meanPatienceSeconds());
        output.task(FleetRecords.task(taskId, epochMillis(at), null));
        servers.arrive(weightedServer(), task, at);
        nextArrivalAt = arrivals.next(at, arrivalRandom);
    }

    /** A server drawn with probability mu_i / sum(mu). */
    private int weightedServer() {
        double x = serverRandom.nextDouble() * cumulativeMu[cumulativeMu.length - 1];
        int lo = 0;
        int hi = cumulativeMu.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulativeMu[mid] > x) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private void publish(String serverId, String taskId, TaskEventType type, double at) {
        output.event(FleetRecords.event(serverId, taskId, type, epochMillis(at), null));
    }

    /** The event time of virtual time {@code seconds}. */
    public long epochMillis(double seconds) {
        return startEpochMillis + Math.round(seconds * 1000);
    }
}
