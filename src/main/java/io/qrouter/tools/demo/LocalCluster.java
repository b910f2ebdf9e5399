package io.qrouter.tools.demo;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.minicluster.MiniClusterJobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

/**
 * The demo's Flink cluster: a MiniCluster in this JVM with N TaskManagers, each with slots for the
 * whole job, tasks spread over them, the web UI, and a fixed-delay restart strategy. Flink's local
 * environment would start a cluster of its own that nobody can reach; this one the demo holds, so
 * it can terminate a TaskManager mid-run ({@code --chaos}) and restart the job on the others.
 */
final class LocalCluster implements AutoCloseable {
    /** A failed job restarts after this delay, at most {@link #RESTART_ATTEMPTS} times. */
    static final Duration RESTART_DELAY = Duration.ofSeconds(1);

    static final int RESTART_ATTEMPTS = 20;

    private final MiniCluster cluster;
    private int killed;

    private LocalCluster(MiniCluster cluster) {
        this.cluster = cluster;
    }

    /**
     * @param settings the cluster's own settings (ports, directories, metric reporters)
     * @param slotsPerTaskManager enough for the whole job, so one TaskManager can run it when
     *     another is gone
     */
    static LocalCluster start(Configuration settings, int taskManagers, int slotsPerTaskManager)
            throws Exception {
        Configuration flink = new Configuration(settings);
        flink.set(
                TaskManagerOptions.TASK_MANAGER_LOAD_BALANCE_MODE,
                TaskManagerOptions.TaskManagerLoadBalanceMode.SLOTS);
        flink.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        flink.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, RESTART_DELAY);
        flink.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, RESTART_ATTEMPTS);
        MiniCluster cluster =
                new MiniCluster(
                        new MiniClusterConfiguration.Builder()
                                .setConfiguration(flink)
                                .setNumTaskManagers(taskManagers)
                                .setNumSlotsPerTaskManager(slotsPerTaskManager)
                                .build());
        try {
            cluster.start();
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return new LocalCluster(cluster);
    }

    /** Submits the job {@code env} holds. */
    JobClient submit(StreamExecutionEnvironment env, String jobName) throws Exception {
        StreamGraph graph = env.getStreamGraph();
        graph.setJobName(jobName);
        graph.serializeUserDefinedInstances(); // as Flink's local executor does before it
        // submits a stream graph
        JobID id = cluster.submitJob(graph).get(60, TimeUnit.SECONDS).getJobID();
        return new MiniClusterJobClient(
                id,
                cluster,
                Thread.currentThread().getContextClassLoader(),
                MiniClusterJobClient.JobFinalizationBehavior.NOTHING);
    }

    /**
     * Terminates the oldest TaskManager still running, as when its process dies: its tasks fail and
     * its slots are gone, so the job restarts on the others. Returns the index of the one
     * terminated.
     */
    int killTaskManager() throws Exception {
        int index = killed++;
        cluster.terminateTaskManager(index).get(60, TimeUnit.SECONDS);
        return index;
    }

    /**
     * Starts one more TaskManager: the replacement of one killed, so the cluster keeps its size.
     */
    void startTaskManager() throws Exception {
        cluster.startTaskManager();
    }

    @Override
    public void close() throws Exception {
        cluster.close();
    }
}
