package io.qrouter.job.records;

import io.qrouter.avro.Health;
import io.qrouter.avro.TaskEventType;
import io.qrouter.core.estimate.ServerEstimators;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInfo;

/**
 * Keyed state of one server in {@code ServerStateFunction}: what its latest heartbeat said, the
 * lifecycle events since then, its timers and its counters. Read and written on every event, so
 * serialised by {@link ServerStateSerializer}, field by field, not by Flink's reflective POJO
 * serializer.
 */
@TypeInfo(ServerStateSerializer.Factory.class)
public class ServerState {
    /** Marks "no timer registered" in {@link #downTimerAt} and {@link #forgetTimerAt}. */
    public static final long NO_TIMER = Long.MIN_VALUE;

    /** {@link #lastHeartbeatAt} before the first heartbeat. */
    public static final long NEVER = Long.MIN_VALUE;

    /** Bound on {@link #enqueuedSinceSnapshot}: beyond it only {@link #enqueuedOverflow} is set. */
    public static final int MAX_ACKNOWLEDGED_IDS = 4096;

    public String serverId;

    /**
     * The per-server function's admission epoch in which this server was last admitted: while it
     * holds, a record skips the allow-list, a lookup in a table of every server. Never stored (0
     * after a restore, so the first record checks again); copied with the state.
     */
    public transient int admittedInEpoch;

    /** A heartbeat arrived within the down timeout. False before the first heartbeat. */
    public boolean alive;

    /**
     * Event time of the newest heartbeat applied; older heartbeats arriving later are only counted.
     */
    public long lastHeartbeatAt = NEVER;

    public int reportedQueueLength;
    public boolean busy;

    /** Tasks the server serves at once, from its heartbeats (1 until one says otherwise). */
    public int slots = 1;

    public double serviceRatePerSecond;
    public double cpu;
    public double memory;
    public double bandwidth;
    public Health health = Health.UNKNOWN;
    public long heartbeatIntervalMillis;
    public long recommendedHeartbeatMillis;
    public long heartbeatTriggers;

    /** Records that arrived behind the watermark (they still update what they can). */
    public long lateRecords;

    /** Processing time of the registered down timer, or {@link #NO_TIMER}. */
    public long downTimerAt = NO_TIMER;

    /**
     * Processing time at which the server counts as down if no heartbeat comes first. The down
     * timer is not moved on every heartbeat: when it fires before this time it is registered again
     * for it.
     */
    public long downAt = NO_TIMER;

    /** Processing time of the registered timer that drops this state, or {@link #NO_TIMER}. */
    public long forgetTimerAt = NO_TIMER;

    /**
     * Processing time of the registered timer that emits coalesced queue changes, or {@link
     * #NO_TIMER}.
     */
    public long updateTimerAt = NO_TIMER;

    /**
     * Newest event time applied (heartbeat or lifecycle event): orders the updates a router
     * receives.
     */
    public long updatedAt = NEVER;

    /** Sum of {@link #queueChanges}, the queue changes of events newer than the last heartbeat. */
    public int queueChangeSinceHeartbeat;

    /** Lifecycle events newer than the last heartbeat: their event times and queue changes. */
    public QueueChanges queueChanges = new QueueChanges();

    /**
     * Restored from state written before format 7, which kept {@link #queueChanges} in a list state
     * of their own: the next heartbeat moves them here.
     */
    public boolean queueChangesInLegacyList;

    /**
     * The estimators: their counters, the window's ring and the open tasks. Null before the
     * server's first lifecycle event. Here and not in states of their own, so that a heartbeat
     * reads its server with one lookup.
     */
    public ServerEstimators estimators;

    /**
     * Restored from state written before format 8, which kept {@link #estimators} in a value state
     * of its own: the next record that reads them moves them here.
     */
    public boolean estimatorsInLegacyState;

