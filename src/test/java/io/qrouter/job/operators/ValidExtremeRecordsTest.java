package io.qrouter.job.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.SlotAssignment;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.job.FeedHarness;
import io.qrouter.job.Harnesses;
import io.qrouter.job.Records;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.config.GaSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.serde.AvroRecordSerializer;
import io.qrouter.job.serde.InputChecks;
import io.qrouter.job.state.BroadcastStates;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.util.OutputTag;
import org.apache.flink.util.function.SerializableFunction;

/**
 * Records that pass validation, however extreme (ids at the length limit in any characters, times
 * from 2000-01-01 to a day ahead, service rates 0 and from the minimum (10⁻⁶) to the maximum (10⁶),
 * loads up to 1e9, intervals up to an hour, leaving and failing servers, timers and watermarks
 * jumping ahead), go through the per-server state, the router (every policy), DSRS and the GA batch
 * operator without an exception, and every record they emit can be written by its sink as it is: no
 * null where the schema forbids it, no NaN or infinite figure, no record over the size limit.
 */
class ValidExtremeRecordsTest {
    private static final Instant NOW = Instant.parse("2026-11-30T09:00:00Z");
    private static final RecordLimits LIMITS = RecordLimits.from(JobConfig.defaults());
    private static final long FIRST_TIME = InputChecks.EARLIEST_EVENT_TIME.toEpochMilli();
    private static final long LAST_TIME = NOW.toEpochMilli() + LIMITS.maxFutureMillis();

    /** One input of a scenario, or time passing. */
    sealed interface Step permits Beat, Event, Lifecycle, Task, Advance {}

    record Beat(Heartbeat heartbeat) implements Step {}

    record Event(TaskEvent event) implements Step {}

    /**
     * One task's life on one server: ENQUEUED, STARTED and COMPLETED, or ENQUEUED and ABANDONED.
     */
    record Lifecycle(List<TaskEvent> events) implements Step {}

    record Task(TaskRequest task) implements Step {}

    /**
     * Processing time moves on by {@code millis}, event time (the watermark) by {@code
     * watermarkMillis}.
     */
    record Advance(long millis, long watermarkMillis) implements Step {}

