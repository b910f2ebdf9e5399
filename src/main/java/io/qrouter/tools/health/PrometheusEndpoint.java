package io.qrouter.tools.health;

import io.qrouter.tools.kafka.FreePorts;
import java.io.IOException;
import java.net.ServerSocket;
import org.apache.flink.configuration.Configuration;

/**
 * Flink's Prometheus reporter on a local cluster: every metric of the job (qrouter's own included)
 * at {@code http://localhost:PORT/metrics}, as a TaskManager with the reporter enabled serves them
 * on a real cluster.
 */
public final class PrometheusEndpoint {
    /** The port Flink's documentation and most scrape configurations use for the reporter. */
    public static final int DEFAULT_PORT = 9249;

    private static final String PREFIX = "metrics.reporter.prometheus.";

    private PrometheusEndpoint() {}

    /** The options that start the reporter on {@code port}. */
    public static Configuration reporterSettings(int port) {
        Configuration flink = new Configuration();
        flink.setString(
                PREFIX + "factory.class",
                "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        flink.setString(PREFIX + "port", Integer.toString(port));
        return flink;
    }

    /** {@code wanted} if nothing listens there now, else a free port. */
    public static int portFor(int wanted) {
        try (ServerSocket probe = new ServerSocket(wanted)) {
            return wanted;
        } catch (IOException taken) {
            return FreePorts.any();
        }
    }
}
