package io.qrouter.bench;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.serde.AvroCodec;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;

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
    private final PolledConsumer reader;
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
        reader =
                new PolledConsumer(
                        "output probe",
                        bootstrapServers,
                        ThreadCpu.BENCH_MARK + "probe-" + decisionsTopic,
                        ThreadCpu.BENCH_MARK + "probe",
                        Map.of(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, "10"),
                        this::read);
        topics.forEach(topic -> counts.put(topic, new AtomicLong()));
        // resolve the positions now: nothing written from here on can be missed
        reader.assignFromBeginning(topics).forEach(reader.consumer()::position);
        reader.start();
    }

    /** One batch, on the reader's thread. */
    private void read(ConsumerRecords<byte[], byte[]> records) {
        boolean firstBefore = cpuAtFirst != null;
        for (ConsumerRecord<byte[], byte[]> record : records) {
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
        reader.failIfFailed();
    }

    @Override
    public void close() {
        reader.close();
    }

    /** A record on {@code topic} that marks the end of a run. */
    interface EndMarker {
        String topic();

        boolean matches(byte[] value);
    }
}
