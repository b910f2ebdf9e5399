package io.qrouter.tools.sim;

import java.util.Arrays;

/**
 * The simulator's future event list: a binary min-heap of (time, sequence number) in primitive
 * arrays, so that a million pending events cost no objects. Events at the same time come out in the
 * order they were scheduled, which keeps runs bit-for-bit reproducible. There is no cancellation:
 * handlers check a token and drop stale events (lazy deletion), which is cheaper than a
 * decrease-key heap here.
 */
final class EventQueue {
    private double[] time = new double[1024];
    private long[] sequence = new long[1024];
    private long[] payload = new long[1024];
    private int size;
    private long nextSequence;

    private double poppedTime;
    private long poppedPayload;

    /**
     * @param kind what happens
     * @param server server index, 0..2^28-1 (or 0 when not used)
     * @param arg task index or token
     */
    void push(double at, EventKind kind, int server, int arg) {
        if (size == time.length) {
            int n = size * 2;
            time = Arrays.copyOf(time, n);
            sequence = Arrays.copyOf(sequence, n);
            payload = Arrays.copyOf(payload, n);
        }
        long p = ((long) kind.ordinal() << 60) | ((long) server << 32) | (arg & 0xffffffffL);
        int pos = size++;
        long seq = nextSequence++;
        while (pos > 0) {
            int parent = (pos - 1) >>> 1;
            if (!before(at, seq, time[parent], sequence[parent])) {
                break;
            }
            move(parent, pos);
            pos = parent;
        }
        time[pos] = at;
        sequence[pos] = seq;
        payload[pos] = p;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /**
     * Removes the earliest event; read it with {@link #time()}, {@link #kind()}, {@link #server()},
     * {@link #arg()}.
     */
    void pop() {
        poppedTime = time[0];
        poppedPayload = payload[0];
        int last = --size;
        if (last == 0) {
            return;
        }
        double t = time[last];
        long seq = sequence[last];
        long p = payload[last];
        int pos = 0;
        while (true) {
            int child = 2 * pos + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size
                    && before(time[child + 1], sequence[child + 1], time[child], sequence[child])) {
                child++;
            }
            if (!before(time[child], sequence[child], t, seq)) {
                break;
            }
            move(child, pos);
            pos = child;
        }
        time[pos] = t;
        sequence[pos] = seq;
        payload[pos] = p;
    }

    double time() {
        return poppedTime;
    }

    EventKind kind() {
        return kindOf(poppedPayload);
    }

    int server() {
        return serverOf(poppedPayload);
    }

    int arg() {
        return (int) poppedPayload;
    }

    /** The earliest event's time, without removing it (the queue must not be empty). */
    double nextTime() {
        return time[0];
    }

    EventKind nextKind() {
        return kindOf(payload[0]);
    }

    int nextServer() {
        return serverOf(payload[0]);
    }

    int nextArg() {
        return (int) payload[0];
    }

    private static EventKind kindOf(long payload) {
        return EventKind.of((int) (payload >>> 60));
    }

    private static int serverOf(long payload) {
        return (int) ((payload >>> 32) & 0x0fffffff);
    }

    int size() {
        return size;
    }

    private static boolean before(double t1, long s1, double t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void move(int from, int to) {
        time[to] = time[from];
        sequence[to] = sequence[from];
        payload[to] = payload[from];
    }
}
