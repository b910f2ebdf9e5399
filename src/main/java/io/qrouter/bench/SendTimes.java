package io.qrouter.bench;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When each measured task was handed to Kafka (System.nanoTime), by task id, for the latency probe.
 * Only tasks sent while {@link #recording(boolean) recording} count, so a warm-up and a drain can
 * surround the measurement.
 */
final class SendTimes {
    private final ConcurrentHashMap<String, Long> sentAt = new ConcurrentHashMap<>();
    private final AtomicLong recorded = new AtomicLong();
    private volatile boolean recording;

    void recording(boolean on) {
        recording = on;
    }

    void sent(String taskId) {
        if (recording) {
            sentAt.put(taskId, System.nanoTime());
            recorded.incrementAndGet();
        }
    }

    /**
     * The send time of a measured task, removed (a second decision for it is not measured again);
     * null if none.
     */
    Long take(String taskId) {
        return sentAt.remove(taskId);
    }

    /** Tasks sent while recording. */
    long recorded() {
        return recorded.get();
    }

    /** Measured tasks whose decision has not been seen. */
    int outstanding() {
        return sentAt.size();
    }

    /** Starts a new measurement. */
    void reset() {
        recording = false;
        sentAt.clear();
        recorded.set(0);
    }
}