    @Property(tries = 50)
    void validButExtremeRecordsNeverMakeAnOperatorThrowAndEveryOutputIsWritable(
            @ForAll("scenarios") List<Step> steps,
            @ForAll("policies") String policy,
            @ForAll("queueModels") String queueModel,
            @ForAll("minEvents") String minEvents)
            throws Exception {
        JobConfig config =
                JobConfig.defaults()
                        .with("router.policy", policy)
                        .with("server.queue-model", queueModel)
                        .with("server.estimator-min-events", minEvents)
                        .with("ga.population", "6")
                        .with("ga.generations", "3")
                        .with("ga.batch-size", "5");
        assertValid(steps);
        var serverState = Harnesses.serverState(ServerStateSettings.from(config), null);
        var router = Harnesses.router(RouterSettings.from(config), 1, 0, null);
        var dsrs = Harnesses.dsrs(DsrsSettings.from(config), 1);
        var ga =
                Harnesses.broadcast(
                        new GaBatchFunction(GaSettings.from(config)),
                        GaBatchFunction.laneKey(1),
                        Types.INT,
                        BroadcastStates.GA_SERVERS,
                        1,
                        0,
                        null);
        List<FeedHarness<?, ?, ?>> taskOperators = List.of(router, ga);
        try {
            long processingTime = 0;
            long watermark = Long.MIN_VALUE;
            int updatesSent = 0;
            for (Step step : withFinalAdvance(steps)) {
                if (step instanceof Beat b) {
                    serverState.processHeartbeat(
                            b.heartbeat(), b.heartbeat().getSentAt().toEpochMilli());
                } else if (step instanceof Event e) {
                    serverState.processEvent(e.event(), e.event().getEventTime().toEpochMilli());
                } else if (step instanceof Lifecycle l) {
                    for (TaskEvent e : l.events()) {
                        serverState.processEvent(e, e.getEventTime().toEpochMilli());
                    }
                } else if (step instanceof Task t) {
                    router.processElement(t.task(), t.task().getCreatedAt().toEpochMilli());
                    ga.processElement(t.task(), t.task().getCreatedAt().toEpochMilli());
                    dsrs.processElement(t.task(), t.task().getCreatedAt().toEpochMilli());
                } else if (step instanceof Advance a) {
                    processingTime += a.millis();
                    watermark =
                            a.watermarkMillis() == Long.MAX_VALUE
                                    ? Long.MAX_VALUE
                                    : Math.max(watermark, FIRST_TIME + a.watermarkMillis());
                    serverState.setProcessingTime(processingTime);
                    serverState.processWatermark(new Watermark(watermark));
                    for (var operator : taskOperators) {
                        operator.setProcessingTime(processingTime);
                        operator.watermark(watermark);
                    }
                    dsrs.watermark(watermark);
                }
                List<ServerUpdate> updates = serverState.extractOutputValues();
                for (ServerUpdate update : updates.subList(updatesSent, updates.size())) {
                    for (var operator : taskOperators) {
                        operator.processBroadcastElement(update, processingTime);
                    }
                    dsrs.processBroadcastElement(update, processingTime);
                }
                updatesSent = updates.size();
            }
            assertWritable(
                    "server-metrics",
                    sideOutput(serverState, ServerStateFunction.METRICS),
                    ServerMetrics.class,
                    ServerMetrics::getServerId);
            assertWritable(
                    "heartbeat-log",
                    sideOutput(serverState, ServerStateFunction.HEARTBEAT_LOG),
                    HeartbeatLog.class,
                    HeartbeatLog::getServerId);
            assertWritable(
                    "decisions",
                    router.extractOutputValues(),
                    RoutingDecision.class,
                    RoutingDecision::getServerId);
            assertWritable(
                    "decisions",
                    ga.extractOutputValues(),
                    RoutingDecision.class,
                    RoutingDecision::getServerId);
            assertWritable(
                    "dsrs-assignments",
                    dsrs.extractOutputValues(),
                    SlotAssignment.class,
                    SlotAssignment::getServiceType);
            List<DeadLetter> deadLetters =
                    new ArrayList<>(sideOutput(router, RouterFunction.DEAD_LETTERS));
            deadLetters.addAll(sideOutput(ga, RouterFunction.DEAD_LETTERS));
            assertWritable(
                    "dead-letter", deadLetters, DeadLetter.class, DeadLetter::getSourceTopic);
            for (ServerMetrics m : sideOutput(serverState, ServerStateFunction.METRICS)) {
                assertThat(
                                Arrays.asList(
                                        m.getLambda(),
                                        m.getMu(),
                                        m.getAlphaC(),
                                        m.getEta(),
                                        m.getRho(),
                                        m.getMeanWaiting(),
                                        m.getMeanWait(),
                                        m.getVirtualWait(),
                                        m.getAbandonProbability(),
                                        m.getLoadIndexK()))
                        .as("figures of %s", m)
                        .allMatch(x -> x == null || Double.isFinite(x));
            }
        } finally {
            serverState.close();
            for (var operator : taskOperators) {
                operator.close();
            }
            dsrs.close();
        }
    }

    /** The generator stays inside what the job accepts: every record passes its input check. */
    private static void assertValid(List<Step> steps) {
        long now = NOW.toEpochMilli();
        for (Step step : steps) {
            String problem = null;
            if (step instanceof Beat b) {
                problem = InputChecks.heartbeat(LIMITS).problem(b.heartbeat(), now);
            } else if (step instanceof Event e) {
                problem = InputChecks.taskEvent(LIMITS).problem(e.event(), now);
            } else if (step instanceof Lifecycle l) {
                problem =
                        l.events().stream()
                                .map(e -> InputChecks.taskEvent(LIMITS).problem(e, now))
                                .filter(p -> p != null)
                                .findFirst()
                                .orElse(null);
            } else if (step instanceof Task t) {
                problem = InputChecks.taskRequest(LIMITS).problem(t.task(), now);
            }
            assertThat(problem).as("generated %s", step).isNull();
        }
    }

    /**
     * Ends every scenario with all timers due: every DSRS slot closes, then servers go down and are
     * forgotten.
     */
    private static List<Step> withFinalAdvance(List<Step> steps) {
        List<Step> all = new ArrayList<>(steps);
        all.add(new Advance(0, Long.MAX_VALUE));
        all.add(
                new Advance(
                        LIMITS.maxHeartbeatIntervalMillis() * 10 + 30L * 86_400_000,
                        Long.MAX_VALUE));
        return all;
    }

