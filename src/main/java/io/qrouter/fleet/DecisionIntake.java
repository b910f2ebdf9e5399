package io.qrouter.fleet;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.io.AvroCodec;
import io.qrouter.io.AvroDecodeException;
import io.qrouter.io.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the job tells the fleet, through one read_committed consumer: each decision goes to its
 * server and into the task's record, {@code server-metrics} set the heartbeat intervals and the
 * count of servers alive, dead letters close the tasks the job could not route. Records of other
 * runs are served or counted apart, never mixed into this run's figures.
 *
 * <p>Not thread-safe: the fleet's event loop owns it, as it owns the servers.
 */
final class DecisionIntake {
    private static final Logger LOG = LoggerFactory.getLogger(DecisionIntake.class);

    private final FleetConfig config;
    private final FleetClock clock;
    private final FleetStats stats;
    private final Map<String, TaskRecord> ledger;
    private final List<SimulatedServer> servers;
    private final Map<String, Integer> serverIndex = new HashMap<>();
    private final FleetSeries series;
    private final FleetHeartbeats heartbeats;
    private final SplittableRandom foreignWork;
    private final TaskEventSink sink;
    private final Map<String, Boolean> aliveByServer = new HashMap<>();
    private final KafkaConsumer<String, byte[]> consumer;
    private final AvroCodec<RoutingDecision> decisionCodec = AvroCodec.of(RoutingDecision.class);
    private final AvroCodec<ServerMetrics> metricsCodec = AvroCodec.of(ServerMetrics.class);
    private final AvroCodec<DeadLetter> deadLetterCodec = AvroCodec.of(DeadLetter.class);
    private boolean assigned;
    private double lastDecisionAt;

    /**
     * @param foreignWork draws the work and patience of tasks of other runs, which are served too
     * @param sink receives the servers' lifecycle events
     */
    DecisionIntake(
            FleetConfig config,
            FleetClock clock,
            FleetStats stats,
            Map<String, TaskRecord> ledger,
            List<SimulatedServer> servers,
            FleetSeries series,
            FleetHeartbeats heartbeats,
            SplittableRandom foreignWork,
            TaskEventSink sink) {
        this.config = config;
        this.clock = clock;
        this.stats = stats;
        this.ledger = ledger;
        this.servers = servers;
        for (int i = 0; i < servers.size(); i++) {
            serverIndex.put(servers.get(i).id(), i);
        }
        this.series = series;
        this.heartbeats = heartbeats;
        this.foreignWork = foreignWork;
        this.sink = sink;
        this.consumer =
                new KafkaConsumer<>(
                        consumerProperties(config),
                        new StringDeserializer(),
                        new ByteArrayDeserializer());
    }

    void subscribe() {
        consumer.subscribe(Set.of(Topics.DECISIONS, Topics.SERVER_METRICS, Topics.DEAD_LETTER));
    }

