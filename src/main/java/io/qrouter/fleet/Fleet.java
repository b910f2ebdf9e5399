package io.qrouter.fleet;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.io.AvroCodec;
import io.qrouter.io.AvroDecodeException;
import io.qrouter.io.Topics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Queue;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running fleet: one thread produces tasks, one event loop owns every simulated server. The loop
 * consumes the job's outputs (decisions, server metrics, dead letters) with one read_committed
 * consumer, hands each decision to its server, plays the servers' completions and abandonments on
 * time, and publishes lifecycle events and heartbeats. Everything the loop needs happens on its
 * thread, so the servers need no locks. The loop also watches for a stalled router ({@link
 * StallWatch}): its alerts wait in {@link #takeAlerts} for whoever shows progress.
 */
public final class Fleet implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Fleet.class);

    /**
     * Bounds for the job's recommended heartbeat interval: a bad value must not flood Kafka or
     * silence a server.
     */
    static final long MIN_HEARTBEAT_MILLIS = 20;

    static final long MAX_HEARTBEAT_MILLIS = 60_000;
    private static final long MAX_POLL_MILLIS = 50;
    private static final int RECENT_WAITS = 2048;

    private final FleetConfig config;
    private final FleetClock clock = new FleetClock();
    private final FleetStats stats = new FleetStats();
    private final Map<String, TaskRecord> ledger = new ConcurrentHashMap<>();
    private final List<SimulatedServer> servers = new ArrayList<>();
    private final Map<String, Integer> serverIndex = new HashMap<>();
    private final long[] heartbeatMillis;
    private final double[] nextHeartbeatAt;
    private final FleetRecords records;
    private final Map<String, Boolean> aliveByServer = new HashMap<>();
    private final FleetSeries series;
    private final double[] recentWaits = new double[RECENT_WAITS];
    private int recentWaitCount;
    private final SplittableRandom foreignWork;
    private final StallWatch stallWatch;
    private final Queue<String> alerts = new ConcurrentLinkedQueue<>();
    private double lastDecisionAt;
    private volatile boolean stalled;

    private final KafkaProducer<String, byte[]> producer;
    private final KafkaConsumer<String, byte[]> consumer;
    private final TaskSource source;
    private final Thread sourceThread;
    private final Thread loopThread;
    private final CountDownLatch assigned = new CountDownLatch(1);
    private volatile boolean running = true;
    private volatile Throwable loopFailure;
    private volatile double producingStoppedAt = Double.NaN;
    private boolean closed;

    private final AvroCodec<TaskEvent> eventCodec = AvroCodec.of(TaskEvent.class);
    private final AvroCodec<Heartbeat> heartbeatCodec = AvroCodec.of(Heartbeat.class);
    private final AvroCodec<RoutingDecision> decisionCodec = AvroCodec.of(RoutingDecision.class);
    private final AvroCodec<ServerMetrics> metricsCodec = AvroCodec.of(ServerMetrics.class);
    private final AvroCodec<DeadLetter> deadLetterCodec = AvroCodec.of(DeadLetter.class);

    private Fleet(FleetConfig config) {
        this.config = config;
        SplittableRandom workload = new SplittableRandom(config.seed());
        double[] mu = serviceRates(config, workload.split());
        for (int i = 0; i < config.servers(); i++) {
            SimulatedServer server = new SimulatedServer("server-" + (i + 1), mu[i]);
            serverIndex.put(server.id(), i);
            servers.add(server);
        }
        this.series = new FleetSeries(config.servers());
        this.heartbeatMillis = new long[config.servers()];
        this.nextHeartbeatAt = new double[config.servers()];
        this.records = new FleetRecords(config.servers());
        Arrays.fill(heartbeatMillis, config.defaultHeartbeatMillis());
        this.foreignWork = workload.split();
        this.stallWatch = new StallWatch(config.stallAfterSeconds());
        this.producer =
                new KafkaProducer<>(
                        producerProperties(config),
                        new StringSerializer(),
                        new ByteArraySerializer());
        this.consumer =
                new KafkaConsumer<>(
                        consumerProperties(config),
                        new StringDeserializer(),
                        new ByteArrayDeserializer());
        this.source = new TaskSource(config, clock, producer, ledger, stats, workload.split());
        this.sourceThread = new Thread(source, "fleet-tasks");
        this.loopThread = new Thread(this::loop, "fleet-servers");
        sourceThread.setDaemon(true);
        loopThread.setDaemon(true);
    }

    /**
     * Connects, announces every server with a first heartbeat, and starts producing tasks once the
     * decision consumer has its partitions (so no decision can slip past it).
     */
    public static Fleet start(FleetConfig config) {
        Fleet fleet = new Fleet(config);
        fleet.loopThread.start();
        try {
            if (!fleet.assigned.await(60, TimeUnit.SECONDS)) {
                fleet.close();
                throw new IllegalStateException(
                        "fleet: no partition of '"
                                + Topics.DECISIONS
                                + "' assigned within 60 s"
                                + " (is Kafka reachable at "
                                + config.bootstrapServers()
                                + " and does the topic exist?)");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fleet.close();
            throw new IllegalStateException("interrupted while starting the fleet", e);
        }
        fleet.failIfLoopDied();
        fleet.sourceThread.start();
        return fleet;
    }

    /**
     * Service rates mu_i: uniform in [1 − spread, 1 + spread] times the mean, rescaled so that
     * their sum is the fleet's capacity exactly.
     */
    static double[] serviceRates(FleetConfig config, SplittableRandom random) {
        return serviceRates(
                config.servers(), config.muSpread(), config.capacityPerSecond(), random);
    }

    static double[] serviceRates(
            int servers, double muSpread, double capacityPerSecond, SplittableRandom random) {
        double[] mu = new double[servers];
        double sum = 0;
        for (int i = 0; i < mu.length; i++) {
            mu[i] = 1 + muSpread * (2 * random.nextDouble() - 1);
            sum += mu[i];
        }
        double scale = capacityPerSecond / sum;
        for (int i = 0; i < mu.length; i++) {
            mu[i] *= scale;
        }
        return mu;
    }

    public FleetConfig config() {
        return config;
    }

    public FleetStats stats() {
        failIfLoopDied();
        return stats;
    }

    /**
     * One line for a terminal: sent, decided, completed, abandoned, p99 wait, servers alive,
     * idle-queue hits.
     */
    public String statusLine() {
        FleetStats s = stats();
        double p99 = s.recentP99WaitSeconds();
        return String.format(
                java.util.Locale.ROOT,
                "%5.0fs  sent %d  decided %d  completed %d  abandoned %d  p99 wait %s  alive %d/%d  idle-queue %d%s",
                clock.seconds(),
                s.sent(),
                s.decided(),
                s.completed(),
                s.abandoned(),
                Double.isNaN(p99) ? "n/a" : String.format(java.util.Locale.ROOT, "%.3fs", p99),
                s.serversAlive(),
                servers.size(),
                s.idleQueueHits(),
                stalled ? "  STALLED" : "");
    }

    /**
     * The alerts since the last call, oldest first: a stall started ("STALL: …") or ended ("routing
     * resumed …"). Show them loudly, on lines of their own.
     */
    public List<String> takeAlerts() {
        List<String> taken = new ArrayList<>();
        for (String alert; (alert = alerts.poll()) != null; ) {
            taken.add(alert);
        }
        return taken;
    }

    /** Seconds since the fleet started. */
    public double elapsedSeconds() {
        return clock.seconds();
    }

    /** Stops creating tasks; the servers keep serving and decisions keep arriving. */
    public void stopProducing() {
        if (Double.isNaN(producingStoppedAt)) {
            producingStoppedAt = clock.seconds();
        }
        source.stop();
        join(sourceThread);
        producer.flush();
    }

    /** Waits until every task sent has a decision or a dead letter; false on timeout. */
    public boolean awaitDecisions(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            failIfLoopDied();
            if (stats.undecided() <= 0) {
                return true;
            }
            Thread.sleep(50);
        }
        return stats.undecided() <= 0;
    }

    /**
     * Stops everything (tasks, servers), says goodbye with a last {@code leaving} heartbeat per
     * server, and returns what happened. Idempotent.
     */
    public synchronized FleetResult stop() {
        if (!closed) {
            closed = true;
            stopProducing();
            running = false;
            consumer.wakeup();
            join(loopThread);
            try {
                producer.flush();
                producer.close(Duration.ofSeconds(10));
            } catch (RuntimeException e) {
                LOG.warn("fleet: closing the producer failed: {}", e.toString());
            }
        }
        double end = Double.isNaN(producingStoppedAt) ? clock.seconds() : producingStoppedAt;
        return FleetResult.of(
                config,
                stats,
                List.copyOf(ledger.values()),
                servers,
                series,
                end,
                clock.seconds(),
                clock.startEpochMillis(),
                stallWatch.stalls(clock.seconds()));
    }

    @Override
    public void close() {
        stop();
    }

    private void failIfLoopDied() {
        Throwable failure = loopFailure;
        if (failure != null) {
            throw new IllegalStateException("fleet event loop failed: " + failure, failure);
        }
    }

    // ---------------------------------------------------------------- the event loop (thread
    // fleet-servers)

    private void loop() {
        try {
            consumer.subscribe(Set.of(Topics.DECISIONS, Topics.SERVER_METRICS, Topics.DEAD_LETTER));
            double now = clock.seconds();
            for (int i = 0; i < servers.size(); i++) {
                heartbeat(i, now, false);
            }
            double nextSample = Math.floor(now) + 1;
            while (running) {
                now = clock.seconds();
                double next = Math.min(nextSample, nextServerEvent());
                long waitMillis =
                        Math.max(
                                0,
                                Math.min(MAX_POLL_MILLIS, (long) Math.ceil((next - now) * 1000)));
                for (ConsumerRecord<String, byte[]> record :
                        consumer.poll(Duration.ofMillis(waitMillis))) {
                    handle(record, clock.seconds());
                }
                if (assigned.getCount() > 0 && !consumer.assignment().isEmpty()) {
                    // resolve the starting offsets now, so tasks produced from here on cannot be
                    // skipped
                    consumer.assignment().forEach(consumer::position);
                    assigned.countDown();
                }
                now = clock.seconds();
                for (SimulatedServer server : servers) {
                    server.advance(now, this::publish);
                }
                for (int i = 0; i < servers.size(); i++) {
                    if (nextHeartbeatAt[i] <= now) {
                        heartbeat(i, now, false);
                    }
                }
                watchForStalls(now);
                if (now >= nextSample) {
                    series.sampleOccupancy(nextSample, servers);
                    publishRecentP99();
                    nextSample += 1;
                }
            }
        } catch (WakeupException e) {
            // stop() woke the consumer: a normal end
        } catch (Throwable e) {
            loopFailure = e;
            LOG.error("fleet event loop failed", e);
        } finally {
            double now = clock.seconds();
            for (int i = 0; i < servers.size(); i++) {
                heartbeat(i, now, true);
            }
            assigned.countDown();
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void watchForStalls(double now) {
        String alert = stallWatch.check(now, lastDecisionAt, stats.undecided());
        if (alert != null) {
            LOG.warn("fleet: {}", alert);
            alerts.add(alert);
        }
        stalled = stallWatch.stalled();
    }

    private double nextServerEvent() {
        double next = Double.POSITIVE_INFINITY;
        for (int i = 0; i < servers.size(); i++) {
            next = Math.min(next, Math.min(servers.get(i).nextEventAt(), nextHeartbeatAt[i]));
        }
        return next;
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
                                this::publish);
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
        if ("IDLE_QUEUE".equals(decision.getRule())) {
            stats.idleQueueHits.incrementAndGet();
        }
        series.decision(now, "IDLE_QUEUE".equals(decision.getRule()));
        if (index == null) {
            task.outcome = TaskRecord.Outcome.UNKNOWN_SERVER;
            stats.unknownServer.incrementAndGet();
            return;
        }
        task.outcome = TaskRecord.Outcome.QUEUED;
        servers.get(index).advance(now, this::publish);
        servers.get(index).arrive(task.task, now, this::publish);
    }

    private void onMetrics(ServerMetrics metrics, double now) {
        Integer index = serverIndex.get(metrics.getServerId());
        if (index == null) {
            return;
        }
        long recommended =
                Math.max(
                        MIN_HEARTBEAT_MILLIS,
                        Math.min(MAX_HEARTBEAT_MILLIS, metrics.getRecommendedHeartbeatMillis()));
        if (recommended != heartbeatMillis[index]) {
            heartbeatMillis[index] = recommended;
            nextHeartbeatAt[index] =
                    Math.min(
                            nextHeartbeatAt[index],
                            records.lastHeartbeatAt(index) + recommended / 1000.0);
        }
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

    /** A server's lifecycle event: update the task's record and publish it, keyed by server id. */
    private void publish(String serverId, String taskId, TaskEventType type, double at) {
        TaskRecord task = ledger.get(taskId);
        if (task != null) {
            switch (type) {
                case STARTED -> {
                    task.startedAt = at;
                    recordWait(at - task.receivedAt);
                }
                case COMPLETED -> {
                    task.finishedAt = at;
                    task.outcome = TaskRecord.Outcome.COMPLETED;
                    stats.completed.incrementAndGet();
                }
                case ABANDONED -> {
                    task.finishedAt = at;
                    task.outcome = TaskRecord.Outcome.ABANDONED;
                    stats.abandoned.incrementAndGet();
                }
                default -> {}
            }
        }
        TaskEvent event = FleetRecords.event(serverId, taskId, type, clock.epochMillis(at));
        send(Topics.SERVER_EVENTS, serverId, eventCodec.encode(event));
    }

    private void heartbeat(int i, double now, boolean leaving) {
        SimulatedServer server = servers.get(i);
        Heartbeat beat =
                records.heartbeat(
                        i, server, now, clock.epochMillis(now), heartbeatMillis[i], leaving);
        send(Topics.HEARTBEATS, server.id(), heartbeatCodec.encode(beat));
        stats.heartbeats.incrementAndGet();
        nextHeartbeatAt[i] = now + heartbeatMillis[i] / 1000.0;
    }

    private void send(String topic, String key, byte[] value) {
        try {
            producer.send(
                    new ProducerRecord<>(topic, key, value),
                    (meta, error) -> {
                        if (error != null && stats.sendFailures.getAndIncrement() == 0) {
                            LOG.warn("fleet: sending to {} failed: {}", topic, error.toString());
                        }
                    });
        } catch (RuntimeException e) {
            if (stats.sendFailures.getAndIncrement() == 0) {
                LOG.warn("fleet: sending to {} failed: {}", topic, e.toString());
            }
        }
    }

    private void recordWait(double waitSeconds) {
        recentWaits[recentWaitCount++ % RECENT_WAITS] = waitSeconds;
    }

    private void publishRecentP99() {
        int n = Math.min(recentWaitCount, RECENT_WAITS);
        if (n > 0) {
            stats.recentP99WaitSeconds = Percentiles.of(Arrays.copyOf(recentWaits, n)).at(0.99);
        }
    }

    private static Properties producerProperties(FleetConfig config) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, config.bootstrapServers());
        // events and heartbeats are the routers' view of this server: send them at once
        props.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "qrouter-fleet-" + config.runId());
        props.putAll(config.kafka());
        return props;
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

    /** Joins a thread, keeping the caller's interrupt status. */
    private static void join(Thread thread) {
        if (thread == Thread.currentThread()) {
            return;
        }
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
