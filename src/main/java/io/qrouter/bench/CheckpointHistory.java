package io.qrouter.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.report.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.JobID;

/**
 * When the JobManager triggered each of a job's checkpoints, read from Flink's REST API ({@code
 * /jobs/:id/checkpoints}, its history of up to {@code web.checkpoints.history} checkpoints).
 */
final class CheckpointHistory {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private CheckpointHistory() {}

    /** Trigger times (epoch ms) of the checkpoints in the history, oldest first. */
    static List<Long> triggerTimes(int restPort, JobID job) throws Exception {
        HttpRequest request =
                HttpRequest.newBuilder(
                                URI.create(
                                        "http://localhost:"
                                                + restPort
                                                + "/jobs/"
                                                + job
                                                + "/checkpoints"))
                        .timeout(Duration.ofSeconds(10))
                        .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(
                    "Flink REST " + request.uri() + ": HTTP " + response.statusCode());
        }
        return triggerTimes(Json.MAPPER.readTree(response.body()));
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
