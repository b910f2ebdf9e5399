package io.qrouter.tools.fleet;

import io.qrouter.avro.TaskEventType;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.convert.ServerSignature;
import io.qrouter.tools.sim.Slowdowns;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running fleet: one thread produces tasks ({@link TaskSource}), one event loop owns every
 * simulated server. The loop takes in the job's outputs ({@link FleetInput} reads them, {@link
 * DecisionIntake} hands each decision to its server), plays the servers' completions and
 * abandonments on time, records each task's outcome, and publishes lifecycle events and heartbeats
 * ({@link FleetOutput}, {@link FleetHeartbeats}). Everything the loop needs happens on its thread,
 * so the servers need no locks. The loop also watches for a stalled router ({@link StallWatch}):
 * its alerts wait in {@link #takeAlerts} for whoever shows progress.
 */
public final class Fleet implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Fleet.class);

    private static final long MAX_POLL_MILLIS = 50;
    private static final int RECENT_WAITS = 2048;

    private final FleetConfig config;
    private final FleetClock clock = new FleetClock();
    private final FleetStats stats = new FleetStats();
    private final Map<String, TaskRecord> ledger = new ConcurrentHashMap<>();
    private final FleetServers servers;
    private final FleetSeries series;
    private final double[] recentWaits = new double[RECENT_WAITS];
    private int recentWaitCount;
    private final StallWatch stallWatch;
    private final Queue<String> alerts = new ConcurrentLinkedQueue<>();
    private volatile boolean stalled;

    private final FleetOutput output;
    private final FleetHeartbeats heartbeats;
    private final FleetInput input;
    private final DecisionIntake intake;
    private final TaskSource source;
    private final Thread sourceThread;
    private final Thread loopThread;
    private final CountDownLatch assigned = new CountDownLatch(1);
    private volatile boolean running = true;
    private volatile Throwable loopFailure;
    private volatile double producingStoppedAt = Double.NaN;
    private boolean closed;

    private Fleet(FleetConfig config, ServerSignature signing) {
        this.config = config;
        SplittableRandom workload = new SplittableRandom(config.seed());
        SplittableRandom rates = workload.split();
        SplittableRandom foreignWork = workload.split();
        SplittableRandom tasks = workload.split();
        SplittableRandom failures = workload.split();
        // split last, so the servers' kinds change none of the draws above
        SplittableRandom kinds = workload.split();
        ServerModel model = config.serverModel();
        int[] slots = model.slotMix().assign(config.servers(), kinds.split());
        Slowdowns slowdowns = model.antagonistSpec().schedule(config.servers(), kinds.split());
        double[] mu = serviceRates(slots, config.muSpread(), config.capacityPerSecond(), rates);
        List<String> ids = FleetServers.numberedIds(config.servers());
        double[] failShare = new double[ids.size()];
        SplittableRandom[] failureDraws = new SplittableRandom[ids.size()];
        for (int i = 0; i < ids.size(); i++) {
            failShare[i] = config.failing().shareOf(ids.get(i));
            failureDraws[i] = failShare[i] > 0 ? failures.split() : null;
        }
        this.servers =
                new FleetServers(ids, mu, slots, slowdowns, failShare, failureDraws, this::publish);
        this.series = new FleetSeries(config.servers());
        this.stallWatch = new StallWatch(config.stallAfterSeconds());
        this.output = new FleetOutput(config, clock, stats, signing);
        this.heartbeats =
                new FleetHeartbeats(
                        servers, config.defaultHeartbeatMillis(), clock, output::heartbeat);
        this.intake =
                new DecisionIntake(
                        config, clock, stats, ledger, servers, series, heartbeats, foreignWork);
        this.input = new FleetInput(config, clock, intake);
        this.source = new TaskSource(config, clock, output, ledger, tasks);
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
        return start(config, null);
    }

    /**
     * As {@link #start(FleetConfig)}, each server signing its heartbeats and events with its key
     * from {@code signing} (null: unsigned), as under {@code server.admission=signed}.
     */
    public static Fleet start(FleetConfig config, ServerSignature signing) {
        Fleet fleet = new Fleet(config, signing);
        fleet.loopThread.start();
        try {
            if (!fleet.assigned.await(60, TimeUnit.SECONDS)) {
                fleet.close();
                throw new IllegalStateException(
                        "fleet: no partition of '"
                                + TopicNames.DECISIONS
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
     * Service rates per slot mu_i: uniform in [1 − spread, 1 + spread] times the mean, rescaled so
     * that the capacity sum(slots_i · mu_i) is exactly {@code capacityPerSecond}.
     */
    static double[] serviceRates(
            int[] slots, double muSpread, double capacityPerSecond, SplittableRandom random) {
        double[] mu = new double[slots.length];
        double sum = 0;
        for (int i = 0; i < mu.length; i++) {
            mu[i] = 1 + muSpread * (2 * random.nextDouble() - 1);
            sum += slots[i] * mu[i];
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
     * One line for a terminal: sent, decided, completed, abandoned (failed and rejected, once any
     * is), p99 wait, servers alive, idle-queue hits.
     */
    public String statusLine() {
        FleetStats s = stats();
        double p99 = s.recentP99WaitSeconds();
        return String.format(
                java.util.Locale.ROOT,
                "%5.0fs  sent %d  decided %d  completed %d  abandoned %d%s  p99 wait %s  alive %d/%d  idle-queue %d%s",
                clock.seconds(),
                s.sent(),
                s.decided(),
                s.completed(),
                s.abandoned(),
                (s.failed() > 0 ? "  failed " + s.failed() : "")
                        + (s.rejected() > 0 ? "  rejected " + s.rejected() : ""),
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
        output.flush();
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
            input.wakeup();
            join(loopThread);
            output.close();
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
            input.subscribe();
            double now = clock.seconds();
            heartbeats.all(now, false);
            double nextSample = Math.floor(now) + 1;
            while (running) {
                now = clock.seconds();
                double next = Math.min(nextSample, nextServerEvent());
                long waitMillis =
                        Math.max(
                                0,
                                Math.min(MAX_POLL_MILLIS, (long) Math.ceil((next - now) * 1000)));
                input.poll(waitMillis);
                if (assigned.getCount() > 0 && input.assigned()) {
                    assigned.countDown();
                }
                now = clock.seconds();
                servers.advance(now);
                heartbeats.due(now);
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
            heartbeats.all(clock.seconds(), true);
            assigned.countDown();
            input.close();
        }
    }

    private void watchForStalls(double now) {
        String alert = stallWatch.check(now, intake.lastDecisionAt(), stats.undecided());
        if (alert != null) {
            LOG.warn("fleet: {}", alert);
            alerts.add(alert);
        }
        stalled = stallWatch.stalled();
    }

    private double nextServerEvent() {
        double next = servers.nextEventAt();
        for (int i = 0; i < servers.size(); i++) {
            next = Math.min(next, heartbeats.nextAt(i));
        }
        return next;
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
                case FAILED -> {
                    task.finishedAt = at;
                    task.outcome = TaskRecord.Outcome.FAILED;
                    stats.failed.incrementAndGet();
                }
                default -> {}
            }
        }
        output.event(serverId, taskId, type, at);
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
