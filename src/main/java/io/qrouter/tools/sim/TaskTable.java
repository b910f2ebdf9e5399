package io.qrouter.tools.sim;

import java.util.Arrays;

/**
 * Every task of a run in primitive arrays, and each server's FIFO of waiting tasks as a doubly
 * linked list through them, so that a million tasks cost no objects and an abandonment leaves the
 * middle of a queue in O(1). A run that knows its tasks fills the table by index; tasks that come
 * as they come are {@link #append}ed, and the table grows.
 */
final class TaskTable {
    static final byte WAITING = 1;
    static final byte IN_SERVICE = 2;
    static final byte GONE = 3;
    static final byte CANCELLED = 4;

    /** How long the task waits before it abandons (+∞: never). */
    double[] patience;

    /** Its service requirement: service time = work / mu of its server. */
    double[] work;

    int[] server;
    byte[] state;
    private int[] next;
    private int[] prev;
    private final int[] head;
    private final int[] tail;
    private int appended;

    TaskTable(int tasks, int servers) {
        patience = new double[tasks];
        work = new double[tasks];
        server = new int[tasks];
        state = new byte[tasks];
        next = new int[tasks];
        prev = new int[tasks];
        head = new int[servers];
        tail = new int[servers];
        Arrays.fill(head, -1);
        Arrays.fill(tail, -1);
    }

    /** A new task after the last appended one, the table grown when full; returns its index. */
    int append(double work, double patience) {
        if (appended == this.work.length) {
            int n = Math.max(16, 2 * appended);
            this.patience = Arrays.copyOf(this.patience, n);
            this.work = Arrays.copyOf(this.work, n);
            server = Arrays.copyOf(server, n);
            state = Arrays.copyOf(state, n);
            next = Arrays.copyOf(next, n);
            prev = Arrays.copyOf(prev, n);
        }
        int task = appended++;
        this.work[task] = work;
        this.patience[task] = patience;
        return task;
    }

    /** The task waiting longest at server {@code s}, or -1. */
    int firstWaiting(int s) {
        return head[s];
    }

    /** The waiting task after {@code task} in its server's queue, or -1. */
    int nextWaiting(int task) {
        return next[task];
    }

    void appendWaiting(int s, int task) {
        next[task] = -1;
        prev[task] = tail[s];
        if (tail[s] >= 0) {
            next[tail[s]] = task;
        } else {
            head[s] = task;
        }
        tail[s] = task;
    }

    void removeWaiting(int s, int task) {
        int p = prev[task];
        int q = next[task];
        if (p >= 0) {
            next[p] = q;
        } else {
            head[s] = q;
        }
        if (q >= 0) {
            prev[q] = p;
        } else {
            tail[s] = p;
        }
    }

    /** Forgets server {@code s}'s queue (its tasks are lost with it). */
    void clearQueue(int s) {
        head[s] = -1;
        tail[s] = -1;
    }
}
