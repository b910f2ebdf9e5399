package io.qrouter.bench;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.serde.AvroCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Watches a run's outputs from their beginning with a read_committed consumer on its own thread:
 * counts records per topic, notes when the first decision arrived and when the run was done (the
 * decisions plus dead letters reached a target count, and the end marker, if any, was seen), with a
 * {@link ThreadCpu} snapshot at both moments, and with {@link SendTimes} records each measured
 * decision's delivery latency (send to receipt) in an HdrHistogram, in microseconds.
 */
final class OutputProbe implements AutoCloseable {
    private static final long MAX_LATENCY_MICROS = 3_600_000_000L;

    private final String decisionsTopic;
    private final String deadLetterTopic;
    private final SendTimes sendTimes;
    private final long target;
    private final EndMarker endMarker;
    private volatile boolean markerSeen;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Thread thread;
    private final AvroCodec<RoutingDecision> decisionCodec = AvroCodec.of(RoutingDecision.class);
    private final Map<String, AtomicLong> counts = new ConcurrentHashMap<>();
    private final Histogram latencyMicros = new Histogram(MAX_LATENCY_MICROS, 3);

    /** Guarded by {@link #latencyMicros}, as they record the same decisions. */
    private Receipts receipts = new Receipts();

    private DeliveryLegs legs = new DeliveryLegs();

    private volatile long firstDecisionNanos;
    private volatile long decisionsInFirstBatch;
    private volatile ThreadCpu cpuAtFirst;
    private volatile long targetNanos;
    private volatile ThreadCpu cpuAtTarget;
    private volatile Throwable failure;
    private volatile boolean running = true;

    /**
     * @param topics every topic to count (the decisions and dead-letter topics among them, if
     *     watched)
     * @param sendTimes null: count only; else decode decisions and measure their latency
     * @param target decisions plus dead letters at which {@link #reachedTarget()} turns true (0:
     *     none)
     * @param endMarker a record that must have been seen too before the run is done (null: none)
     */
    OutputProbe(
            String bootstrapServers,
            List<String> topics,
            String decisionsTopic,
            String deadLetterTopic,
            SendTimes sendTimes,
            long target,
            EndMarker endMarker) {
        this.decisionsTopic = decisionsTopic;
        this.deadLetterTopic = deadLetterTopic;
        this.sendTimes = sendTimes;
        this.target = target;
        this.endMarker = endMarker;
        this.markerSeen = endMarker == null;
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, ThreadCpu.BENCH_MARK + "probe-" + decisionsTopic);
        c.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "10");
        consumer = new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : topics) {
            counts.put(topic, new AtomicLong());
            for (PartitionInfo info : consumer.partitionsFor(topic)) {
                partitions.add(new TopicPartition(topic, info.partition()));
            }
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        partitions.forEach(
                consumer::position); // resolve now: nothing written from here on can be missed
        thread = new Thread(this::loop, ThreadCpu.BENCH_MARK + "probe");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop() {
        try {
            while (running) {
                boolean firstBefore = cpuAtFirst != null;
                for (ConsumerRecord<byte[], byte[]> record :
                        consumer.poll(Duration.ofMillis(100))) {
                    long now = System.nanoTime();
                    counts.get(record.topic()).incrementAndGet();
                    if (record.topic().equals(decisionsTopic)) {
                        onDecision(record.value(), now);
                    } else if (!markerSeen && record.topic().equals(endMarker.topic())) {
                        markerSeen = endMarker.matches(record.value());
                    }
                }
                if (!firstBefore && cpuAtFirst != null) {
                    decisionsInFirstBatch = decisions();
                }
                if (target > 0
                        && cpuAtTarget == null
                        && markerSeen
                        && decisions() + count(deadLetterTopic) >= target) {
                    targetNanos = System.nanoTime();
                    cpuAtTarget = ThreadCpu.now();
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (Throwable e) {
            failure = e;
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void onDecision(byte[] value, long now) {
        if (cpuAtFirst == null) {
            firstDecisionNanos = now;
            cpuAtFirst = ThreadCpu.now();
        }
        if (sendTimes != null) {
            RoutingDecision decision = decisionCodec.decode(value);
            Long sentAt = sendTimes.take(decision.getTaskId());
            if (sentAt != null) {
                long micros = Math.max(0, Math.min(MAX_LATENCY_MICROS, (now - sentAt) / 1000));
                long receivedAtMillis = System.currentTimeMillis();
                synchronized (latencyMicros) {
                    latencyMicros.recordValue(micros);
                    receipts.add(receivedAtMillis, micros);
                    legs.add(micros, receivedAtMillis, decision.getDecidedAt().toEpochMilli());
                }
            }
        }
    }

    long count(String topic) {
        AtomicLong n = topic == null ? null : counts.get(topic);
        return n == null ? 0 : n.get();
    }

    String deadLetterTopic() {
        return deadLetterTopic;
    }

    long decisions() {
        return count(decisionsTopic);
    }

    /** System.nanoTime of the first decision seen (0 before). */
    long firstDecisionNanos() {
        return firstDecisionNanos;
    }

    /**
     * Decisions that arrived with the first one (one poll): the rate counts only those after them.
     */
    long decisionsInFirstBatch() {
        return decisionsInFirstBatch;
    }

    ThreadCpu cpuAtFirstDecision() {
        return cpuAtFirst;
    }

    boolean reachedTarget() {
        failIfFailed();
        return cpuAtTarget != null;
    }

    long targetNanos() {
        return targetNanos;
    }

    ThreadCpu cpuAtTarget() {
        return cpuAtTarget;
    }

    /** The latencies recorded since the last call, and a fresh start. */
    Latencies takeLatencies() {
        synchronized (latencyMicros) {
            Latencies taken = new Latencies(latencyMicros.copy(), receipts, legs);
            latencyMicros.reset();
            receipts = new Receipts();
            legs = new DeliveryLegs();
            return taken;
        }
    }

    /**
     * The same decisions' latencies as a histogram, one by one with their receipt times, and split
     * at their decision time.
     */
    record Latencies(Histogram micros, Receipts receipts, DeliveryLegs legs) {}

    void failIfFailed() {
        if (failure != null) {
            throw new IllegalStateException("output probe failed: " + failure, failure);
        }
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A record on {@code topic} that marks the end of a run. */
    interface EndMarker {
        String topic();

        boolean matches(byte[] value);
    }
}
