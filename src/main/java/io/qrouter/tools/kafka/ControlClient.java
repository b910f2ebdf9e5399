package io.qrouter.tools.kafka;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.job.serde.AvroCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Sends one control command and waits for the job's answer on the control-log: the entry with the
 * command's id (read with {@code read_committed}: a job with exactly-once sinks commits the entry
 * on its next checkpoint).
 */
public final class ControlClient {
    /** How far before a command's issue time its answer is looked for. */
    static final Duration LOOKBACK = Duration.ofSeconds(60);

    private final Properties kafka;
    private final String controlTopic;
    private final String logTopic;

    /**
     * @param kafka client settings, bootstrap.servers included
     */
    public ControlClient(Properties kafka, String controlTopic, String logTopic) {
        this.kafka = kafka;
        this.controlTopic = controlTopic;
        this.logTopic = logTopic;
    }

    /**
     * The job's answer to {@code command}, or empty when none came within {@code timeout}. The
     * command goes out first, while the log's reader is set up beside it: the answer is found by
     * the command's id, read from {@link #LOOKBACK} before its issue time (the job refuses a
     * command issued further from its clock than control.max-age.ms, 60 s by default), so the
     * reader's metadata and offset lookups no longer delay the command.
     */
    public Optional<ControlLogEntry> send(ControlCommand command, Duration timeout)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        CompletableFuture<Void> sent =
                CompletableFuture.runAsync(
                        () -> {
                            try {
                                produce(command, timeout);
                            } catch (Exception e) {
                                throw new CompletionException(e);
                            }
                        });
        try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
            List<TopicPartition> partitions = new ArrayList<>();
            Map<TopicPartition, Long> from = new HashMap<>();
            long since = command.getIssuedAt().toEpochMilli() - LOOKBACK.toMillis();
            for (PartitionInfo info : consumer.partitionsFor(logTopic, timeout)) {
                TopicPartition partition = new TopicPartition(logTopic, info.partition());
                partitions.add(partition);
                from.put(partition, since);
            }
            consumer.assign(partitions);
            // the end first: a partition with no entry since `since` when the times are looked up
            // got none between the two lookups either, so its answer will come after that end
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
            consumer.offsetsForTimes(from, timeout)
                    .forEach(
                            (partition, offset) ->
                                    consumer.seek(
                                            partition,
                                            offset != null
                                                    ? offset.offset()
                                                    : ends.get(partition)));
            try {
                sent.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception cause ? cause : e;
            }
            AvroCodec<ControlLogEntry> codec = AvroCodec.of(ControlLogEntry.class);
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(20))) {
                    ControlLogEntry entry = decode(codec, record.value());
                    if (entry != null && command.getCommandId().equals(entry.getCommandId())) {
                        return Optional.of(entry);
                    }
                }
            }
        }
        return Optional.empty();
    }

    private void produce(ControlCommand command, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        Properties p = new Properties();
        p.putAll(kafka);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        // one record, sent once: the idempotent producer's id request is a round trip for nothing
        p.putIfAbsent(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer())) {
            String key = command.getTarget() != null ? command.getTarget() : "fleet";
            producer.send(
                            new ProducerRecord<>(
                                    controlTopic,
                                    key,
                                    AvroCodec.of(ControlCommand.class).encode(command)))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private KafkaConsumer<byte[], byte[]> consumer() {
        Properties c = new Properties();
        c.putAll(kafka);
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        return new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** Another writer's bad record on the log is skipped, not fatal. */
    private static ControlLogEntry decode(AvroCodec<ControlLogEntry> codec, byte[] value) {
        try {
            return codec.decode(value);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
