package io.qrouter.tools.demo;

import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.GaSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.tools.fleet.DigitalTwin;
import io.qrouter.tools.fleet.RecordedRun;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the digital twin takes from a job's configuration, for a demo's own twin and for {@code
 * qrouter twin --run} on its recorded directory: the run's report.json keeps the keys it reads.
 */
public final class JobTwin {
    /** The keys the twin's model is made from (by prefix): the router, heartbeats, estimators. */
    private static final String[] PREFIXES = {
        "router.", "heartbeat.", "server.estimator", "job.parallelism"
    };

    private JobTwin() {}

    /**
     * The model of the job, or empty for GA batches (the simulator routes task by task: it has no
     * model of them).
     */
    public static Optional<DigitalTwin.JobModel> model(JobConfig config) {
        if (GaSettings.routesInBatches(config)) {
            return Optional.empty();
        }
        ServerStateSettings serverState = ServerStateSettings.from(config);
        RouterSettings router = RouterSettings.from(config);
        return Optional.of(
                new DigitalTwin.JobModel(
                        PolicyName.parse(config.choice(ConfigKey.ROUTER_POLICY)),
                        routers(config),
                        new AdaptiveHeartbeat(
                                serverState.heartbeatMin().toMillis(),
                                serverState.heartbeatMax().toMillis()),
                        serverState.estimatorConfig(),
                        router.loadIndexTimeUnit().toMillis() / 1000.0,
                        router.slowStart().toMillis() / 1000.0,
                        router.placeTasks()));
    }

    /** The model of a recorded run's job, from the keys kept beside it; empty for GA batches. */
    public static Optional<DigitalTwin.JobModel> model(RecordedRun run) {
        return model(JobConfig.of(run.twinKeys()));
    }

    /** Router subtasks: {@code router.parallelism}, or {@code job.parallelism} when it is 0. */
    static int routers(JobConfig config) {
        int routers = config.getInt(ConfigKey.ROUTER_PARALLELISM);
        return routers > 0 ? routers : config.getInt(ConfigKey.JOB_PARALLELISM);
    }

    /** The resolved keys {@link #model} reads, secrets left out, to keep beside a run. */
    public static Map<String, String> keys(JobConfig config) {
        Map<String, String> keys = new TreeMap<>();
        config.masked()
                .forEach(
                        (key, value) -> {
                            if (!JobConfig.isSecret(key) && read(key)) {
                                keys.put(key, value);
                            }
                        });
        return keys;
    }

    private static boolean read(String key) {
        for (String prefix : PREFIXES) {
            if (key.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }
}
