package io.qrouter.tools.fleet;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import java.time.Instant;

/**
 * The records the fleet sends, built in one place for the real-time fleet ({@link Fleet}, {@link
 * TaskSource}) and the virtual-time one ({@link VirtualFleet}), so a benchmark's workload is byte
 * for byte what the fleet sends. Heartbeats carry the CPU share, so each server's previous
 * heartbeat (time, busy seconds) is kept here.
 */
final class FleetRecords {
    private final double[] lastHeartbeatAt;
    private final double[] busyAtLastHeartbeat;

    FleetRecords(int servers) {
        this.lastHeartbeatAt = new double[servers];
        this.busyAtLastHeartbeat = new double[servers];
    }

    static TaskRequest task(String taskId, long createdAtMillis, String taskKey) {
        return TaskRequest.newBuilder()
                .setTaskId(taskId)
                .setCreatedAt(Instant.ofEpochMilli(createdAtMillis))
                .setTaskKey(taskKey)
                .build();
    }

    /** A lifecycle event; {@code reason} says why a FAILED task failed (null for the others). */
    static TaskEvent event(
            String serverId, String taskId, TaskEventType type, long atMillis, String reason) {
        return TaskEvent.newBuilder()
                .setServerId(serverId)
                .setTaskId(taskId)
                .setType(type)
                .setEventTime(Instant.ofEpochMilli(atMillis))
                .setReason(reason)
                .build();
    }

    /**
     * Server {@code i}'s heartbeat at {@code now} (seconds): queue, busy flag (at least one task in
     * service), μ per slot, and as CPU the share of its slot time since its previous heartbeat it
     * spent serving, with its slots and the tasks in service.
     */
    Heartbeat heartbeat(
            int i,
            FleetServers servers,
            double now,
            long sentAtMillis,
            long intervalMillis,
            boolean leaving) {
        double busy = servers.busySeconds(i, now);
        double span = now - lastHeartbeatAt[i];
        double cpu =
                span > 0
                        ? Math.max(0, Math.min(1, (busy - busyAtLastHeartbeat[i]) / span))
                        : (servers.busy(i) ? 1 : 0);
        lastHeartbeatAt[i] = now;
        busyAtLastHeartbeat[i] = busy;
        return Heartbeat.newBuilder()
                .setServerId(servers.id(i))
                .setSentAt(Instant.ofEpochMilli(sentAtMillis))
                .setQueueLength(servers.queueLength(i))
                .setBusy(servers.busy(i))
                .setServiceRatePerSecond(servers.mu(i))
                .setSlots(servers.slots(i))
                .setInService(servers.inService(i))
                .setCpu(cpu)
                .setIntervalMillis(intervalMillis)
                .setLeaving(leaving)
                .build();
    }

    /** When server {@code i} last sent a heartbeat (seconds; 0 before its first). */
    double lastHeartbeatAt(int i) {
        return lastHeartbeatAt[i];
    }
}
