package io.qrouter.bench;

import java.util.Arrays;

/**
 * Each measured decision's wall-clock receipt time and delivery latency, in receipt order: what a
 * histogram forgets and {@link CheckpointTail} needs, to set every latency beside the checkpoints
 * around it.
 */
final class Receipts {
    private long[] atMillis = new long[1024];
    private long[] latencyMicros = new long[1024];
    private int size;

    void add(long receivedAtMillis, long micros) {
        if (size == atMillis.length) {
            atMillis = Arrays.copyOf(atMillis, size * 2);
            latencyMicros = Arrays.copyOf(latencyMicros, size * 2);
        }
        atMillis[size] = receivedAtMillis;
        latencyMicros[size] = micros;
        size++;
    }

    int size() {
        return size;
    }

    /** Wall-clock time (epoch ms) the i-th decision was read back. */
    long atMillis(int i) {
        return atMillis[i];
    }

    long latencyMicros(int i) {
        return latencyMicros[i];
    }
}
