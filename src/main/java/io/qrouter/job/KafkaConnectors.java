package io.qrouter.job;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.SlotAssignment;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.config.ServerAdmission;
import io.qrouter.job.convert.ControlLog;
import io.qrouter.job.convert.ServerSignature;
import io.qrouter.job.serde.AvroRecordSerializer;
import io.qrouter.job.serde.DeadLetteringDeserializer;
import io.qrouter.job.serde.InputChecks;
import io.qrouter.job.serde.RecordCheck;
import java.util.Properties;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.connector.base.DeliveryGuarantee;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.types.Either;
import org.apache.flink.util.function.SerializableFunction;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

/**
 * The production sources and sinks: Kafka topics from the configuration, Avro values, {@code
 * kafka.*} client settings.
 */
public final class KafkaConnectors {
    private KafkaConnectors() {}

    public static JobSources sources(JobConfig config) {
        RecordLimits limits = RecordLimits.from(config);
        RecordCheck<TaskEvent> eventCheck = InputChecks.taskEvent(limits);
        RecordCheck<Heartbeat> heartbeatCheck = InputChecks.heartbeat(limits);
        if (ServerAdmission.from(config).mode() == ServerAdmission.Mode.SIGNED) {
            // checked where the record is decoded: a forged record is dead-lettered with its bytes
            ServerSignature signatures =
                    new ServerSignature(config.get(ConfigKey.SERVER_HMAC_SECRET));
            eventCheck = eventCheck.then((event, now) -> signatures.problem(event));
            heartbeatCheck = heartbeatCheck.then((beat, now) -> signatures.problem(beat));
        }
        return new JobSources(
                source(
                        config,
                        ConfigKey.TOPIC_TASKS,
                        new DeadLetteringDeserializer<>(
                                TaskRequest.class, InputChecks.taskRequest(limits), limits)),
                source(
                        config,
                        ConfigKey.TOPIC_SERVER_EVENTS,
                        new DeadLetteringDeserializer<>(TaskEvent.class, eventCheck, limits),
                        config.getLong(ConfigKey.SOURCE_EVENTS_MAX_WAIT_MS)),
                source(
                        config,
                        ConfigKey.TOPIC_HEARTBEATS,
                        new DeadLetteringDeserializer<>(Heartbeat.class, heartbeatCheck, limits),
                        config.getLong(ConfigKey.SOURCE_HEARTBEATS_MAX_WAIT_MS)),
                source(
                        config,
                        ConfigKey.TOPIC_CONTROL,
                        new DeadLetteringDeserializer<>(
                                ControlCommand.class, InputChecks.controlCommand(limits), limits)));
    }

    public static JobSinks sinks(JobConfig config) {
        return new JobSinks(
                sink(
                        config,
                        ConfigKey.TOPIC_DECISIONS,
                        RoutingDecision.class,
                        RoutingDecision::getServerId),
                sink(
                        config,
                        ConfigKey.TOPIC_SERVER_METRICS,
                        ServerMetrics.class,
                        ServerMetrics::getServerId,
                        ConfigKey.SINK_REPORTS_LINGER_MS),
                sink(
                        config,
                        ConfigKey.TOPIC_HEARTBEAT_LOG,
                        HeartbeatLog.class,
                        HeartbeatLog::getServerId,
                        ConfigKey.SINK_REPORTS_LINGER_MS),
                sink(
                        config,
                        ConfigKey.TOPIC_DSRS_ASSIGNMENTS,
                        SlotAssignment.class,
                        SlotAssignment::getServiceType),
                sink(
                        config,
                        ConfigKey.TOPIC_DEAD_LETTER,
                        DeadLetter.class,
                        DeadLetter::getSourceTopic),
                sink(config, ConfigKey.TOPIC_CONTROL_LOG, ControlLogEntry.class, ControlLog::key));
    }

    static <T extends SpecificRecordBase> KafkaSource<Either<DeadLetter, T>> source(
            JobConfig config, ConfigKey topicKey, DeadLetteringDeserializer<T> deserializer) {
        return source(config, topicKey, deserializer, 0);
    }

