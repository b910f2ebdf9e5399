package io.qrouter.tools.kafka;

import static org.assertj.core.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads a topic back in a test, as a downstream consumer would. */
public final class TopicReader {
    private TopicReader() {}

    /** A check made between polls: e.g. that the job under test still runs. */
    @FunctionalInterface
    public interface Check {
        void check() throws Exception;
    }

    /**
     * Reads {@code topic} from the beginning with read_committed until {@code done} holds for
     * everything read so far; fails when {@code alive} throws or {@code timeout} passes.
     */
    public static <T> List<T> readCommitted(
            String bootstrapServers,
            String topic,
            Function<byte[], T> decode,
            Duration timeout,
            Predicate<List<T>> done,
            Check alive)
            throws Exception {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        List<T> records = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo info : consumer.partitionsFor(topic)) {
                partitions.add(new TopicPartition(topic, info.partition()));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (!done.test(records)) {
                alive.check();
                if (System.nanoTime() > deadline) {
                    fail(
                            "timed out after "
                                    + timeout.toSeconds()
                                    + " s reading "
                                    + topic
                                    + ": got "
                                    + records.size()
                                    + " records, condition not met; last ones: "
                                    + records.stream()
                                            .skip(Math.max(0, records.size() - 3))
                                            .map(Object::toString)
                                            .collect(Collectors.joining("\n")));
                }
                for (ConsumerRecord<byte[], byte[]> record :
                        consumer.poll(Duration.ofMillis(200))) {
                    records.add(decode.apply(record.value()));
                }
            }
        }
        return records;
    }
}
