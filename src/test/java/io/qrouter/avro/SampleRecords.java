package io.qrouter.avro;

import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecordBase;

/** One instance of every top-level record, every field set to a value other than its default. */
final class SampleRecords {
    private SampleRecords() {}

    private static final Instant AT = Instant.ofEpochMilli(1_700_000_000_123L);

    static List<SpecificRecordBase> all() {
        return List.of(
                TaskRequest.newBuilder()
                        .setTaskId("task-1")
                        .setCreatedAt(AT)
                        .setTaskKey("key-7")
                        .setServiceType("video")
                        .setLoad(2.5)
                        .build(),
                TaskEvent.newBuilder()
                        .setServerId("s1")
                        .setTaskId("task-1")
                        .setType(TaskEventType.RESTORED)
                        .setEventTime(AT)
                        .setReason("disk full")
                        .build(),
                Heartbeat.newBuilder()
                        .setServerId("s1")
                        .setSentAt(AT)
                        .setQueueLength(3)
                        .setBusy(true)
                        .setServiceRatePerSecond(4.5)
                        .setCpu(0.5)
                        .setMemory(0.25)
                        .setBandwidth(0.125)
                        .setHealth(Health.DEGRADED)
                        .setIntervalMillis(500)
                        .setLeaving(true)
                        .setSlots(8)
                        .setInService(3)
                        .build(),
                HeartbeatLog.newBuilder()
                        .setTimestamp(AT)
                        .setServerId("s1")
                        .setStatus(
                                ServerStatus.newBuilder()
                                        .setCpu(0.5)
                                        .setMemory(0.25)
                                        .setQueueLength(3)
                                        .setExitRateTheta(1.5)
                                        .setHealth(Health.DEGRADED)
                                        .build())
                        .setHeartbeatIntervalMillis(500)
                        .setEvents(
                                EventCounts.newBuilder()
                                        .setEnqueued(1)
                                        .setStarted(2)
                                        .setCompleted(3)
                                        .setAbandoned(4)
                                        .setCancelled(5)
                                        .setRestored(6)
                                        .build())
                        .setLWq(0.75)
                        .setWQt(0.2)
                        .setWV(0.05)
                        .build(),
                RoutingDecision.newBuilder()
                        .setTaskId("task-1")
                        .setServerId("s1")
                        .setRule("MIN_K")
                        .setPolicy("heartbeat-k-live")
                        .setChosenK(0.4)
                        .setRunnerUpServerId("s2")
                        .setRunnerUpK(0.6)
                        .setSnapshotAgeMillis(120)
                        .setDecidedAt(AT)
                        .setTaskCreatedAt(AT.minusMillis(7))
                        .setServiceType("video")
                        .setRouterSubtask(2)
                        .setLossProbability(0.125)
                        .build(),
                ServerMetrics.newBuilder()
                        .setServerId("s1")
                        .setAt(AT)
                        .setAlive(true)
                        .setQueueLength(3)
                        .setLambda(2.0)
                        .setMu(3.0)
                        .setAlphaC(0.5)
                        .setEta(1.0)
                        .setRho(0.571)
                        .setStable(false)
                        .setModel("chain-p")
                        .setMeanWaiting(1.7)
                        .setMeanWait(1.05)
                        .setVirtualWait(0.3)
                        .setAbandonProbability(0.28)
                        .setLoadIndexK(0.9)
                        .setOverloaded(true)
                        .setRecommendedHeartbeatMillis(250)
                        .setHeartbeatTriggers(42)
                        .setAdminState("draining")
                        .setAdminWeight(0.5)
                        .build(),
                SlotAssignment.newBuilder()
                        .setSlot(7)
                        .setSlotStart(AT)
                        .setSlotEnd(AT.plusMillis(1_000))
                        .setServiceType("video")
                        .setMecSystem("mec-2")
                        .setCount(12)
                        .setCost(3.5)
                        .setQueuesAfter(Map.of("mec-1", 1.0, "mec-2", 2.0))
                        .setV(10.0)
                        .build(),
                DeadLetter.newBuilder()
                        .setSourceTopic("tasks")
                        .setPartition(3)
                        .setOffset(99)
                        .setReason("bad bytes")
                        .setRawBytes(ByteBuffer.wrap(new byte[] {1, 2, 3}))
                        .setTaskId("task-9")
                        .setAt(AT)
                        .build(),
                ControlCommand.newBuilder()
                        .setCommandId("c-1")
                        .setIssuer("ops")
                        .setIssuedAt(AT)
                        .setAction("weight")
                        .setTarget("s1")
                        .setArguments(Map.of("weight", "0.5"))
                        .setSignature("00ff")
                        .build(),
                ControlLogEntry.newBuilder()
                        .setCommandId("c-1")
                        .setIssuer("ops")
                        .setAction("weight")
                        .setTarget("s1")
                        .setArguments(Map.of("weight", "0.5"))
                        .setIssuedAt(AT)
                        .setLoggedAt(AT.plusMillis(3))
                        .setOutcome("REFUSED")
                        .setReason("wrong signature")
                        .build());
    }
}
