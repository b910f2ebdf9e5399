package io.qrouter.tools.fleet;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.convert.ServerSignature;
import io.qrouter.job.serde.AvroCodec;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the fleet writes to Kafka, through one producer: tasks (keyed by task id), lifecycle
 * events and heartbeats (keyed by server id). A failed send never stops the fleet: it is counted in
 * {@link FleetStats} and the first one is logged. Thread-safe (the task source and the event loop
 * share it).
 */
final class FleetOutput {
    private static final Logger LOG = LoggerFactory.getLogger(FleetOutput.class);

    private final FailingServers failing;
    private final FleetClock clock;
    private final FleetStats stats;
    private final KafkaProducer<String, byte[]> producer;
    private final AvroCodec<TaskRequest> taskCodec = AvroCodec.of(TaskRequest.class);
    private final AvroCodec<TaskEvent> eventCodec = AvroCodec.of(TaskEvent.class);
    private final AvroCodec<Heartbeat> heartbeatCodec = AvroCodec.of(Heartbeat.class);

    /** Null: the servers do not sign. */
    private final ServerSignature signing;

    FleetOutput(FleetConfig config, FleetClock clock, FleetStats stats, ServerSignature signing) {
        this.signing = signing;
        this.failing = config.failing();
        this.clock = clock;
        this.stats = stats;
        this.producer =
                new KafkaProducer<>(
                        producerProperties(config),
                        new StringSerializer(),
                        new ByteArraySerializer());
    }

    /**
     * Sends a task created at {@code record.createdAt}; the broker's append time goes into the
     * record when the send is acknowledged.
     */
    void task(TaskRecord record, String taskKey) {
        String taskId = record.task.taskId();
        TaskRequest request =
                FleetRecords.task(taskId, clock.epochMillis(record.createdAt), taskKey);
        record.sentAt = clock.seconds();
        producer.send(
                new ProducerRecord<>(TopicNames.TASKS, taskId, taskCodec.encode(request)),
                (meta, error) -> {
                    if (error != null) {
                        stats.sendFailures.incrementAndGet();
                    } else if (meta.hasTimestamp()) {
                        record.appendedAt = clock.secondsOf(meta.timestamp());
                    }
                });
        stats.sent.incrementAndGet();
    }

    /** A server's lifecycle event at fleet second {@code at}; a FAILED one says why. */
    void event(String serverId, String taskId, TaskEventType type, double at) {
        TaskEvent event =
                FleetRecords.event(
                        serverId,
                        taskId,
                        type,
                        clock.epochMillis(at),
                        type == TaskEventType.FAILED ? failing.reason() : null);
        if (signing != null) {
            event.setSignature(ServerSignature.sign(serverKey(serverId), event));
        }
        send(TopicNames.SERVER_EVENTS, serverId, eventCodec.encode(event));
    }

    void heartbeat(Heartbeat beat) {
        if (signing != null) {
            beat.setSignature(ServerSignature.sign(serverKey(beat.getServerId()), beat));
        }
        send(TopicNames.HEARTBEATS, beat.getServerId(), heartbeatCodec.encode(beat));
        stats.heartbeats.incrementAndGet();
    }

    /** The signing's key cache is not thread-safe; the task source never signs, but be sure. */
    private synchronized byte[] serverKey(String serverId) {
        return signing.serverKey(serverId);
    }

    void flush() {
        producer.flush();
    }

    /** Flushes and closes; a failure is logged, not thrown: the run's results are still good. */
    void close() {
        try {
            producer.flush();
            producer.close(Duration.ofSeconds(10));
        } catch (RuntimeException e) {
            LOG.warn("fleet: closing the producer failed: {}", e.toString());
        }
    }

    private void send(String topic, String key, byte[] value) {
        try {
            producer.send(
                    new ProducerRecord<>(topic, key, value),
                    (meta, error) -> {
                        if (error != null) {
                            sendFailed(topic, error);
                        }
                    });
        } catch (RuntimeException e) {
            sendFailed(topic, e);
        }
    }

    private void sendFailed(String topic, Exception error) {
        if (stats.sendFailures.getAndIncrement() == 0) {
            LOG.warn("fleet: sending to {} failed: {}", topic, error.toString());
        }
    }

    private static Properties producerProperties(FleetConfig config) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
        // events and heartbeats are the routers' view of this server: send them at once
        props.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "qrouter-fleet-" + config.runId());
        props.putAll(config.kafka());
        return props;
    }
}
