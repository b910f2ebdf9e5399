package io.qrouter.tools.fleet;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Live counters of a running fleet, safe to read from any thread (the demo's status line reads
 * them).
 */
public final class FleetStats {
    final AtomicLong sent = new AtomicLong();
    final AtomicLong decided = new AtomicLong();
    final AtomicLong completed = new AtomicLong();
    final AtomicLong abandoned = new AtomicLong();
    final AtomicLong failed = new AtomicLong();
    final AtomicLong rejected = new AtomicLong();
    final AtomicLong deadLettered = new AtomicLong();
    final AtomicLong otherDeadLetters = new AtomicLong();
    final AtomicLong duplicateDecisions = new AtomicLong();
    final AtomicLong foreignDecisions = new AtomicLong();
    final AtomicLong unknownServer = new AtomicLong();
    final AtomicLong idleQueueHits = new AtomicLong();
    final AtomicLong heartbeats = new AtomicLong();
    final AtomicLong sendFailures = new AtomicLong();
    volatile double recentP99WaitSeconds = Double.NaN;
    volatile int serversAlive;

    public long sent() {
        return sent.get();
    }

    /** Tasks of this run that received a decision (the first one; duplicates are counted apart). */
    public long decided() {
        return decided.get();
    }

    public long completed() {
        return completed.get();
    }

    public long abandoned() {
        return abandoned.get();
    }

    /** Tasks whose server ended their service with FAILED ({@link FailingServers}). */
    public long failed() {
        return failed.get();
    }

    /** Tasks the job decided to reject (loss-aware admission): decided, never sent to a server. */
    public long rejected() {
        return rejected.get();
    }

    /** Tasks of this run that the job sent to the dead-letter topic instead of deciding. */
    public long deadLettered() {
        return deadLettered.get();
    }

    /** Dead letters that are not tasks of this run (undecodable or invalid records). */
    public long otherDeadLetters() {
        return otherDeadLetters.get();
    }

    /** Sent, neither decided nor dead-lettered yet. */
    public long undecided() {
        return sent.get() - decided.get() - deadLettered.get();
    }

    public long idleQueueHits() {
        return idleQueueHits.get();
    }

    /**
     * 99th percentile of the queueing wait of the last ~2000 tasks that started service (NaN before
     * any).
     */
    public double recentP99WaitSeconds() {
        return recentP99WaitSeconds;
    }

    /** Servers the job reports alive in its latest server-metrics record of each. */
    public int serversAlive() {
        return serversAlive;
    }
}
