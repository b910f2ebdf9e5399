package io.qrouter.tools.demo;

import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.serde.AvroCodec;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Records the job must refuse, one of each kind found to break or to threaten routing (issue 10):
 * bytes that are no Avro record of the topic's type, empty and null values, truncated records, ids
 * empty or of 600 KB and 1 MB, NaN, infinite, negative and absurdly large numbers, times in 1970
 * and in the year 3000, unknown event types and health. Each must become exactly one dead letter
 * and change nothing; {@code demo --chaos} writes them to the job's inputs while it routes, and the
 * job's tests use the oversized ones.
 */
public final class PoisonRecords {
    /** A 600 KB id: its server-metrics record alone would pass Kafka's 1 MB request limit. */
    public static final int OVERSIZED_ID = 600 * 1024;

    /** A 1 MB id: a dead letter keeping it whole would be over the limit too. */
    public static final int HUGE_ID = 1_000_000;

    private PoisonRecords() {}

    /** One record for one input topic; {@code kind} says what is wrong with it. */
    public record Poison(String topic, String key, byte[] value, String kind) {}

    /**
     * The whole set, its ids made unique by {@code tag}, its plausible times around {@code now}.
     */
    public static List<Poison> all(String tag, Instant now) {
        List<Poison> all = new ArrayList<>();
        byte[] garbage = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F};
        byte[] validTask = task(task(tag + "-truncated", now).build());
        for (String topic : TopicNames.ALL.subList(0, 3)) { // the three inputs
            all.add(new Poison(topic, tag, garbage, "bytes that are no record"));
            all.add(new Poison(topic, tag, new byte[0], "empty value"));
            all.add(new Poison(topic, tag, null, "null value"));
        }
        all.add(
                new Poison(
                        TopicNames.TASKS,
                        tag,
                        Arrays.copyOf(validTask, validTask.length - 3),
                        "truncated record"));
        all.add(task(task(tag + "-nan", now).setLoad(Double.NaN), "load NaN"));
        all.add(task(task(tag + "-inf", now).setLoad(Double.POSITIVE_INFINITY), "load +Infinity"));
        all.add(task(task(tag + "-negative", now).setLoad(-1), "load negative"));
        all.add(task(task("", now), "empty task id"));
        all.add(task(task(tag + "-1970", Instant.EPOCH), "created in 1970"));
        all.add(
                task(
                        task(tag + "-3000", Instant.parse("3000-01-01T00:00:00Z")),
                        "created in the year 3000"));
        all.add(
                new Poison(
                        TopicNames.TASKS,
                        tag,
                        nanLoadTask("t".repeat(OVERSIZED_ID)),
                        "600 KB task id"));
        all.add(
                new Poison(
                        TopicNames.TASKS,
                        tag,
                        nanLoadTask("u".repeat(HUGE_ID)),
                        "1 MB task id, load NaN"));
        all.add(
                new Poison(
                        TopicNames.HEARTBEATS,
                        tag,
                        oversizedServerIdHeartbeat(OVERSIZED_ID),
                        "600 KB server id"));
        all.add(
                heartbeat(
                        heartbeat(tag, now).setServiceRatePerSecond(1e308), "service rate 1e308"));
        all.add(
                heartbeat(
                        heartbeat(tag, now).setIntervalMillis(Long.MAX_VALUE),
                        "interval Long.MAX_VALUE"));
        all.add(heartbeat(heartbeat(tag, now).setQueueLength(-3), "queue length negative"));
        all.add(heartbeat(heartbeat(tag, now).setCpu(Double.NEGATIVE_INFINITY), "cpu -Infinity"));
        all.add(heartbeat(heartbeat(tag, now).setHealth(Health.UNKNOWN), "unknown health"));
        all.add(heartbeat(heartbeat(tag, now).setSentAt(Instant.EPOCH), "sent in 1970"));
        all.add(event(event(tag, now).setType(TaskEventType.UNKNOWN), "unknown event type"));
        all.add(event(event(tag, now).setServerId(""), "empty server id"));
        all.add(
                event(
                        event(tag, now).setEventTime(now.plus(Duration.ofDays(3650))),
                        "event ten years ahead"));
        return all;
    }

    /** An idle server's heartbeat, valid but for its server id of {@code length} characters. */
    public static byte[] oversizedServerIdHeartbeat(int length) {
        return AvroCodec.of(Heartbeat.class)
                .encode(heartbeat("s".repeat(length), Instant.now()).build());
    }

    /** A task created now with load NaN and id {@code id}. */
    public static byte[] nanLoadTask(String id) {
        return task(task(id, Instant.now()).setLoad(Double.NaN).build());
    }

    private static TaskRequest.Builder task(String id, Instant createdAt) {
        return TaskRequest.newBuilder().setTaskId(id).setCreatedAt(createdAt);
    }

    private static byte[] task(TaskRequest task) {
        return AvroCodec.of(TaskRequest.class).encode(task);
    }

    private static Poison task(TaskRequest.Builder task, String kind) {
        return new Poison(TopicNames.TASKS, task.getTaskId(), task(task.build()), kind);
    }

    private static Heartbeat.Builder heartbeat(String serverId, Instant sentAt) {
        return Heartbeat.newBuilder()
                .setServerId(serverId)
                .setSentAt(sentAt)
                .setQueueLength(0)
                .setBusy(false)
                .setServiceRatePerSecond(10.0)
                .setIntervalMillis(200);
    }

    private static Poison heartbeat(Heartbeat.Builder beat, String kind) {
        return new Poison(
                TopicNames.HEARTBEATS,
                beat.getServerId(),
                AvroCodec.of(Heartbeat.class).encode(beat.build()),
                kind);
    }

    private static TaskEvent.Builder event(String tag, Instant at) {
        return TaskEvent.newBuilder()
                .setServerId(tag)
                .setTaskId(tag + "-event")
                .setType(TaskEventType.STARTED)
                .setEventTime(at);
    }

    private static Poison event(TaskEvent.Builder event, String kind) {
        return new Poison(
                TopicNames.SERVER_EVENTS,
                event.getServerId().isEmpty() ? "empty" : event.getServerId(),
                AvroCodec.of(TaskEvent.class).encode(event.build()),
                kind);
    }
}
