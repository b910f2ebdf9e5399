package io.qrouter.fleet;

import io.qrouter.avro.SlotAssignment;
import io.qrouter.io.AvroCodec;
import io.qrouter.io.AvroDecodeException;
import io.qrouter.io.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the DSRS slot assignments the job committed to {@code dsrs-assignments} during a run, for its report:
 * from the records written since a minute before the run's start up to the end of the topic as it stands when
 * called (read_committed, without a consumer group), keeping the slots that end after the start. Failing to read
 * is logged and answers what was read: the rest of the report is still worth writing.
 */
public final class DsrsAssignmentsReader {
    private static final Logger LOG = LoggerFactory.getLogger(DsrsAssignmentsReader.class);
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private DsrsAssignmentsReader() {}

    private static final long SEEK_MARGIN_MILLIS = 60_000;

    /** The slots of the run that started at {@code startEpochMillis}, ordered by slot and service type. */
    public static List<SlotAssignment> read(FleetConfig config, long startEpochMillis) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "qrouter-fleet-dsrs-" + config.runId());
        props.putAll(config.kafka());
        props.remove(ConsumerConfig.GROUP_ID_CONFIG);
        AvroCodec<SlotAssignment> codec = AvroCodec.of(SlotAssignment.class);
        List<SlotAssignment> slots = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer =
                     new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (PartitionInfo p : consumer.partitionsFor(Topics.DSRS_ASSIGNMENTS, TIMEOUT)) {
                partitions.add(new TopicPartition(p.topic(), p.partition()));
            }
            consumer.assign(partitions);
            Map<TopicPartition, Long> since = new HashMap<>();
            partitions.forEach(p -> since.put(p, startEpochMillis - SEEK_MARGIN_MILLIS));
            Map<TopicPartition, OffsetAndTimestamp> starts = consumer.offsetsForTimes(since, TIMEOUT);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, TIMEOUT);
            for (TopicPartition p : partitions) {
                OffsetAndTimestamp start = starts.get(p);
                consumer.seek(p, start == null ? ends.get(p) : start.offset());
            }
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!reachedEnd(consumer, ends) && System.nanoTime() < deadline) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    try {
                        SlotAssignment slot = codec.decode(record.value());
                        if (slot.getSlotEnd().toEpochMilli() > startEpochMillis) {
                            slots.add(slot);
                        }
                    } catch (AvroDecodeException e) {
                        LOG.warn("skipping an undecodable record at {}-{}@{}: {}", record.topic(), record.partition(),
                                record.offset(), e.getMessage());
                    }
                }
            }
        } catch (RuntimeException e) {
            // the report is still worth writing without the DSRS section
            LOG.warn("cannot read {}: {}", Topics.DSRS_ASSIGNMENTS, e.toString());
        }
        slots.sort(Comparator.comparingLong(SlotAssignment::getSlot)
                .thenComparing(SlotAssignment::getServiceType));
        return slots;
    }

    private static boolean reachedEnd(KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }
}
