package io.qrouter.tools.kafka;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.job.serde.AvroCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
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
 * command's id. The log's end offsets are taken before the command is sent, so only answers written
 * after it are read (with {@code read_committed}: a job with exactly-once sinks commits the entry
 * on its next checkpoint).
 */
public final class ControlClient {
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

    /** The job's answer to {@code command}, or empty when none came within {@code timeout}. */
    public Optional<ControlLogEntry> send(ControlCommand command, Duration timeout)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<byte[], byte[]> consumer = consumer()) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo info : consumer.partitionsFor(logTopic, timeout)) {
                partitions.add(new TopicPartition(logTopic, info.partition()));
            }
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            partitions.forEach(consumer::position); // fixes the start before the command exists
            produce(command, timeout);
            AvroCodec<ControlLogEntry> codec = AvroCodec.of(ControlLogEntry.class);
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record :
                        consumer.poll(Duration.ofMillis(100))) {
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
