package io.qrouter.tools.kafka;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.apache.kafka.server.common.MetadataVersion;

/**
 * A real single-node Kafka broker (KRaft, combined controller+broker) running in this JVM on a free
 * loopback port. Starts in a few seconds; {@link #close()} stops it and deletes its log
 * directories. {@link #stopBroker} and {@link #startBroker} restart the broker for real, on the
 * same port and log directories (fault injection).
 *
 * <p>Used by the demo and by integration tests, so that neither needs Docker.
 */
public final class EmbeddedKafka implements AutoCloseable {
    /**
     * Same as a stock broker's maximum (15 min), so code that forgets to lower Flink's default
     * transaction timeout (1 h) fails here as it would in production.
     */
    public static final long TRANSACTION_MAX_TIMEOUT_MILLIS = 15 * 60 * 1000L;

    private final Path baseDirectory;
    private final KafkaClusterTestKit cluster;

    private EmbeddedKafka(Path baseDirectory, KafkaClusterTestKit cluster) {
        this.baseDirectory = baseDirectory;
        this.cluster = cluster;
    }

    /** Starts a broker with its data under a fresh directory in {@code java.io.tmpdir}. */
    public static EmbeddedKafka start() {
        return start(Map.of());
    }

    /**
     * Starts a broker; {@code brokerOverrides} are broker config keys applied last (e.g. {@code
     * num.partitions}).
     */
    public static EmbeddedKafka start(Map<String, String> brokerOverrides) {
        Path base = TempDirectories.create("qrouter-kafka-");
        KafkaClusterTestKit cluster = null;
        boolean started = false;
        try {
            TestKitNodes nodes =
                    new TestKitNodes.Builder()
                            .setCombined(true)
                            .setNumBrokerNodes(1)
                            .setNumControllerNodes(1)
                            // the kit defaults to the newest, unstable metadata version; clients
                            // expect a production one
                            .setBootstrapMetadataVersion(MetadataVersion.latestProduction())
                            .setBaseDirectory(base)
                            .build();
            KafkaClusterTestKit.Builder builder =
                    new KafkaClusterTestKit.Builder(nodes)
                            .setDeleteOnClose(true)
                            .setConfigProp("offsets.topic.replication.factor", "1")
                            .setConfigProp("offsets.topic.num.partitions", "4")
                            .setConfigProp("transaction.state.log.replication.factor", "1")
                            .setConfigProp("transaction.state.log.min.isr", "1")
                            .setConfigProp("transaction.state.log.num.partitions", "4")
                            .setConfigProp("min.insync.replicas", "1")
                            .setConfigProp("group.initial.rebalance.delay.ms", "0")
                            // a restarted broker registers again once its old session has expired
                            // (Kafka's 9 s default)
                            .setConfigProp("broker.session.timeout.ms", "3000")
                            .setConfigProp("broker.heartbeat.interval.ms", "750")
                            .setConfigProp(
                                    "transaction.max.timeout.ms",
                                    Long.toString(TRANSACTION_MAX_TIMEOUT_MILLIS));
            brokerOverrides.forEach(builder::setConfigProp);
            cluster = builder.build();
            formatQuietly(cluster);
            cluster.startup();
            cluster.waitForReadyBrokers();
            started = true;
            return new EmbeddedKafka(base, cluster);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "interrupted while starting the embedded Kafka broker", e);
        } catch (Exception e) {
            throw new IllegalStateException(
                    "embedded Kafka broker failed to start: " + e.getMessage(), e);
        } finally {
            if (!started) { // also on Errors such as a missing class: never leave a broker or its
                // files behind
                closeQuietly(cluster);
                TempDirectories.delete(base);
            }
        }
    }

    /**
     * Shuts the broker down as a stopped broker process would: its listener closes, its logs are
     * flushed and closed, clients lose their connections. The KRaft controller keeps running, as a
     * separate controller quorum would.
     */
    public void stopBroker() {
        broker().shutdown();
        broker().awaitShutdown();
    }

    /**
     * Starts the broker again after {@link #stopBroker}: the same port (the test kit keeps its
     * listener's port) and the same log directories, recovered as a restarted broker recovers them.
     * Returns once it serves requests.
     */
    public void startBroker() {
        broker().startup();
        try {
            cluster.waitForReadyBrokers();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the broker restarted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException(
                    "the broker did not come back: " + e.getCause(), e.getCause());
        }
    }

    private kafka.server.BrokerServer broker() {
        return cluster.brokers().values().iterator().next();
    }

    /** {@code host:port} of the broker listener, for {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** Where the broker keeps its data until {@link #close()}. */
    public Path directory() {
        return baseDirectory;
    }

    /** Creates every default topic with {@code partitions} partitions. */
    public EmbeddedKafka createTopics(int partitions) {
        Topics.createAll(bootstrapServers(), partitions, (short) 1);
        return this;
    }

    @Override
    public void close() {
        closeQuietly(cluster);
        TempDirectories.delete(baseDirectory);
    }

    /**
     * The kit's storage formatter prints its bootstrap metadata to System.out, which would end up
     * in the demo's report output; keep it and show it only when formatting fails.
     */
    private static void formatQuietly(KafkaClusterTestKit cluster) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            cluster.format();
        } catch (Exception e) {
            throw new IllegalStateException(
                    "formatting the broker's storage failed: "
                            + captured.toString(StandardCharsets.UTF_8),
                    e);
        } finally {
            System.setOut(original);
        }
    }

    private static void closeQuietly(KafkaClusterTestKit cluster) {
        if (cluster == null) {
            return;
        }
        try {
            cluster.close();
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            // Shutdown errors must not hide the caller's own exception; the directory is removed
            // regardless.
        }
    }
}
