package io.qrouter.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.SlotAssignment;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.job.serde.DeadLetteringDeserializer;
import io.qrouter.job.serde.InputChecks;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Either;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The whole topology ({@link QrouterJob#defineWorkflow}) on a MiniCluster with bounded in-memory
 * sources and collecting sinks: no Kafka. Input bytes go through the job's own decoding and checks,
 * so bad records become dead letters exactly as they would from a topic.
 */
class WorkflowTest {
    @RegisterExtension
    static final MiniClusterExtension CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

    private static final List<String> SERVERS = List.of("s1", "s2", "s3");
    private static final int TASKS = 40;
    private static final int BEATS_PER_SERVER = 4;
    private static final long T0 = System.currentTimeMillis() - 60_000;

    @Test
    void everyTaskIsDecidedBadRecordsAreDeadLetteredAndSlotsAndMetricsAreWritten()
            throws Exception {
        JobConfig config =
                JobConfig.defaults().with("dsrs.slot.ms", "500").with("server.allow-list", "*");
        RecordLimits limits = RecordLimits.from(config);

        // Tasks: 40 good ones every 25 ms of event time, then garbage bytes and a task with a NaN
        // load.
        byte[][] taskBytes = new byte[TASKS + 2][];
        for (int i = 0; i < TASKS; i++) {
            taskBytes[i] =
                    encode(
                            TaskRequest.newBuilder()
                                    .setTaskId("t" + i)
                                    .setServiceType("video")
                                    .setCreatedAt(Instant.ofEpochMilli(T0 + 25L * i))
                                    .setLoad(1)
                                    .build());
        }
        taskBytes[TASKS] = "not avro".getBytes(StandardCharsets.UTF_8);
        taskBytes[TASKS + 1] =
                encode(
                        TaskRequest.newBuilder()
                                .setTaskId("nan")
                                .setServiceType("video")
                                .setCreatedAt(Instant.ofEpochMilli(T0))
                                .setLoad(Double.NaN)
                                .build());
        // Heartbeats of three servers, then one from a server with an empty id.
        int beats = SERVERS.size() * BEATS_PER_SERVER;
        byte[][] beatBytes = new byte[beats + 1][];
        for (int i = 0; i < beats; i++) {
            beatBytes[i] =
                    encode(
                            Records.heartbeat(
                                    SERVERS.get(i % SERVERS.size()), T0 + 250L * (i / 3), 0));
        }
        beatBytes[beats] = encode(Records.heartbeat("", T0, 0));
        byte[][] eventBytes = {encode(Records.event("s1", "t0", TaskEventType.ENQUEUED, T0 + 5))};
        byte[][] controlBytes = {"not a command".getBytes(StandardCharsets.UTF_8)};

        DeadLetteringDeserializer<TaskRequest> taskDecoder =
                new DeadLetteringDeserializer<>(
                        TaskRequest.class, InputChecks.taskRequest(limits), limits);
        DeadLetteringDeserializer<Heartbeat> beatDecoder =
                new DeadLetteringDeserializer<>(
                        Heartbeat.class, InputChecks.heartbeat(limits), limits);
        DeadLetteringDeserializer<TaskEvent> eventDecoder =
                new DeadLetteringDeserializer<>(
                        TaskEvent.class, InputChecks.taskEvent(limits), limits);
        DeadLetteringDeserializer<ControlCommand> controlDecoder =
                new DeadLetteringDeserializer<>(
                        ControlCommand.class, InputChecks.controlCommand(limits), limits);
        // Tasks trickle in (100/s); those that reach the router before the first server update wait
        // in its buffer
        // until it comes (how they spread over servers is the router harness tests' subject, not
        // this one's).
        JobSources sources =
                new JobSources(
                        source(
                                taskDecoder,
                                config.get(ConfigKey.TOPIC_TASKS),
                                taskBytes,
                                RateLimiterStrategy.perSecond(100)),
                        source(
                                eventDecoder,
                                config.get(ConfigKey.TOPIC_SERVER_EVENTS),
                                eventBytes,
                                RateLimiterStrategy.noOp()),
                        source(
                                beatDecoder,
                                config.get(ConfigKey.TOPIC_HEARTBEATS),
                                beatBytes,
                                RateLimiterStrategy.noOp()),
                        source(
                                controlDecoder,
                                config.get(ConfigKey.TOPIC_CONTROL),
                                controlBytes,
                                RateLimiterStrategy.noOp()));
        CollectSink<RoutingDecision> decisions = new CollectSink<>("decisions");
        CollectSink<ServerMetrics> metrics = new CollectSink<>("server-metrics");
        CollectSink<HeartbeatLog> heartbeatLog = new CollectSink<>("heartbeat-log");
        CollectSink<SlotAssignment> slots = new CollectSink<>("dsrs-assignments");
        CollectSink<DeadLetter> deadLetters = new CollectSink<>("dead-letter");
        CollectSink<ControlLogEntry> controlLog = new CollectSink<>("control-log");

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        QrouterJob.defineWorkflow(
                env,
                config,
                sources,
                new JobSinks(decisions, metrics, heartbeatLog, slots, deadLetters, controlLog));
        env.execute("workflow without Kafka");

        Map<String, List<String>> serversByTask =
                decisions.received().stream()
                        .collect(
                                Collectors.groupingBy(
                                        d -> d.getTaskId(),
                                        Collectors.mapping(
                                                d -> d.getServerId(), Collectors.toList())));
        assertThat(serversByTask.keySet())
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.range(0, TASKS).mapToObj(i -> "t" + i).toList());
        assertThat(serversByTask.values()).allSatisfy(servers -> assertThat(servers).hasSize(1));
        assertThat(serversByTask.values().stream().map(s -> s.get(0)).distinct())
                .isSubsetOf(SERVERS);

        assertThat(deadLetters.received())
                .extracting(d -> d.getReason().toString())
                .hasSize(3)
                .anySatisfy(r -> assertThat(r).startsWith("not a valid TaskRequest"))
                .anySatisfy(r -> assertThat(r).contains("load"))
                .anySatisfy(r -> assertThat(r).contains("serverId"));

        List<SlotAssignment> assignments = slots.received();
        assertThat(assignments)
                .isNotEmpty()
                .allSatisfy(a -> assertThat(a.getServiceType()).isEqualTo("video"));
        assertThat(assignments.stream().mapToLong(SlotAssignment::getCount).sum()).isEqualTo(TASKS);

        assertThat(metrics.received())
                .extracting(m -> m.getServerId().toString())
                .containsAll(SERVERS);
        // a control command that is not one is refused, with its reason, on control-log
        assertThat(controlLog.received())
                .singleElement()
                .satisfies(
                        entry -> {
                            assertThat(entry.getOutcome()).isEqualTo("REFUSED");
                            assertThat(entry.getReason()).isNotBlank();
                        });
        // Two source subtasks read the heartbeats in two halves, so a server's older beat may come
        // after a newer
        // one; the state logs only the newest it has seen.
        assertThat(heartbeatLog.received())
                .extracting(h -> h.getServerId().toString())
                .containsAll(SERVERS)
                .hasSizeLessThanOrEqualTo(beats);
    }

    private static <T extends SpecificRecordBase> byte[] encode(T record) {
        @SuppressWarnings("unchecked")
        AvroCodec<T> codec = AvroCodec.of((Class<T>) record.getClass());
        return codec.encode(record);
    }

    /**
     * A bounded source of the given values, decoded as the Kafka source decodes a topic's values.
     */
    private static <T extends SpecificRecordBase> DataGeneratorSource<Either<DeadLetter, T>> source(
            DeadLetteringDeserializer<T> decoder,
            String topic,
            byte[][] values,
            RateLimiterStrategy rate) {
        GeneratorFunction<Long, Either<DeadLetter, T>> decode =
                index ->
                        decoder.decode(
                                new ConsumerRecord<>(
                                        topic, 0, index, null, values[index.intValue()]),
                                System.currentTimeMillis());
        return new DataGeneratorSource<>(decode, values.length, rate, decoder.getProducedType());
    }
}
