package io.qrouter.tools.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads what a topic holds, committed (read_committed), from the first record at or after a time up
 * to the end of every partition as it stands when called: a snapshot read without a consumer group,
 * for reports and audits that check what really reached Kafka.
 */
public final class CommittedRecords {
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private CommittedRecords() {}

    /**
     * @param clientSettings bootstrap servers and any other client settings (security); a group id
     *     is ignored
     * @param sinceEpochMillis records before this time (their Kafka timestamp) are skipped
     * @param each receives every record, in partition order
     * @throws IllegalStateException when the end is not reached within 30 s
     */
    public static void read(
            Properties clientSettings,
            String topic,
            long sinceEpochMillis,
            Consumer<ConsumerRecord<byte[], byte[]>> each) {
        Properties props = new Properties();
        props.putAll(clientSettings);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(
                        props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo p : consumer.partitionsFor(topic, TIMEOUT)) {
                partitions.add(new TopicPartition(p.topic(), p.partition()));
            }
            consumer.assign(partitions);
            Map<TopicPartition, Long> since = new HashMap<>();
            partitions.forEach(p -> since.put(p, sinceEpochMillis));
            Map<TopicPartition, OffsetAndTimestamp> starts =
                    consumer.offsetsForTimes(since, TIMEOUT);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, TIMEOUT);
            for (TopicPartition p : partitions) {
                OffsetAndTimestamp start = starts.get(p);
                consumer.seek(p, start == null ? ends.get(p) : start.offset());
            }
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!reachedEnd(consumer, ends)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "did not reach the end of " + topic + " within " + TIMEOUT);
                }
                consumer.poll(Duration.ofMillis(200)).forEach(each);
            }
        }
    }

    private static boolean reachedEnd(
            KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream()
                .allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }
}
