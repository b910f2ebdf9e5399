package io.qrouter.tools.sim;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Seed 000's chain P as its balance equations define it ({@link Impatience#CANCEL_RESTORE}): while
 * a server holds two or more tasks a cancellation comes at rate α_c (one clock per server); the
 * longest-waiting task is cancelled, and during the recovery (rate η) the server neither serves nor
 * accepts tasks; at its end the cancelled task leaves and service resumes. Off, it never arms.
 */
final class CancelRestore {
    private final boolean on;
    private final double alphaC;
    private final double eta;
    private final ServerQueues queues;
    private final EventQueue events;
    private final SplittableRandom random;
    private final RunMeasures measures;
    private final ServerReports reports;

    private final boolean[] recovering;
    private final boolean[] armed;
    private final int[] cancelledTask;
    private final int[] token;
    private final double[] pausedRemaining;

    /**
     * @param random draws the cancellation and recovery times
     */
    CancelRestore(
            boolean on,
            SimConfig config,
            ServerQueues queues,
            EventQueue events,
            SplittableRandom random,
            RunMeasures measures,
            ServerReports reports) {
        this.on = on;
        this.alphaC = config.patience();
        this.eta = config.eta();
        this.queues = queues;
        this.events = events;
        this.random = random;
        this.measures = measures;
        this.reports = reports;
        int n = queues.size();
        recovering = new boolean[n];
        armed = new boolean[n];
        cancelledTask = new int[n];
        token = new int[n];
        pausedRemaining = new double[n];
        Arrays.fill(cancelledTask, -1);
    }

    /** A recovering server accepts no task: one sent to it is lost (blocked). */
    boolean recovering(int s) {
        return recovering[s];
    }

    /** Starts the server's cancellation clock if it now holds two or more tasks. */
    void arm(int s, double now) {
        if (on && !recovering[s] && !armed[s] && queues.count[s] >= 2) {
            armed[s] = true;
            events.push(
                    now + Simulation.exponential(random, alphaC), EventKind.CANCEL, s, ++token[s]);
        }
    }

    /** Stops the clock of a server left with fewer than two tasks. */
    void disarmIfShort(int s) {
        if (armed[s] && queues.count[s] < 2) {
            armed[s] = false;
            token[s]++;
        }
    }

    /** A {@link EventKind#CANCEL} event: service pauses and arrivals are blocked until recovery. */
    void onCancel(int s, int eventToken, double now) {
        if (eventToken != token[s] || recovering[s]) {
            return;
        }
        int task = queues.cancelLongestWaiting(s);
        if (task < 0) {
            return;
        }
        armed[s] = false;
        cancelledTask[s] = task;
        recovering[s] = true;
        pausedRemaining[s] = queues.pause(s, now);
        measures.cancelled(task, now);
        reports.cancelled(s, task, now);
        events.push(now + Simulation.exponential(random, eta), EventKind.RESTORE, s, ++token[s]);
    }

    /**
     * A {@link EventKind#RESTORE} event: the cancelled task leaves and service resumes.
     *
     * @return false for a stale event
     */
    boolean onRestore(int s, int eventToken, double now) {
        if (eventToken != token[s] || !recovering[s]) {
            return false;
        }
        recovering[s] = false;
        int task = cancelledTask[s];
        cancelledTask[s] = -1;
        queues.release(s, task);
        measures.restored();
        reports.restored(s, task, now);
        queues.resume(s, pausedRemaining[s], now);
        arm(s, now);
        return true;
    }

    /**
     * The server failed: its clock stops and a recovery in progress ends with it.
     *
     * @return whether it held a cancelled task (now gone)
     */
    boolean serverFailed(int s) {
        int task = cancelledTask[s];
        if (task >= 0) {
            queues.tasks.state[task] = TaskTable.GONE;
        }
        cancelledTask[s] = -1;
        recovering[s] = false;
        armed[s] = false;
        token[s]++;
        return task >= 0;
    }
}