    /** Waits up to {@code waitMillis} for records and handles every one. */
    void poll(long waitMillis) {
        for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(waitMillis))) {
            handle(record, clock.seconds());
        }
    }

    /**
     * True once the consumer has partitions; the first time, their starting offsets are resolved,
     * so tasks produced from then on cannot be skipped.
     */
    boolean assigned() {
        if (!assigned && !consumer.assignment().isEmpty()) {
            consumer.assignment().forEach(consumer::position);
            assigned = true;
        }
        return assigned;
    }

    /** When the last decision for a task of this run arrived (fleet seconds; 0 before any). */
    double lastDecisionAt() {
        return lastDecisionAt;
    }

    /**
     * Makes a blocked or the next {@link #poll} throw WakeupException; callable from any thread.
     */
    void wakeup() {
        consumer.wakeup();
    }

    void close() {
        consumer.close(Duration.ofSeconds(5));
    }

    private void handle(ConsumerRecord<String, byte[]> record, double now) {
        try {
            switch (record.topic()) {
                case Topics.DECISIONS ->
                        onDecision(
                                decisionCodec.decode(record.value()),
                                clock.secondsOf(record.timestamp()),
                                now);
                case Topics.SERVER_METRICS -> onMetrics(metricsCodec.decode(record.value()), now);
                case Topics.DEAD_LETTER -> onDeadLetter(deadLetterCodec.decode(record.value()));
                default -> {}
            }
        } catch (AvroDecodeException e) {
            LOG.warn(
                    "fleet: skipping undecodable record {}-{}@{}: {}",
                    record.topic(),
                    record.partition(),
                    record.offset(),
                    e.getMessage());
        }
    }

    private void onDecision(RoutingDecision decision, double appendedAt, double now) {
        Integer index = serverIndex.get(decision.getServerId());
        TaskRecord task = ledger.get(decision.getTaskId());
        if (task == null) {
            // a decision for a task of another run (e.g. a restarted fleet in the same group):
            // serve it anyway
            stats.foreignDecisions.incrementAndGet();
            if (index != null) {
                servers.get(index)
                        .arrive(
                                new FleetTask(
                                        decision.getTaskId(),
                                        TaskSource.exponential(foreignWork),
                                        TaskSource.exponential(foreignWork)
                                                * config.meanPatienceSeconds()),
                                now,
                                sink);
            }
            return;
        }
        if (task.outcome != TaskRecord.Outcome.UNDECIDED) {
            stats.duplicateDecisions.incrementAndGet();
            return;
        }
        lastDecisionAt = now;
        task.decidedAt = clock.secondsOf(decision.getDecidedAt().toEpochMilli());
        task.receivedAt = now;
        task.decisionAppendedAt = appendedAt;
        task.updateDelay =
                decision.getUpdateDelayMillis() == null
                        ? Double.NaN
                        : decision.getUpdateDelayMillis() / 1000.0;
        task.rule = decision.getRule();
        task.serverId = decision.getServerId();
        stats.decided.incrementAndGet();
        if (FleetResult.IDLE_QUEUE_RULE.equals(decision.getRule())) {
            stats.idleQueueHits.incrementAndGet();
        }
        series.decision(now, FleetResult.IDLE_QUEUE_RULE.equals(decision.getRule()));
        if (index == null) {
            task.outcome = TaskRecord.Outcome.UNKNOWN_SERVER;
            stats.unknownServer.incrementAndGet();
            return;
        }
        task.outcome = TaskRecord.Outcome.QUEUED;
        servers.get(index).advance(now, sink);
        servers.get(index).arrive(task.task, now, sink);
    }

    private void onMetrics(ServerMetrics metrics, double now) {
        Integer index = serverIndex.get(metrics.getServerId());
        if (index == null) {
            return;
        }
        heartbeats.recommend(index, metrics.getRecommendedHeartbeatMillis());
        aliveByServer.put(metrics.getServerId(), metrics.getAlive());
        stats.serversAlive =
                (int) aliveByServer.values().stream().filter(Boolean::booleanValue).count();
        series.loadIndex(now, index, metrics.getLoadIndexK());
    }

    private void onDeadLetter(DeadLetter letter) {
        TaskRecord task = letter.getTaskId() == null ? null : ledger.get(letter.getTaskId());
        if (task != null && task.outcome == TaskRecord.Outcome.UNDECIDED) {
            task.outcome = TaskRecord.Outcome.DEAD_LETTER;
            stats.deadLettered.incrementAndGet();
        } else {
            stats.otherDeadLetters.incrementAndGet();
        }
    }

    private static Properties consumerProperties(FleetConfig config) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, config.consumerGroup());
        // only decisions the job committed: with exactly-once sinks, uncommitted ones may still be
        // rolled back
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        // a new group starts at the end: old decisions belong to tasks of earlier runs
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "latest");
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "qrouter-fleet-" + config.runId());
        props.putAll(config.kafka());
        return props;
    }
}
