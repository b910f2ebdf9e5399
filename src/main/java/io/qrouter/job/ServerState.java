package io.qrouter.job;

import io.qrouter.avro.Health;
import io.qrouter.avro.TaskEventType;

import java.util.ArrayList;
import java.util.List;

/**
 * Keyed state of one server in {@link ServerStateFunction}: what its latest heartbeat said, the lifecycle events
 * since then, its timers and its counters. A Flink POJO (public fields, no-arg constructor).
 */
public class ServerState {
    /** Marks "no timer registered" in {@link #downTimerAt} and {@link #forgetTimerAt}. */
    public static final long NO_TIMER = Long.MIN_VALUE;
    /** {@link #lastHeartbeatAt} before the first heartbeat. */
    public static final long NEVER = Long.MIN_VALUE;
    /** Bound on {@link #enqueuedSinceSnapshot}: beyond it only {@link #enqueuedOverflow} is set. */
    public static final int MAX_ACKNOWLEDGED_IDS = 4096;

    public String serverId;
    /** A heartbeat arrived within the down timeout. False before the first heartbeat. */
    public boolean alive;
    /** Event time of the newest heartbeat applied; older heartbeats arriving later are only counted. */
    public long lastHeartbeatAt = NEVER;
    public int reportedQueueLength;
    public boolean busy;
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
    /** Processing time of the registered timer that drops this state, or {@link #NO_TIMER}. */
    public long forgetTimerAt = NO_TIMER;

    /** Lifecycle events since the previous heartbeat, by type (the heartbeat log's "events"). */
    public int enqueued;
    public int started;
    public int completed;
    public int abandoned;
    public int cancelled;
    public int restored;

    /** Task ids of the ENQUEUED events applied since the last snapshot emitted: its acknowledgement list. */
    public List<String> enqueuedSinceSnapshot = new ArrayList<>();
    public boolean enqueuedOverflow;

    public ServerState() {
    }

    static ServerState of(String serverId) {
        ServerState state = new ServerState();
        state.serverId = serverId;
        return state;
    }

    void countEvent(TaskEventType type) {
        switch (type) {
            case ENQUEUED -> enqueued++;
            case STARTED -> started++;
            case COMPLETED -> completed++;
            case ABANDONED -> abandoned++;
            case CANCELLED -> cancelled++;
            case RESTORED -> restored++;
            case UNKNOWN -> { }
        }
    }

    void resetEventCounts() {
        enqueued = 0;
        started = 0;
        completed = 0;
        abandoned = 0;
        cancelled = 0;
        restored = 0;
    }

    void acknowledgeEnqueued(String taskId) {
        if (enqueuedSinceSnapshot.size() < MAX_ACKNOWLEDGED_IDS) {
            enqueuedSinceSnapshot.add(taskId);
        } else {
            enqueuedOverflow = true;
        }
    }

    void clearAcknowledgements() {
        enqueuedSinceSnapshot = new ArrayList<>();
        enqueuedOverflow = false;
    }

    boolean hasHeartbeat() {
        return lastHeartbeatAt != NEVER;
    }
}
