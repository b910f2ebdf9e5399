package io.qrouter.job;

import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tasks one router subtask sent to each server that the server has not yet acknowledged: decided, but whose
 * ENQUEUED event no snapshot has listed yet. Behind exactly-once sinks a decision waits for the checkpoint that
 * commits it, so the heartbeat behind a snapshot often cannot count it; these tasks are added to the snapshot's
 * queue length before the policy sees it.
 *
 * <p>In memory, per subtask, not checkpointed: a restore forgets them and the next snapshots correct the counts
 * (the ENQUEUED events reach the server's heartbeat count), as the policy's own in-flight counts always did.
 */
final class InFlightTasks {
    private final long timeoutMillis;
    /** Server id → task id → decision time (processing time), oldest first. */
    private final Map<String, LinkedHashMap<String, Long>> pendingByServer = new HashMap<>();

    InFlightTasks(long timeoutMillis) {
        this.timeoutMillis = timeoutMillis;
    }

    void routed(String serverId, String taskId, long decidedAtMillis) {
        pendingByServer.computeIfAbsent(serverId, id -> new LinkedHashMap<>()).put(taskId, decidedAtMillis);
    }

    /**
     * Applies the snapshot's acknowledgements and the timeout, and returns how many tasks this router sent to
     * the server that the snapshot's queue length does not contain yet.
     */
    int pendingAfter(ServerUpdate snapshot, long nowMillis) {
        LinkedHashMap<String, Long> pending = pendingByServer.get(snapshot.getServerId());
        if (pending == null) {
            return 0;
        }
        for (String taskId : snapshot.getEnqueuedSinceLastSnapshot()) {
            pending.remove(taskId);
        }
        long expiredBefore = nowMillis - timeoutMillis;
        // On overflow the list is incomplete: a task decided by the heartbeat's time has most likely reached the
        // server (same clock base in practice; a skewed server clock only makes this guess coarser).
        long overflowAckedUpTo = snapshot.isEnqueuedOverflow() ? snapshot.getHeartbeatAt() : Long.MIN_VALUE;
        for (Iterator<Long> decidedAt = pending.values().iterator(); decidedAt.hasNext(); ) {
            long at = decidedAt.next();
            if (at < expiredBefore || at <= overflowAckedUpTo) {
                decidedAt.remove();
            }
        }
        if (pending.isEmpty()) {
            pendingByServer.remove(snapshot.getServerId());
            return 0;
        }
        return pending.size();
    }

    void forget(String serverId) {
        pendingByServer.remove(serverId);
    }
}
