package io.qrouter.bench;

import io.qrouter.demo.LocalJob;
import io.qrouter.job.ConfigKey;
import io.qrouter.job.JobConfig;
import io.qrouter.job.QrouterJob;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Submits the production pipeline ({@link QrouterJob#buildPipeline}) to a local MiniCluster for one benchmark run:
 * the run's topics, sources from the beginning, the chosen settings, restarts off (a failure ends the run with its
 * cause). No name the job gives its threads or clients contains {@link ThreadCpu#BENCH_MARK}, so its CPU is charged.
 */
final class BenchJob {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private BenchJob() {}

    /** A started job and when it was submitted (System.nanoTime). */
    record Started(LocalJob job, long submittedNanos) {}

    /**
     * @param runKeys the run's own keys (topics, timeouts), applied before {@code settings}' overrides
     */
    static Started start(String bootstrapServers, String runName, JobSettings settings, Map<String, String> runKeys)
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
        keys.putAll(runKeys);
        keys.putAll(settings.overrides());
        JobConfig config = JobConfig.of(keys);

        Configuration flink = new Configuration();
        flink.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironment(settings.parallelism(), flink);
        QrouterJob.buildPipeline(env, config);
        long submitted = System.nanoTime();
        LocalJob job = new LocalJob(env.executeAsync(config.get(ConfigKey.JOB_NAME)));
        try {
            job.awaitRunning(START_TIMEOUT, () -> false);
        } catch (Exception e) {
            job.close();
            throw e;
        }
        return new Started(job, submitted);
    }
}
