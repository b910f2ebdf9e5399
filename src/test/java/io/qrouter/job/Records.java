package io.qrouter.job;

import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.records.ServerUpdate;
import java.time.Instant;

/** Builders for the Avro records the operator tests feed in. */
public final class Records {
    private Records() {}

    public static Heartbeat heartbeat(String serverId, long sentAtMillis, int queueLength) {
        return Heartbeat.newBuilder()
                .setServerId(serverId)
                .setSentAt(Instant.ofEpochMilli(sentAtMillis))
                .setQueueLength(queueLength)
                .setBusy(queueLength > 0)
                .setServiceRatePerSecond(10.0)
                .setCpu(0.5)
                .setMemory(0.25)
                .setBandwidth(0.125)
                .setHealth(Health.HEALTHY)
                .setIntervalMillis(1000)
                .setLeaving(false)
                .build();
    }

    public static TaskEvent event(
            String serverId, String taskId, TaskEventType type, long eventTimeMillis) {
        return TaskEvent.newBuilder()
                .setServerId(serverId)
                .setTaskId(taskId)
                .setType(type)
                .setEventTime(Instant.ofEpochMilli(eventTimeMillis))
                .build();
    }

    public static TaskRequest task(String taskId, long createdAtMillis) {
        return TaskRequest.newBuilder()
                .setTaskId(taskId)
                .setCreatedAt(Instant.ofEpochMilli(createdAtMillis))
                .build();
    }

    public static TaskRequest task(String taskId, long createdAtMillis, String serviceType) {
        return TaskRequest.newBuilder(task(taskId, createdAtMillis))
                .setServiceType(serviceType)
                .build();
    }

    /** A task with every field given, as the generators of any-value tests build them. */
    public static TaskRequest task(
            String taskId, String serviceType, String taskKey, Instant createdAt, double load) {
        return TaskRequest.newBuilder()
                .setTaskId(taskId)
                .setServiceType(serviceType)
                .setTaskKey(taskKey)
                .setCreatedAt(createdAt)
                .setLoad(load)
                .build();
    }

    public static ServerUpdate snapshot(String serverId, long heartbeatAtMillis, int queueLength) {
        ServerUpdate s = new ServerUpdate();
        s.setServerId(serverId);
        s.setAlive(true);
        s.setHealth(Health.HEALTHY);
        s.setHeartbeatAt(heartbeatAtMillis);
        s.setUpdatedAt(heartbeatAtMillis);
        s.setHeartbeat(true);
        s.setQueueLength(queueLength);
        s.setBusy(queueLength > 0);
        s.setIdle(queueLength == 0);
        s.setServiceRatePerSecond(10.0);
        return s;
    }
}
