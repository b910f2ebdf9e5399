package io.qrouter.job;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.qrouter.tools.kafka.RestJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The Flink REST calls a job submission makes, as the web UI and {@code curl} make them: upload a
 * jar ({@code POST /jars/upload}, multipart field {@code jarfile}), run it ({@code POST
 * /jars/:id/run} with entry class and program arguments), then read the job's state and metrics and
 * cancel it.
 */
public final class FlinkRestClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;

    FlinkRestClient(URI base) {
        this.base = base;
    }

    /** GET {@code path}; the parsed JSON body. */
    JsonNode get(String path) throws IOException, InterruptedException {
        return RestJson.send(HttpRequest.newBuilder(base.resolve(path)).GET());
    }

    /** Uploads a job jar; its id on the cluster. */
    String uploadJar(Path jar) throws IOException, InterruptedException {
        String boundary = "qrouter-" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(
                ("--"
                                + boundary
                                + "\r\nContent-Disposition: form-data; name=\"jarfile\"; filename=\""
                                + jar.getFileName()
                                + "\"\r\nContent-Type: application/x-java-archive\r\n\r\n")
                        .getBytes(StandardCharsets.UTF_8));
        body.write(Files.readAllBytes(jar));
        body.write(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        JsonNode uploaded =
                RestJson.send(
                        HttpRequest.newBuilder(base.resolve("/jars/upload"))
                                .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                                .POST(HttpRequest.BodyPublishers.ofByteArray(body.toByteArray())));
        String file = uploaded.path("filename").asText();
        return Path.of(file).getFileName().toString();
    }

    /** Runs an uploaded jar's {@code entryClass} with {@code args}; the job id. */
    String runJar(String jarId, String entryClass, List<String> args)
            throws IOException, InterruptedException {
        String request =
                JSON.writeValueAsString(Map.of("entryClass", entryClass, "programArgsList", args));
        return RestJson.send(
                        HttpRequest.newBuilder(base.resolve("/jars/" + jarId + "/run"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(request)))
                .path("jobid")
                .asText();
    }

    /** The job's state, e.g. RUNNING, RESTARTING, FAILED. */
    String jobState(String jobId) throws IOException, InterruptedException {
        return get("/jobs/" + jobId).path("state").asText();
    }

    /** True when the job and every one of its tasks are RUNNING. */
    boolean allTasksRunning(String jobId) throws IOException, InterruptedException {
        JsonNode job = get("/jobs/" + jobId);
        int running = 0;
        int total = 0;
        for (JsonNode vertex : job.path("vertices")) {
            running += vertex.path("tasks").path("RUNNING").asInt();
            total += vertex.path("parallelism").asInt();
        }
        return job.path("state").asText().equals("RUNNING") && total > 0 && running == total;
    }

    /**
     * The job's {@code numRestarts} metric once it reaches {@code atLeast}, or as it is after
     * {@code patience}: the REST API serves metrics the JobManager fetched up to 10 s earlier
     * ({@code metrics.fetcher.update-interval}), so a restart a few seconds old may not show yet.
     */
    long restarts(String jobId, long atLeast, Duration patience)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            long restarts = 0;
            for (JsonNode metric : get("/jobs/" + jobId + "/metrics?get=numRestarts")) {
                restarts = metric.path("value").asLong();
            }
            if (restarts >= atLeast || System.nanoTime() > deadline) {
                return restarts;
            }
            Thread.sleep(500);
        }
    }

    void cancel(String jobId) throws IOException, InterruptedException {
        RestJson.send(
                HttpRequest.newBuilder(base.resolve("/jobs/" + jobId + "?mode=cancel"))
                        .method("PATCH", HttpRequest.BodyPublishers.noBody()));
    }
}
