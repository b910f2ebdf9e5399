package io.qrouter.job;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.tools.health.CheckpointRestore;
import io.qrouter.tools.kafka.TopicReader;
import io.qrouter.tools.kafka.Topics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Runs the production pipeline on a local MiniCluster against a real broker, writes Avro inputs and
 * reads the committed outputs. Every wait watches the job too: a failed job fails the test at once
 * with its root cause.
 */
public final class KafkaJobTestKit implements AutoCloseable {
    private final String bootstrapServers;
    private final KafkaProducer<String, byte[]> producer;
    private JobClient job;

    KafkaJobTestKit(String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    }

    /**
     * The job's configuration for a test: this broker, fast checkpoints, inputs from the beginning,
     * every server admitted, black-hole ejection off.
     */
    JobConfig config(String... overrides) {
        String run = UUID.randomUUID().toString().substring(0, 8);
        JobConfig config =
                JobConfig.defaults()
                        .with("kafka.bootstrap.servers", bootstrapServers)
                        .with("kafka.group.id", "qrouter-it-" + run)
                        .with("sink.transactional-id-prefix", "qrouter-it-" + run)
                        .with("source.starting-offsets", "earliest")
                        .with("checkpoint.interval.ms", "500")
                        .with("watermark.idleness.ms", "1000")
                        // the tests' servers have ids of every shape: admit them all, through the
                        // default allow-list admission
                        .with("server.allow-list", "*")
                        // most tests' servers only beat and acknowledge no task: no black-hole
                        // ejection unless a test asks for it
                        .with("router.ack-timeout.ms", "0");
        for (String override : overrides) {
            int eq = override.indexOf('=');
            config = config.with(override.substring(0, eq), override.substring(eq + 1));
        }
        return config;
    }

    /** Starts the job with restarts off, so a failure surfaces instead of being retried. */
    JobClient start(JobConfig config, int parallelism) throws Exception {
        return start(config, parallelism, null);
    }

    /**
     * Starts the job with restarts off as {@code qrouter run} starts it: with its fixed job id and,
     * unless {@code restore} starts fresh, from its checkpoint (null: neither).
     */
    JobClient start(JobConfig config, int parallelism, CheckpointRestore restore) throws Exception {
        Configuration flink = new Configuration();
        flink.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
        if (restore != null) {
            restore.applyTo(flink);
        }
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.createLocalEnvironment(parallelism, flink);
        QrouterJob.buildPipeline(env, config);
        job = env.executeAsync(config.get(ConfigKey.JOB_NAME));
        return job;
    }

    /**
     * Fresh topics (two partitions each) for one test, so tests on a shared broker never see each
     * other's records.
     */
    Map<ConfigKey, String> freshTopics(String run) {
        Map<ConfigKey, String> topics = new LinkedHashMap<>();
        for (ConfigKey key : ConfigKey.values()) {
            if (key.key().startsWith("topic.")) {
                topics.put(key, key.defaultValue() + "-" + run);
            }
        }
        Topics.create(bootstrapServers, topics.values(), 2, (short) 1);
        return topics;
    }

    /**
     * {@code topic.*=name} for every topic, then {@code more}: the overrides of {@link #config}.
     */
    public static String[] settings(Map<ConfigKey, String> topics, String... more) {
        List<String> all = new ArrayList<>();
        topics.forEach((key, name) -> all.add(key.key() + "=" + name));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    /** An idle server's heartbeat, sent now, announcing 200 ms heartbeats. */
    public static Heartbeat heartbeat(String serverId) {
        return Heartbeat.newBuilder()
                .setServerId(serverId)
                .setSentAt(Instant.now())
                .setQueueLength(0)
                .setBusy(false)
                .setServiceRatePerSecond(10.0)
                .setIntervalMillis(200)
                .build();
    }

    /**
     * Sends {@code n} tasks {@code t-<batch>-<i>} created now (service types video and search);
     * their ids.
     */
    List<String> sendTasks(Map<ConfigKey, String> topics, String batch, int n) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String id = "t-" + batch + "-" + i;
            ids.add(id);
            send(
                    topics.get(ConfigKey.TOPIC_TASKS),
                    id,
                    TaskRequest.newBuilder()
                            .setTaskId(id)
                            .setCreatedAt(Instant.now())
                            .setServiceType(i % 2 == 0 ? "video" : "search")
                            .build());
        }
        flush();
        return ids;
    }

    <T extends SpecificRecordBase> void send(String topic, String key, T record) {
        @SuppressWarnings("unchecked")
        AvroCodec<T> codec = AvroCodec.of((Class<T>) record.getClass());
        sendRaw(topic, key, codec.encode(record));
    }

    /** Every 200 ms, as {@link #heartbeat} announces, a heartbeat of each of {@code servers}. */
    void beatEvery200Millis(
            ScheduledExecutorService scheduler, String topic, Collection<String> servers) {
        scheduler.scheduleAtFixedRate(
                () -> servers.forEach(s -> send(topic, s, heartbeat(s))),
                0,
                200,
                TimeUnit.MILLISECONDS);
    }

    void sendRaw(String topic, String key, byte[] value) {
        producer.send(new ProducerRecord<>(topic, key, value));
    }

    void flush() {
        producer.flush();
    }

    /**
     * Reads {@code topic} from the beginning with read_committed until {@code done} holds for
     * everything read so far; fails when the job stops or {@code timeout} passes.
     */
    <T extends SpecificRecordBase> List<T> readCommitted(
            String topic, Class<T> type, Duration timeout, Predicate<List<T>> done)
            throws Exception {
        return TopicReader.readCommitted(
                bootstrapServers,
                topic,
                AvroCodec.of(type)::decode,
                timeout,
                done,
                this::failIfJobStopped);
    }

    /** The decisions of {@code tasks}, read from the decisions topic once every one is there. */
    List<RoutingDecision> decisionsOf(
            Map<ConfigKey, String> topics, List<String> tasks, Duration timeout) throws Exception {
        return readCommitted(
                        topics.get(ConfigKey.TOPIC_DECISIONS),
                        RoutingDecision.class,
                        timeout,
                        d -> d.stream().map(RoutingDecision::getTaskId).toList().containsAll(tasks))
                .stream()
                .filter(d -> tasks.contains(d.getTaskId()))
                .toList();
    }

    void failIfJobStopped() throws Exception {
        if (job == null) {
            return;
        }
        JobStatus status = job.getJobStatus().get(10, TimeUnit.SECONDS);
        if (status.isGloballyTerminalState()) {
            try {
                job.getJobExecutionResult().get(10, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                throw new AssertionError(
                        "the job stopped: " + status + ", root cause: " + rootCause(e), e);
            }
            throw new AssertionError("the job stopped: " + status);
        }
    }

    private static String rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.toString();
    }

    @Override
    public void close() throws Exception {
        producer.close(Duration.ofSeconds(5));
        if (job != null && stillRunning()) {
            job.cancel().get(30, TimeUnit.SECONDS);
        }
    }

    private boolean stillRunning() throws Exception {
        try {
            return !job.getJobStatus().get(10, TimeUnit.SECONDS).isGloballyTerminalState();
        } catch (IllegalStateException e) {
            // a job's own MiniCluster shuts down once the job ends (a stop with savepoint): gone
            // too
            return false;
        }
    }
}
