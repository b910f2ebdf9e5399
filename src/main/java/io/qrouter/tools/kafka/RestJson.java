package io.qrouter.tools.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * JSON over HTTP, as Flink's REST API speaks it: one request, its body parsed, an error status an
 * {@link IOException} that names the request and quotes the answer.
 */
public final class RestJson {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private RestJson() {}

    /** GET {@code uri}; the parsed body. */
    public static JsonNode get(URI uri) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri).GET());
    }

    /** Sends {@code request} (60 s at most); the parsed body, an empty object for none. */
    public static JsonNode send(HttpRequest.Builder request)
            throws IOException, InterruptedException {
        HttpResponse<String> response =
                HTTP.send(
                        request.timeout(Duration.ofSeconds(60)).build(),
                        HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() >= 300) {
            throw new IOException(
                    response.request().method()
                            + " "
                            + response.request().uri()
                            + ": HTTP "
                            + response.statusCode()
                            + " "
                            + response.body());
        }
        return response.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(response.body());
    }
}
