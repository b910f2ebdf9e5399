package io.qrouter.bench;

import java.time.Duration;
import java.util.List;

/**
 * What {@code qrouter bench pipeline} runs.
 *
 * @param tasks tasks of each throughput run (preloaded), or 0 to size each fleet's workload by
 *     {@code records}
 * @param records input records of each fleet size's preloaded workload when {@code tasks} is 0:
 *     every N then drains in about the same time, though at N = 20,000 a task brings ten heartbeats
 * @param workloadRatePerSecond the task rate of the preloaded workload's virtual time: with N
 *     servers beating once a second, a task comes with N / rate heartbeats
 * @param rates the live task rates of the latency runs (tasks per second)
 * @param servers the fleet sizes N, each run in turn
 * @param job the job's settings
 * @param bare what the bare pipe (and the bare relay) reads
 * @param floor whether the throughput runs also drain the workload with the Flink floor ({@link
 *     FlinkFloorJob}), beside the job, unless the job is the floor
 * @param stateBackends every state backend the throughput run measures the job with (the latency
 *     runs use the first)
 * @param load offered load of the simulated servers
 * @param preroll the longest unmeasured warm-up, which ends early once the JIT is quiet: drains of
 *     the preloaded workload by both sides before the throughput runs, and a run at the sweep's
 *     highest rate before each side's first latency point. Until C2 has compiled the code, the
 *     decision path runs several times slower (job p50 12.7, 8.9, 4.9 ms over three successive 15 s
 *     points at 2,000 tasks/s), and the figures should be the steady state a long-running router is
 *     in
 * @param warmup each latency point's unmeasured start
 * @param measure each latency point's measured part
 * @param idle the heartbeats-only run (no tasks) that measures what N servers cost the job
 * @param seed workload seed
 */
public record PipelineBenchSettings(
        long tasks,
        long records,
        double workloadRatePerSecond,
        List<Double> rates,
        List<Integer> servers,
        JobSettings job,
        BareReads bare,
        boolean floor,
        List<String> stateBackends,
        double load,
        Duration preroll,
        Duration warmup,
        Duration measure,
        Duration idle,
        long seed) {
    public PipelineBenchSettings {
        rates = List.copyOf(rates);
        servers = List.copyOf(servers);
        stateBackends = List.copyOf(stateBackends);
        require(
                tasks == 0 || tasks >= 10,
                "--tasks must be >= 10, or left out to size by --records (got " + tasks + ")");
        require(
                records >= 100 && records <= 1_000_000_000,
                "--records must be in [100, 1000000000] (got " + records + ")");
        require(
                workloadRatePerSecond > 0,
                "--workload-rate must be > 0 (got " + workloadRatePerSecond + ")");
        require(
                !rates.isEmpty() && rates.stream().allMatch(r -> r > 0 && r <= 100_000),
                "--rates must be rates in (0, 100000] tasks per second (got " + rates + ")");
        require(
                !servers.isEmpty() && servers.stream().allMatch(n -> n >= 1 && n <= 1_000_000),
                "--servers must be fleet sizes in [1, 1000000] (got " + servers + ")");
        require(
                !stateBackends.isEmpty()
                        && stateBackends.stream()
                                .allMatch(b -> b.equals("hashmap") || b.equals("rocksdb")),
                "--state-backend must be hashmap and/or rocksdb (got " + stateBackends + ")");
        require(
                job.parallelism() >= 1 && job.parallelism() <= 64,
                "--parallelism must be in [1, 64] (got " + job.parallelism() + ")");
        require(load > 0 && load <= 1.5, "--load must be in (0, 1.5] (got " + load + ")");
        require(!preroll.isNegative(), "--preroll must be >= 0 (got " + preroll + ")");
        require(
                !warmup.isNegative() && measure.toMillis() >= 100 && idle.toMillis() >= 100,
                "--warmup must be >= 0 and --measure and --idle >= 100ms");
    }

    /**
     * Lifecycle events a task brings, for sizing by records: ENQUEUED, STARTED and COMPLETED, or
     * two for a task that abandons.
     */
    private static final double EVENTS_PER_TASK = 3;

    /**
     * Tasks of the throughput run at {@code servers}: {@code tasks}, or as many as bring about
     * {@code records} input records, each with its events and N / rate heartbeats.
     */
    public long tasksAt(int servers) {
        if (tasks > 0) {
            return tasks;
        }
        double perTask = 1 + EVENTS_PER_TASK + servers / workloadRatePerSecond;
        return Math.max(10, Math.round(records / perTask));
    }

    /** Whether the throughput runs drain with the Flink floor besides the job. */
    boolean measuresFloor() {
        return floor && job.kind() != BenchedJob.FLINK_FLOOR;
    }

    /** The Flink floor as the throughput runs measure it: the job's settings, the first backend. */
    JobSettings floorJob() {
        return job.withKind(BenchedJob.FLINK_FLOOR);
    }

    /** The job settings of the throughput runs of one backend. */
    JobSettings job(String stateBackend) {
        return job.withStateBackend(stateBackend);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