    /**
     * Restored from state written before format 9, which kept the window's buckets and the open
     * tasks in map states of their own: the next record that reads the estimators moves them here.
     */
    public boolean windowInLegacyState;

    /**
     * A lifecycle event newer than the last heartbeat was applied: its busy flag may be out of
     * date.
     */
    public boolean eventAfterHeartbeat;

    /**
     * The queue length in the last update emitted, to tell whether an event changed what routers
     * see.
     */
    public int emittedQueueLength = -1;

    /**
     * {@link UpdateNews#fingerprint} of the last update emitted ({@link UpdateNews#NONE} before the
     * first): a heartbeat that tells nothing more is not broadcast.
     */
    public long emittedNews = UpdateNews.NONE;

    /** Estimates and K as of the last heartbeat; event-driven updates carry them unchanged. */
    public Double lambda;

    public Double mu;
    public Double alphaC;
    public Double eta;
    public Double loadIndexK;
    public boolean overloaded;

    /**
     * Recent mean wait and service as of the last heartbeat (the peers' latency); null: unknown.
     */
    public Double recentWaitSeconds;

    public Double recentServiceSeconds;

    /** Lifecycle events since the previous heartbeat, by type (the heartbeat log's "events"). */
    public int enqueued;

    public int started;
    public int completed;
    public int abandoned;
    public int cancelled;
    public int restored;

    /**
     * Task ids of the ENQUEUED events applied since the last update emitted: its acknowledgement
     * list.
     */
    public List<String> enqueuedSinceSnapshot = new ArrayList<>();

    public boolean enqueuedOverflow;

    /** ENQUEUED events applied since the job first saw the server: its updates' task count. */
    public long tasksReceived;

    /**
     * The server-metrics record last written: its fingerprint, and the heartbeat time it was
     * written for ({@link #NEVER}: none yet). Here and not in a state of its own: on the heap
     * backend a further state is a further hash lookup on every heartbeat.
     */
    public long metricsFingerprint;

    public long metricsWrittenAt = NEVER;

    public ServerState() {}

    public static ServerState of(String serverId) {
        ServerState state = new ServerState();
        state.serverId = serverId;
        return state;
    }

    public void countEvent(TaskEventType type) {
        switch (type) {
            case ENQUEUED -> enqueued++;
            case STARTED -> started++;
            case COMPLETED -> completed++;
            case ABANDONED -> abandoned++;
            case CANCELLED -> cancelled++;
            case RESTORED -> restored++;
            case UNKNOWN -> {}
        }
    }

    public void resetEventCounts() {
        enqueued = 0;
        started = 0;
        completed = 0;
        abandoned = 0;
        cancelled = 0;
        restored = 0;
    }

    public void acknowledgeEnqueued(String taskId) {
        tasksReceived++;
        if (enqueuedSinceSnapshot.size() < MAX_ACKNOWLEDGED_IDS) {
            enqueuedSinceSnapshot.add(taskId);
        } else {
            enqueuedOverflow = true;
        }
    }

    public void clearAcknowledgements() {
        enqueuedSinceSnapshot = new ArrayList<>();
        enqueuedOverflow = false;
    }

    /** The queue changed, or an ENQUEUED was applied, since the last update emitted. */
    public boolean hasUnreportedChange() {
        return queueLength() != emittedQueueLength
                || !enqueuedSinceSnapshot.isEmpty()
                || enqueuedOverflow;
    }

    /**
     * Tasks on the server now: the heartbeat's count plus the changes lifecycle events made after
     * it.
     */
    public int queueLength() {
        return Math.max(0, reportedQueueLength + queueChangeSinceHeartbeat);
    }

    /**
     * Busy when a task is on the server, or the heartbeat said so and no later event says
     * otherwise.
     */
    public boolean busyNow() {
        return queueLength() > 0 || busy && !eventAfterHeartbeat;
    }

    public boolean hasHeartbeat() {
        return lastHeartbeatAt != NEVER;
    }
}
