package io.qrouter.core.policy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One router's black-hole detector: a server that acknowledged none of {@value #MIN_SWALLOWED} or
 * more tasks this router sent it (no ENQUEUED came back) while tasks decided an acknowledgement
 * timeout later came back from any server, is ejected, as outlier ejection ejects a failing one,
 * for an ejection time that doubles with each ejection (at most {@value #MAX_EJECTION_FACTOR}
 * times). A healthy server acknowledges a task when it reaches it, long before it serves it, so the
 * timeout need only cover how much one server's way there and back may lag another's.
 */
public final class BlackHoles {
    static final int MAX_EJECTION_FACTOR = 16;

    /**
     * Tasks a server must have left unacknowledged past the timeout to be ejected. One is no
     * evidence: a task is lost when the broker restarts, and the server it was meant for, counting
     * it in flight, looks busy and gets no later task whose acknowledgement would clear it. A black
     * hole keeps taking tasks (its reports say idle), so two cost it little time.
     */
    public static final int MIN_SWALLOWED = 2;

    private final long ackTimeoutMillis;
    private final long baseEjectionMillis;

    /** Ejected servers: until when. */
    private final Map<String, Long> ejectedUntil = new HashMap<>();

    /** Ejections so far, per server, for the back-off. */
    private final Map<String, Integer> ejections = new HashMap<>();

    /** The earliest time an ejection ends (Long.MAX_VALUE: none). */
    private long nextReturnAt = Long.MAX_VALUE;

    /** See {@link #loopProven}. */
    private long recoveringUntil = Long.MIN_VALUE;

    /** See {@link #stalls}. */
    private long stalls;

    /**
     * @param ackTimeoutMillis 0: never eject
     */
    public BlackHoles(long ackTimeoutMillis, long baseEjectionMillis) {
        this.ackTimeoutMillis = ackTimeoutMillis;
        this.baseEjectionMillis = baseEjectionMillis;
    }

    /**
     * True when a server's {@link #MIN_SWALLOWED}-th oldest unacknowledged task from this router,
     * decided at {@code oldestUnacknowledgedAt} (Long.MAX_VALUE: it has fewer), is more than the
     * timeout older than the newest task that came back acknowledged from some server ({@code
     * loopProvenUpTo}, see {@link UnacknowledgedTasks#newestAcknowledgedDecisionAt}). The timeout
     * is measured against the loop, not the clock: after a broker or job restart every
     * acknowledgement is late, and a clock-based timeout would eject every server at once. Never
     * while the loop catches up after a stall ({@link #judging}).
     */
    public boolean overdue(long oldestUnacknowledgedAt, long loopProvenUpTo, long nowMillis) {
        return oldestUnacknowledgedAt != Long.MAX_VALUE
                && oldestUnacknowledgedAt < overdueBefore(loopProvenUpTo, nowMillis);
    }

    /**
     * Tasks decided before this are overdue wherever they are unacknowledged ({@link #overdue});
     * Long.MIN_VALUE: none is.
     */
    public long overdueBefore(long loopProvenUpTo, long nowMillis) {
        return ackTimeoutMillis == 0 || loopProvenUpTo == Long.MIN_VALUE || !judging(nowMillis)
                ? Long.MIN_VALUE
                : loopProvenUpTo - ackTimeoutMillis;
    }

    /**
     * An acknowledgement moved the loop's proof ({@link #overdue}) to a decision made at {@code
     * upTo}, seen at {@code nowMillis}. When that decision is older than the timeout, nothing
     * decided since had come back from any server: the loop itself stalled (a broker or job
     * restart), and as it catches up each partition and consumer comes back at its own pace, so a
     * server acknowledging a second after another is late, not a black hole. No server is judged
     * until one timeout from now ({@link #judging}). One late server cannot hold this off for
     * others: its acknowledgements do not move a proof that the others keep fresh.
     */
    public void loopProven(long upTo, long nowMillis) {
        if (ackTimeoutMillis > 0 && nowMillis - upTo > ackTimeoutMillis) {
            if (judging(nowMillis)) {
                stalls++;
            }
            recoveringUntil = Math.max(recoveringUntil, nowMillis + ackTimeoutMillis);
        }
    }

    /** The loop's stalls seen so far ({@link #loopProven}): one per recovery, however extended. */
    public long stalls() {
        return stalls;
    }

    /** False while the loop is catching up after a stall ({@link #loopProven}). */
    public boolean judging(long nowMillis) {
        return nowMillis >= recoveringUntil;
    }

    /** Ejects {@code serverId}; returns until when (the router clock). */
    public long eject(String serverId, long nowMillis) {
        int count = ejections.merge(serverId, 1, Integer::sum);
        long factor = Math.min(MAX_EJECTION_FACTOR, 1L << Math.min(30, count - 1));
        long until = nowMillis + factor * baseEjectionMillis;
        ejectedUntil.put(serverId, until);
        nextReturnAt = Math.min(nextReturnAt, until);
        return until;
    }

    public boolean isEjected(String serverId) {
        return !ejectedUntil.isEmpty() && ejectedUntil.containsKey(serverId);
    }

    /** The servers whose ejection ended by {@code nowMillis}, no longer ejected. */
    public List<String> returning(long nowMillis) {
        if (nowMillis < nextReturnAt) {
            return List.of();
        }
        List<String> back = new ArrayList<>();
        nextReturnAt = Long.MAX_VALUE;
        for (Iterator<Map.Entry<String, Long>> it = ejectedUntil.entrySet().iterator();
                it.hasNext(); ) {
            Map.Entry<String, Long> entry = it.next();
            if (entry.getValue() <= nowMillis) {
                back.add(entry.getKey());
                it.remove();
            } else {
                nextReturnAt = Math.min(nextReturnAt, entry.getValue());
            }
        }
        return back;
    }

    /** Servers ejected now. */
    public int ejectedCount() {
        return ejectedUntil.size();
    }

    /** Forgets a server that left (its back-off too). */
    public void forget(String serverId) {
        ejectedUntil.remove(serverId);
        ejections.remove(serverId);
    }
}
