package io.qrouter.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.tools.kafka.RestJson;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.JobID;

/**
 * When the JobManager triggered each of a job's checkpoints, read from Flink's REST API ({@code
 * /jobs/:id/checkpoints}, its history of up to {@code web.checkpoints.history} checkpoints).
 */
final class CheckpointHistory {
    private CheckpointHistory() {}

    /** Trigger times (epoch ms) of the checkpoints in the history, oldest first. */
    static List<Long> triggerTimes(int restPort, JobID job) throws Exception {
        return triggerTimes(
                RestJson.get(
                        URI.create(
                                "http://localhost:" + restPort + "/jobs/" + job + "/checkpoints")));
    }

    /** The trigger times in a {@code /jobs/:id/checkpoints} answer, oldest first. */
    static List<Long> triggerTimes(JsonNode checkpoints) {
        List<Long> times = new ArrayList<>();
        for (JsonNode checkpoint : checkpoints.path("history")) {
            times.add(checkpoint.get("trigger_timestamp").asLong());
        }
        times.sort(null);
        return times;
    }
}