    private static <T extends SpecificRecord> void assertWritable(
            String topic, List<T> records, Class<T> type, SerializableFunction<T, String> key) {
        AvroRecordSerializer<T> sink =
                new AvroRecordSerializer<>(topic, type, key, "dead-letter", LIMITS);
        for (T record : records) {
            assertThat(sink.serialize(record, null, null).topic())
                    .as("%s written as it is", record)
                    .isEqualTo(topic);
        }
    }

    private static <T> List<T> sideOutput(
            AbstractStreamOperatorTestHarness<?> harness, OutputTag<T> tag) {
        Queue<StreamRecord<T>> records = harness.getSideOutput(tag);
        return records == null
                ? List.of()
                : records.stream().map(StreamRecord::getValue).collect(Collectors.toList());
    }

    @Provide
    Arbitrary<String> policies() {
        List<String> names = new ArrayList<>();
        for (PolicyName p : PolicyName.values()) {
            names.add(p.configName());
        }
        names.add(GaSettings.GA_BATCH_POLICY);
        return Arbitraries.of(names);
    }

    /**
     * Estimates known after one event (so extreme rates reach the queueing models), a few, or the
     * default.
     */
    @Provide
    Arbitrary<String> minEvents() {
        return Arbitraries.of("1", "3", ConfigKey.SERVER_ESTIMATOR_MIN_EVENTS.defaultValue());
    }

    @Provide
    Arbitrary<String> queueModels() {
        return Arbitraries.of("reneging", "chain-p");
    }

    @Provide
    Arbitrary<List<Step>> scenarios() {
        return Combinators.combine(
                        id().list().ofMinSize(1).ofMaxSize(4),
                        id().list().ofMinSize(1).ofMaxSize(6),
                        id().list().ofMinSize(1).ofMaxSize(3))
                .as(Tuple::of)
                .flatMap(
                        pools ->
                                step(pools.get1(), pools.get2(), pools.get3())
                                        .list()
                                        .ofMinSize(5)
                                        .ofMaxSize(100));
    }

