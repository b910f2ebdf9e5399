package io.qrouter.job.operators;

import io.qrouter.avro.EventCounts;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.ServerStatus;
import io.qrouter.job.convert.QueueFigures;
import io.qrouter.job.records.Fingerprint;
import io.qrouter.job.records.ServerState;
import io.qrouter.job.records.ServerUpdate;
import java.time.Instant;
import java.util.ArrayList;

/**
 * Builds the records a server's state emits: the update for the routers, ServerMetrics and
 * HeartbeatLog.
 */
final class ServerReports {
    private ServerReports() {}

    /**
     * The server's update for the routers, from its state: the queue length as of now, the
     * estimates as of the last heartbeat, and the ENQUEUED task ids applied since the previous
     * update.
     *
     * @param heartbeat true when a heartbeat (or the down timer) produced it, false for a queue
     *     change
     */
    static ServerUpdate update(ServerState state, boolean heartbeat) {
        int queueLength = state.queueLength();
        ServerUpdate s = new ServerUpdate();
        s.setServerId(state.serverId);
        s.setAlive(state.alive);
        s.setBusy(state.busyNow());
        s.setQueueLength(queueLength);
        s.setIdle(state.alive && !s.isBusy());
        s.setHeartbeatAt(state.hasHeartbeat() ? state.lastHeartbeatAt : 0);
        s.setUpdatedAt(state.updatedAt == ServerState.NEVER ? 0 : state.updatedAt);
        s.setHeartbeat(heartbeat);
        s.setHeartbeatIntervalMillis(state.heartbeatIntervalMillis);
        s.setHealth(state.health);
        s.setServiceRatePerSecond(state.serviceRatePerSecond);
        s.setLambda(state.lambda);
        s.setMu(state.mu);
        s.setAlphaC(state.alphaC);
        s.setEta(state.eta);
        s.setLoadIndexK(state.loadIndexK);
        s.setOverloaded(state.overloaded);
        s.setRecommendedHeartbeatMillis(state.recommendedHeartbeatMillis);
        s.setCpu(state.cpu);
        s.setMemory(state.memory);
        s.setBandwidth(state.bandwidth);
        s.setHeartbeatTriggers(state.heartbeatTriggers);
        s.setLateRecords(state.lateRecords);
        s.setEnqueuedSinceLastSnapshot(new ArrayList<>(state.enqueuedSinceSnapshot));
        s.setEnqueuedOverflow(state.enqueuedOverflow);
        s.setTasksReceived(state.tasksReceived);
        s.setSlots(state.slots);
        s.setRecentWaitSeconds(state.recentWaitSeconds);
        s.setRecentServiceSeconds(state.recentServiceSeconds);
        return s;
    }

    /** The last update of a server that left or was forgotten: routers drop it. */
    static ServerUpdate gone(ServerState state) {
        ServerUpdate s = new ServerUpdate();
        s.setServerId(state.serverId);
        s.setGone(true);
        s.setHeartbeat(true);
        s.setHeartbeatAt(state.hasHeartbeat() ? state.lastHeartbeatAt : 0);
        s.setUpdatedAt(state.updatedAt == ServerState.NEVER ? 0 : state.updatedAt);
        s.setHealth(state.health);
        return s;
    }

    /*
     * The two per-heartbeat records are made with their all-fields constructors: Avro's builders validate and
     * deep-copy every field again, a tenth of a heartbeat's cost in a large fleet (a field added to a schema breaks
     * these calls at compile time, as it should).
     */

    static ServerMetrics metrics(
            ServerState state, int queueLength, QueueFigures figures, long atMillis) {
        return new ServerMetrics(
                state.serverId,
                Instant.ofEpochMilli(atMillis),
                state.alive,
                queueLength,
                figures.lambda(),
                figures.mu(),
                figures.alphaC(),
                figures.eta(),
                figures.rho(),
                !figures.overloaded(),
                figures.model(),
                figures.meanWaiting(),
                figures.meanWait(),
                figures.virtualWait(),
                figures.abandonProbability(),
                figures.loadIndexK(),
                figures.overloaded(),
                state.recommendedHeartbeatMillis,
                state.heartbeatTriggers,
                "active", // the administrative state: AdminMetricsFunction sets it
                1.0);
    }

    /**
     * What the server-metrics record of {@link #metrics} would show, less its time and heartbeat
     * counter (and the administrative state, stamped later), plus the interval the server reported
     * beating at: a heartbeat whose record has the fingerprint of the last one written tells nobody
     * anything (a server that restarted with another interval learns the recommended one at once).
     * Taken from the same fields the record is built from, so that the record is built only when it
     * is written.
     */
    static long metricsFingerprint(ServerState state, int queueLength, QueueFigures figures) {
        return new Fingerprint()
                .add(state.alive)
                .add(queueLength)
                .add(figures.lambda())
                .add(figures.mu())
                .add(figures.alphaC())
                .add(figures.eta())
                .add(figures.rho())
                .add(!figures.overloaded())
                .add(figures.model())
                .add(figures.meanWaiting())
                .add(figures.meanWait())
                .add(figures.virtualWait())
                .add(figures.abandonProbability())
                .add(figures.loadIndexK())
                .add(figures.overloaded())
                .add(state.recommendedHeartbeatMillis)
                .add(state.heartbeatIntervalMillis)
                .value();
    }

    static HeartbeatLog heartbeatLog(ServerState state, int queueLength, QueueFigures figures) {
        ServerStatus status =
                new ServerStatus(
                        state.cpu,
                        state.memory,
                        queueLength,
                        figures.exitRateTheta(),
                        state.health);
        EventCounts events =
                new EventCounts(
                        state.enqueued,
                        state.started,
                        state.completed,
                        state.abandoned,
                        state.cancelled,
                        state.restored);
        return new HeartbeatLog(
                Instant.ofEpochMilli(state.lastHeartbeatAt),
                state.serverId,
                status,
                state.heartbeatIntervalMillis,
                events,
                figures.meanWaiting(),
                figures.meanWait(),
                figures.virtualWait());
    }
}
