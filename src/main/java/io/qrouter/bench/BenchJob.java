package io.qrouter.bench;

import io.qrouter.job.QrouterJob;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.tools.health.JobWatch;
import io.qrouter.tools.kafka.FreePorts;
import io.qrouter.tools.kafka.TempDirectories;
import java.net.BindException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.ExceptionUtils;

/**
 * Submits the production pipeline ({@link QrouterJob#buildPipeline}), or the Flink floor ({@link
 * FlinkFloorJob}), to a local MiniCluster for one benchmark run: the run's topics, sources from the
 * beginning, checkpoints to a temporary directory (the JobManager's memory takes only a few MB:
 * thousands of servers' state do not fit), the chosen settings, restarts off (a failure ends the
 * run with its cause). No name the job gives its threads or clients contains {@link
 * ThreadCpu#BENCH_MARK}, so its CPU is charged.
 */
final class BenchJob {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    /** Checkpoints kept in the REST history: a run's longest latency phase at 1 per second. */
    private static final int CHECKPOINT_HISTORY = 10_000;

    private BenchJob() {}

    /**
     * A started job, when it was submitted (System.nanoTime), and its checkpoint directory (deleted
     * by close).
     */
    record Started(JobWatch job, long submittedNanos, Path checkpoints, int restPort)
            implements AutoCloseable {
        /** When the JobManager triggered the job's checkpoints (epoch ms, ascending). */
        List<Long> checkpointTriggerTimes() throws Exception {
            return CheckpointHistory.triggerTimes(restPort, job.client().getJobID());
        }

        /** Cancels the job and deletes its checkpoints. */
        @Override
        public void close() {
            job.cancel();
            TempDirectories.delete(checkpoints);
        }
    }

    /**
     * @param runKeys the run's own keys (topics, timeouts), applied before {@code settings}'
     *     overrides
     * @param serverIds the fleet's servers, among which the Flink floor hashes its tasks
     */
    static Started start(
            String bootstrapServers,
            String runName,
            JobSettings settings,
            Map<String, String> runKeys,
            List<String> serverIds)
            throws Exception {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put(ConfigKey.KAFKA_BOOTSTRAP_SERVERS.key(), bootstrapServers);
        keys.put(ConfigKey.KAFKA_GROUP_ID.key(), "qrouter-" + runName);
        keys.put(ConfigKey.SINK_TRANSACTIONAL_ID_PREFIX.key(), "qrouter-" + runName);
        keys.put(ConfigKey.JOB_NAME.key(), "qrouter pipeline benchmark " + runName);
        keys.put(ConfigKey.SOURCE_STARTING_OFFSETS.key(), "earliest");
        keys.put(ConfigKey.JOB_PARALLELISM.key(), Integer.toString(settings.parallelism()));
        keys.put(ConfigKey.SINK_DELIVERY_GUARANTEE.key(), settings.deliveryGuarantee());
        keys.put(ConfigKey.STATE_BACKEND.key(), settings.stateBackend());
        Path checkpoints = TempDirectories.create("qrouter-checkpoints-");
        keys.put(ConfigKey.CHECKPOINT_DIR.key(), checkpoints.toUri().toString());
        // the workload's servers, by id: the admission a production job has
        List<String> admitted = new java.util.ArrayList<>(serverIds);
        admitted.add(WorkloadProducer.TAIL_SERVER); // its records close the drain's partitions
        keys.put(ConfigKey.SERVER_ALLOW_LIST.key(), String.join(",", admitted));
        // the workload is recorded: its servers acknowledge the recording's choices, not the job's,
        // so every server would look like a black hole
        keys.put(ConfigKey.ROUTER_ACK_TIMEOUT_MS.key(), "0");
        keys.putAll(runKeys);
        keys.putAll(settings.overrides());
        JobConfig config = JobConfig.of(keys);

        // the REST API on a known port, with every checkpoint of a run in its history
        // (CheckpointTail); a port taken between choosing it and binding it (the broker's clients
        // take ephemeral ports meanwhile) is chosen again
        for (int attempt = 1; ; attempt++) {
            int restPort = FreePorts.any();
            StreamExecutionEnvironment env =
                    StreamExecutionEnvironment.createLocalEnvironment(
                            settings.parallelism(), flinkSettings(restPort));
            switch (settings.kind()) {
                case QROUTER -> QrouterJob.buildPipeline(env, config);
                case FLINK_FLOOR -> FlinkFloorJob.buildPipeline(env, config, serverIds);
            }
            long submitted = System.nanoTime();
            JobWatch job;
            try {
                job = new JobWatch(env.executeAsync(config.get(ConfigKey.JOB_NAME)));
            } catch (Exception e) {
                if (attempt < 3
                        && ExceptionUtils.findThrowable(e, BindException.class).isPresent()) {
                    continue;
                }
                throw e;
            }
            return awaitRunning(new Started(job, submitted, checkpoints, restPort));
        }
    }

    private static Configuration flinkSettings(int restPort) {
        Configuration flink = new Configuration();
        flink.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        flink.set(RestOptions.ADDRESS, "localhost");
        flink.set(RestOptions.BIND_PORT, Integer.toString(restPort));
        flink.set(RestOptions.PORT, restPort);
        flink.set(WebOptions.CHECKPOINTS_HISTORY_SIZE, CHECKPOINT_HISTORY);
        // answered fresh, not from the REST caches (3 s by default): a latency point reads its
        // checkpoints the moment it ends
        flink.set(WebOptions.REFRESH_INTERVAL, Duration.ofMillis(1));
        flink.set(RestOptions.CACHE_CHECKPOINT_STATISTICS_TIMEOUT, Duration.ofMillis(1));
        return flink;
    }

    private static Started awaitRunning(Started started) throws Exception {
        try {
            started.job().awaitRunning(START_TIMEOUT, () -> false);
        } catch (Exception e) {
            started.close();
            throw e;
        }
        return started;
    }
}
