package io.qrouter.job.functions;

import io.qrouter.job.records.ServerState;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.avro.EventCounts;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.ServerStatus;

import java.time.Instant;
import java.util.ArrayList;

/** Builds the records a server's state emits: the snapshot for the routers, ServerMetrics and HeartbeatLog. */
final class ServerReports {
    private ServerReports() {
    }

    /**
     * The server's update for the routers, from its state: the queue length as of now, the estimates as of the last
     * heartbeat, and the ENQUEUED task ids applied since the previous update.
     *
     * @param heartbeat true when a heartbeat (or the down timer) produced it, false for a queue change
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

    static ServerMetrics metrics(ServerState state, int queueLength, QueueFigures figures, long atMillis) {
        return ServerMetrics.newBuilder()
                .setServerId(state.serverId)
                .setAt(Instant.ofEpochMilli(atMillis))
                .setAlive(state.alive)
                .setQueueLength(queueLength)
                .setLambda(figures.lambda())
                .setMu(figures.mu())
                .setAlphaC(figures.alphaC())
                .setEta(figures.eta())
                .setRho(figures.rho())
                .setStable(!figures.overloaded())
                .setModel(figures.model())
                .setMeanWaiting(figures.meanWaiting())
                .setMeanWait(figures.meanWait())
                .setVirtualWait(figures.virtualWait())
                .setAbandonProbability(figures.abandonProbability())
                .setLoadIndexK(figures.loadIndexK())
                .setOverloaded(figures.overloaded())
                .setRecommendedHeartbeatMillis(state.recommendedHeartbeatMillis)
                .setHeartbeatTriggers(state.heartbeatTriggers)
                .build();
    }

    static HeartbeatLog heartbeatLog(ServerState state, int queueLength, QueueFigures figures) {
        ServerStatus status = ServerStatus.newBuilder()
                .setCpu(state.cpu)
                .setMemory(state.memory)
                .setQueueLength(queueLength)
                .setExitRateTheta(figures.exitRateTheta())
                .setHealth(state.health)
                .build();
        EventCounts events = EventCounts.newBuilder()
                .setEnqueued(state.enqueued)
                .setStarted(state.started)
                .setCompleted(state.completed)
                .setAbandoned(state.abandoned)
                .setCancelled(state.cancelled)
                .setRestored(state.restored)
                .build();
        return HeartbeatLog.newBuilder()
                .setTimestamp(Instant.ofEpochMilli(state.lastHeartbeatAt))
                .setServerId(state.serverId)
                .setStatus(status)
                .setHeartbeatIntervalMillis(state.heartbeatIntervalMillis)
                .setEvents(events)
                .setLWq(figures.meanWaiting())
                .setWQt(figures.meanWait())
                .setWV(figures.virtualWait())
                .build();
    }
}
