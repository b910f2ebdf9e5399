package io.qrouter.tools.fleet;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.core.text.Printable;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.job.serde.AvroDecodeException;
import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything the fleet reads from Kafka, through one read_committed consumer: decisions, server
 * metrics and dead letters, decoded and handed to the {@link DecisionIntake}; an undecodable record
 * is logged and skipped.
 *
 * <p>Not thread-safe, but for {@link #wakeup}: the fleet's event loop owns it.
 */
final class FleetInput {
    private static final Logger LOG = LoggerFactory.getLogger(FleetInput.class);

    private final FleetClock clock;
    private final DecisionIntake intake;
    private final KafkaConsumer<String, byte[]> consumer;
    private final AvroCodec<RoutingDecision> decisionCodec = AvroCodec.of(RoutingDecision.class);
    private final AvroCodec<ServerMetrics> metricsCodec = AvroCodec.of(ServerMetrics.class);
    private final AvroCodec<DeadLetter> deadLetterCodec = AvroCodec.of(DeadLetter.class);
    private boolean assigned;

    FleetInput(FleetConfig config, FleetClock clock, DecisionIntake intake) {
        this.clock = clock;
        this.intake = intake;
        this.consumer =
                new KafkaConsumer<>(
                        consumerProperties(config),
                        new StringDeserializer(),
                        new ByteArrayDeserializer());
    }

    void subscribe() {
        consumer.subscribe(
                Set.of(TopicNames.DECISIONS, TopicNames.SERVER_METRICS, TopicNames.DEAD_LETTER));
    }

    /** Waits up to {@code waitMillis} for records and handles every one. */
    void poll(long waitMillis) {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(waitMillis))) {
            handle(record, clock.seconds());
        }
    }

    /**
     * True once the consumer has partitions; the first time, their starting offsets are resolved,
     * so tasks produced from then on cannot be skipped.
     */
    boolean assigned() {
        if (!assigned && !consumer.assignment().isEmpty()) {
            consumer.assignment().forEach(consumer::position);
            assigned = true;
        }
        return assigned;
    }

    /**
     * Makes a blocked or the next {@link #poll} throw WakeupException; callable from any thread.
     */
    void wakeup() {
        consumer.wakeup();
    }

    void close() {
        consumer.close(Duration.ofSeconds(5));
    }

    private void handle(ConsumerRecord<String, byte[]> record, double now) {
        try {
            switch (record.topic()) {
                case TopicNames.DECISIONS ->
                        intake.onDecision(
                                decisionCodec.decode(record.value()),
                                clock.secondsOf(record.timestamp()),
                                now);
                case TopicNames.SERVER_METRICS ->
                        intake.onMetrics(metricsCodec.decode(record.value()), now);
                case TopicNames.DEAD_LETTER ->
                        intake.onDeadLetter(deadLetterCodec.decode(record.value()));
                default -> {}
            }
        } catch (AvroDecodeException e) {
            // the reason quotes what Avro read from the record
            LOG.warn(
                    "fleet: skipping undecodable record {}-{}@{}: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    Printable.of(e.getMessage()));
        }
    }

    private static Properties consumerProperties(FleetConfig config) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, config.consumerGroup());
        // only decisions the job committed: with exactly-once sinks, uncommitted ones may still be
        // rolled back
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        // a new group starts at the end: old decisions belong to tasks of earlier runs
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "qrouter-fleet-" + config.runId());
        props.putAll(config.kafka());
        return props;
    }
}