    private static Arbitrary<Step> step(
            List<String> servers, List<String> tasks, List<String> services) {
        Arbitrary<Step> beat =
                Combinators.combine(
                                Arbitraries.of(servers),
                                time(),
                                Arbitraries.integers().between(0, LIMITS.maxQueueLength()),
                                rate(),
                                fraction(),
                                Arbitraries.of(Health.HEALTHY, Health.DEGRADED, Health.FAILING),
                                Arbitraries.longs().between(1, LIMITS.maxHeartbeatIntervalMillis()),
                                Arbitraries.frequency(Tuple.of(12, false), Tuple.of(1, true)))
                        .as(
                                (server, sent, queue, mu, cpu, health, interval, leaving) ->
                                        new Beat(
                                                Heartbeat.newBuilder()
                                                        .setServerId(server)
                                                        .setSentAt(sent)
                                                        .setQueueLength(queue)
                                                        .setBusy(queue > 0 || cpu > 0.5)
                                                        .setServiceRatePerSecond(mu)
                                                        .setCpu(cpu)
                                                        .setMemory(cpu / 2)
                                                        .setBandwidth(1 - cpu)
                                                        .setHealth(health)
                                                        .setIntervalMillis(interval)
                                                        .setLeaving(leaving)
                                                        .build()));
        Arbitrary<TaskEventType> types =
                Arbitraries.of(
                        Arrays.stream(TaskEventType.values())
                                .filter(t -> t != TaskEventType.UNKNOWN)
                                .toList());
        Arbitrary<Step> event =
                Combinators.combine(Arbitraries.of(servers), Arbitraries.of(tasks), types, time())
                        .as(
                                (server, task, type, at) ->
                                        new Event(
                                                TaskEvent.newBuilder()
                                                        .setServerId(server)
                                                        .setTaskId(task)
                                                        .setType(type)
                                                        .setEventTime(at)
                                                        .build()));
        Arbitrary<Long> duration =
                Arbitraries.frequencyOf(
                        Tuple.of(4, Arbitraries.longs().between(0, 2_000)),
                        Tuple.of(1, Arbitraries.longs().between(0, LIMITS.maxFutureMillis())));
        Arbitrary<Step> lifecycle =
                Combinators.combine(
                                Arbitraries.of(servers),
                                id(),
                                time(),
                                duration,
                                duration,
                                Arbitraries.of(true, false))
                        .as(
                                (server, task, enqueued, wait, service, served) -> {
                                    TaskEvent.Builder e =
                                            TaskEvent.newBuilder()
                                                    .setServerId(server)
                                                    .setTaskId(task);
                                    Instant started = clamp(enqueued.plusMillis(wait));
                                    return new Lifecycle(
                                            served
                                                    ? List.of(
                                                            e.setType(TaskEventType.ENQUEUED)
                                                                    .setEventTime(enqueued)
                                                                    .build(),
                                                            e.setType(TaskEventType.STARTED)
                                                                    .setEventTime(started)
                                                                    .build(),
                                                            e.setType(TaskEventType.COMPLETED)
                                                                    .setEventTime(
                                                                            clamp(
                                                                                    started
                                                                                            .plusMillis(
                                                                                                    service)))
                                                                    .build())
                                                    : List.of(
                                                            e.setType(TaskEventType.ENQUEUED)
                                                                    .setEventTime(enqueued)
                                                                    .build(),
                                                            e.setType(TaskEventType.ABANDONED)
                                                                    .setEventTime(started)
                                                                    .build()));
                                });
        Arbitrary<Step> task =
                Combinators.combine(
                                id(),
                                Arbitraries.of(services),
                                Arbitraries.strings()
                                        .ofMinLength(1)
                                        .ofMaxLength(LIMITS.maxTaskKeyLength())
                                        .injectNull(0.5),
                                time(),
                                Arbitraries.doubles().between(0, LIMITS.maxTaskLoad()))
                        .as(
                                (id, service, key, created, load) ->
                                        new Task(Records.task(id, service, key, created, load)));
        Arbitrary<Step> advance =
                Combinators.combine(
                                Arbitraries.frequencyOf(
                                        Tuple.of(4, Arbitraries.longs().between(0, 2_000)),
                                        Tuple.of(1, Arbitraries.longs().between(0, 2_000_000_000))),
                                Arbitraries.longs().between(0, LAST_TIME - FIRST_TIME))
                        .as(Advance::new);
        return Arbitraries.frequencyOf(
                Tuple.of(6, beat),
                Tuple.of(1, event),
                Tuple.of(6, lifecycle),
                Tuple.of(5, task),
                Tuple.of(2, advance));
    }

    /** No later than the latest event time the job accepts. */
    private static Instant clamp(Instant time) {
        return time.toEpochMilli() > LAST_TIME ? Instant.ofEpochMilli(LAST_TIME) : time;
    }

    /** Any characters, one to the maximum length, not blank. */
    private static Arbitrary<String> id() {
        return Arbitraries.frequencyOf(
                        Tuple.of(3, Arbitraries.strings().ofMinLength(1).ofMaxLength(8)),
                        Tuple.of(
                                1,
                                Arbitraries.strings()
                                        .ofMinLength(LIMITS.maxIdLength() - 3)
                                        .ofMaxLength(LIMITS.maxIdLength())))
                .filter(s -> !s.isBlank());
    }

    private static Arbitrary<Instant> time() {
        return Arbitraries.frequencyOf(
                        Tuple.of(
                                3,
                                Arbitraries.longs()
                                        .between(
                                                NOW.toEpochMilli() - 20_000,
                                                NOW.toEpochMilli() + 20_000)),
                        Tuple.of(1, Arbitraries.longs().between(FIRST_TIME, LAST_TIME)))
                .map(Instant::ofEpochMilli);
    }

    private static Arbitrary<Double> rate() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.doubles().ofScale(6).between(LIMITS.minServiceRate(), 100)),
                Tuple.of(
                        1,
                        Arbitraries.doubles()
                                .ofScale(6)
                                .between(LIMITS.minServiceRate(), LIMITS.maxServiceRate())),
                Tuple.of(1, Arbitraries.of(0.0, LIMITS.minServiceRate(), LIMITS.maxServiceRate())));
    }

    private static Arbitrary<Double> fraction() {
        return Arbitraries.oneOf(
                Arbitraries.doubles().between(0, 1), Arbitraries.of(0.0, 1.0, Double.MIN_VALUE));
    }
}
