package io.qrouter.job.convert;

import io.qrouter.avro.Heartbeat;
import io.qrouter.job.records.ServerState;

/** What a heartbeat says of its server, taken into the server's keyed state. */
public final class HeartbeatFields {
    private HeartbeatFields() {}

    /**
     * Copies the heartbeat's status, queue, capacity and utilisation into {@code state} and counts
     * it. A leaving server's last heartbeat reports it gone, not alive (its metrics say so too).
     */
    public static void copyInto(Heartbeat heartbeat, ServerState state) {
        state.alive = !heartbeat.getLeaving();
        state.lastHeartbeatAt = heartbeat.getSentAt().toEpochMilli();
        state.reportedQueueLength = Math.max(0, heartbeat.getQueueLength());
        state.busy = heartbeat.getBusy();
        state.slots = heartbeat.getSlots();
        state.serviceRatePerSecond = heartbeat.getServiceRatePerSecond();
        state.cpu = heartbeat.getCpu();
        state.memory = heartbeat.getMemory();
        state.bandwidth = heartbeat.getBandwidth();
        state.health = heartbeat.getHealth();
        state.heartbeatIntervalMillis = heartbeat.getIntervalMillis();
        state.heartbeatTriggers++;
        state.updatedAt = Math.max(state.updatedAt, state.lastHeartbeatAt);
    }
}
