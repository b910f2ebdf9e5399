package io.qrouter.bench;

import io.qrouter.tools.report.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What N servers cost the job with no task at all: every server beats once a second, and the job's
 * own threads are measured over the window.
 *
 * @param heartbeats heartbeats sent in the window
 * @param jobCores CPU of the job's threads over the window, in cores
 * @param cpuMicrosPerHeartbeat that CPU per heartbeat
 * @param lagging heartbeats sent but not yet in the heartbeat log when the check gave up (0: the
 *     job kept up)
 * @param topThreads the job's busiest threads over the window: CPU milliseconds by thread name
 */
record HeartbeatCost(
        int servers,
        double seconds,
        long heartbeats,
        double jobCores,
        double cpuMicrosPerHeartbeat,
        long lagging,
        Map<String, Double> topThreads) {

    boolean keptUp() {
        return lagging == 0;
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("servers", servers);
        m.put("seconds", seconds);
        m.put("heartbeats", heartbeats);
        m.put("heartbeats_per_second", Json.finiteOrNull(heartbeats / seconds));
        m.put("job_cores", Json.finiteOrNull(jobCores));
        m.put("cpu_us_per_heartbeat", Json.finiteOrNull(cpuMicrosPerHeartbeat));
        m.put("kept_up", keptUp());
        m.put("lagging_heartbeats", lagging);
        m.put("top_threads_cpu_ms", topThreads);
        return m;
    }
}