    /**
     * @param maxWaitMillis how long the broker may gather 64 KB before answering a fetch (0: answer
     *     at once)
     */
    static <T extends SpecificRecordBase> KafkaSource<Either<DeadLetter, T>> source(
            JobConfig config,
            ConfigKey topicKey,
            DeadLetteringDeserializer<T> deserializer,
            long maxWaitMillis) {
        String topic = config.get(topicKey);
        Properties kafka = consumerProperties(config, maxWaitMillis);
        String groupId = config.get(ConfigKey.KAFKA_GROUP_ID);
        return KafkaSource.<Either<DeadLetter, T>>builder()
                .setProperties(kafka)
                .setGroupId(groupId)
                .setClientIdPrefix(groupId + "-" + topic)
                .setTopics(topic)
                .setStartingOffsets(startingOffsets(config))
                .setDeserializer(deserializer)
                .build();
    }

    /**
     * A source's consumer settings: the {@code kafka.*} ones, then (unless they set them) a fetch
     * that waits up to {@code maxWaitMillis} for 64 KB, and read_committed.
     *
     * <p>Why wait: a consumer answered at once fetches again at once, so a live trickle costs a
     * fetch request (and the broker a response) per record or two. On a 2-core machine at 2,000
     * tasks/s, a 2 ms wait on the server-events source took the job from 0.59 to 0.45 cores and its
     * delivery p99 from 17.1 to 12.1 ms ({@code bench pipeline}, README).
     */
    static Properties consumerProperties(JobConfig config, long maxWaitMillis) {
        Properties kafka = config.kafkaProperties();
        if (maxWaitMillis > 0) {
            kafka.putIfAbsent("fetch.min.bytes", "65536");
            kafka.putIfAbsent("fetch.max.wait.ms", Long.toString(maxWaitMillis));
        }
        // Inputs written by transactional producers must not be seen before they commit.
        kafka.putIfAbsent("isolation.level", "read_committed");
        return kafka;
    }

    static <T extends SpecificRecordBase> KafkaSink<T> sink(
            JobConfig config,
            ConfigKey topicKey,
            Class<T> type,
            SerializableFunction<T, String> key) {
        return sink(config, topicKey, type, key, ConfigKey.SINK_LINGER_MS);
    }

    /**
     * @param lingerKey the key of the producer's linger.ms
     */
    static <T extends SpecificRecordBase> KafkaSink<T> sink(
            JobConfig config,
            ConfigKey topicKey,
            Class<T> type,
            SerializableFunction<T, String> key,
            ConfigKey lingerKey) {
        String topic = config.get(topicKey);
        boolean exactlyOnce =
                config.choice(ConfigKey.SINK_DELIVERY_GUARANTEE).equals("exactly-once");
        return KafkaSink.<T>builder()
                .setKafkaProducerConfig(config.kafkaProperties())
                .setRecordSerializer(
                        new AvroRecordSerializer<>(
                                topic,
                                type,
                                key,
                                config.get(ConfigKey.TOPIC_DEAD_LETTER),
                                RecordLimits.from(config)))
                .setDeliveryGuarantee(
                        exactlyOnce
                                ? DeliveryGuarantee.EXACTLY_ONCE
                                : DeliveryGuarantee.AT_LEAST_ONCE)
                // One prefix per sink: two sinks sharing transactional ids would fence each other.
                .setTransactionalIdPrefix(
                        config.get(ConfigKey.SINK_TRANSACTIONAL_ID_PREFIX) + "-" + topic)
                // Flink's default (1 h) exceeds the broker's transaction.max.timeout.ms (15 min by
                // default).
                .setProperty(
                        "transaction.timeout.ms", config.get(ConfigKey.SINK_TRANSACTION_TIMEOUT_MS))
                .setProperty("linger.ms", config.get(lingerKey))
                .build();
    }

    private static OffsetsInitializer startingOffsets(JobConfig config) {
        return switch (config.choice(ConfigKey.SOURCE_STARTING_OFFSETS)) {
            case "earliest" -> OffsetsInitializer.earliest();
            case "latest" -> OffsetsInitializer.latest();
            default -> OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST);
        };
    }
}
