package io.qrouter.job.records;

import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * A server's lifecycle events newer than its last heartbeat: each one's event time and change of
 * the queue length, kept until a heartbeat counts them. Part of {@link ServerState}, not a keyed
 * state of its own: on the heap backend another state is another hash lookup in a table of every
 * server, which at 20,000 servers cost a heartbeat more than the list's work (docs/performance.md).
 */
public final class QueueChanges {
    private static final long[] NO_TIMES = {};
    private static final int[] NO_CHANGES = {};

    private long[] times = NO_TIMES;
    private int[] changes = NO_CHANGES;
    private int size;

    public void add(long eventTimeMillis, int change) {
        if (size == times.length) {
            int capacity = Math.max(4, 2 * size);
            times = Arrays.copyOf(times, capacity);
            changes = Arrays.copyOf(changes, capacity);
        }
        times[size] = eventTimeMillis;
        changes[size] = change;
        size++;
    }

    /**
     * Drops the changes at or before {@code heartbeatMillis}, which the heartbeat's queue length
     * counts, keeping the others in order; returns the sum of the dropped changes.
     */
    public int dropUpTo(long heartbeatMillis) {
        int dropped = 0;
        int kept = 0;
        for (int i = 0; i < size; i++) {
            if (times[i] <= heartbeatMillis) {
                dropped += changes[i];
            } else {
                times[kept] = times[i];
                changes[kept] = changes[i];
                kept++;
            }
        }
        size = kept;
        return dropped;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    QueueChanges copy() {
        QueueChanges copy = new QueueChanges();
        for (int i = 0; i < size; i++) {
            copy.add(times[i], changes[i]);
        }
        return copy;
    }

    void write(DataOutputView out) throws IOException {
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            out.writeLong(times[i]);
            out.writeInt(changes[i]);
        }
    }

    static QueueChanges read(DataInputView in) throws IOException {
        QueueChanges read = new QueueChanges();
        int size = in.readInt();
        if (size < 0) {
            throw new IOException("a negative count of queue changes: " + size);
        }
        for (int i = 0; i < size; i++) {
            read.add(in.readLong(), in.readInt());
        }
        return read;
    }

    /** Equal when they hold the same changes in the same order (spare capacity apart). */
    @Override
    public boolean equals(Object o) {
        return o instanceof QueueChanges other
                && size == other.size
                && Arrays.equals(times, 0, size, other.times, 0, size)
                && Arrays.equals(changes, 0, size, other.changes, 0, size);
    }

    @Override
    public int hashCode() {
        int hash = size;
        for (int i = 0; i < size; i++) {
            hash = 31 * (31 * hash + Long.hashCode(times[i])) + changes[i];
        }
        return hash;
    }
}
