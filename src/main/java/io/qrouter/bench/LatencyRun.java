package io.qrouter.bench;

import io.qrouter.tools.fleet.VirtualFleet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * Live runs at one fleet size N. The job first: N servers heartbeating with no task (what they cost
 * it), then each rate of the sweep with its tasks and lifecycle events played in real time. Then
 * the bare relay (consume, decode, encode, produce) over the same sweep. Each side has its own
 * topics and its own {@link OutputProbe}.
 */
final class LatencyRun {
    /** Measured tasks whose decision is not back this long after the window are counted lost. */
    private static final Duration DRAIN = Duration.ofSeconds(10);

    private static final int TOP_THREADS = 8;

    record Result(
            int servers, HeartbeatCost idle, List<LatencyPoint> bare, List<LatencyPoint> job) {
        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("servers", servers);
            m.put("heartbeats_only", idle.toJson());
            m.put("bare", bare.stream().map(LatencyPoint::toJson).toList());
            m.put("job", job.stream().map(LatencyPoint::toJson).toList());
            return m;
        }
    }

    private final String bootstrapServers;
    private final PipelineBenchSettings settings;
    private final Consumer<String> say;

    LatencyRun(String bootstrapServers, PipelineBenchSettings settings, Consumer<String> say) {
        this.bootstrapServers = bootstrapServers;
        this.settings = settings;
        this.say = say;
    }

    Result run(int servers) throws Exception {
        int partitions = settings.job().parallelism();
        String name = "lat-n" + servers;
        // the servers among which the bare relay and the Flink floor hash their tasks
        List<String> serverIds = fleet(servers, settings.rates().get(0), "ids").serverIds();
        BenchTopics jobTopics = new BenchTopics(name + "-job").create(bootstrapServers, partitions);
        HeartbeatCost idle;
        List<LatencyPoint> job;
        ThreadCpu baseline = ThreadCpu.now();
        SendTimes times = new SendTimes();
        try (OutputProbe probe =
                new OutputProbe(
                        bootstrapServers,
                        List.of(
                                jobTopics.decisions(),
                                jobTopics.deadLetter(),
                                jobTopics.heartbeatLog()),
                        jobTopics.decisions(),
                        jobTopics.deadLetter(),
                        times,
                        0,
                        null)) {
            BenchJob.Started started =
                    BenchJob.start(
                            bootstrapServers,
                            name + "-job",
                            settings.job(settings.stateBackends().get(0)),
                            jobTopics.jobKeys(),
                            serverIds);
            try (started;
                    WorkloadProducer producer =
                            new WorkloadProducer(bootstrapServers, jobTopics, 0, times);
                    LivePlayer player = new LivePlayer(producer)) {
                ThroughputRun.Check failed = started.job()::failIfEnded;
                idle =
                        heartbeatsOnly(
                                servers, player, producer, probe, jobTopics, baseline, failed);
                job =
                        sweep(
                                new Side(
                                        settings.job().kind().side(),
                                        player,
                                        producer,
                                        times,
                                        probe,
                                        baseline,
                                        failed,
                                        started::checkpointTriggerTimes),
                                servers);
            }
        }
        BenchTopics bareTopics =
                new BenchTopics(name + "-bare").create(bootstrapServers, partitions);
        List<LatencyPoint> bare;
        times.reset();
        ThreadCpu bareBaseline = ThreadCpu.now();
        try (OutputProbe probe =
                        new OutputProbe(
                                bootstrapServers,
                                List.of(bareTopics.decisions()),
                                bareTopics.decisions(),
                                null,
                                times,
                                0,
                                null);
                BarePipe pipe =
                        new BarePipe(
                                        bootstrapServers,
                                        bareTopics,
                                        settings.bare(),
                                        bareTopics.decisions(),
                                        serverIds,
                                        null)
                                .start()) {
            try (WorkloadProducer producer =
                            new WorkloadProducer(bootstrapServers, bareTopics, 0, times);
                    LivePlayer player = new LivePlayer(producer)) {
                bare =
                        sweep(
                                new Side(
                                        "bare",
                                        player,
                                        producer,
                                        times,
                                        probe,
                                        bareBaseline,
                                        pipe::failIfFailed,
                                        null),
                                servers);
            }
        }
        return new Result(servers, idle, bare, job);
    }

    /**
     * N servers beating once a second, no task: the job's threads' CPU over the window, and whether
     * it kept up.
     */
    private HeartbeatCost heartbeatsOnly(
            int servers,
            LivePlayer player,
            WorkloadProducer producer,
            OutputProbe probe,
            BenchTopics topics,
            ThreadCpu baseline,
            ThroughputRun.Check failed)
            throws Exception {
        VirtualFleet fleet = fleet(servers, settings.rates().get(0), "idle");
        fleet.taskArrivals(false);
        player.play(fleet);
        // every server's first heartbeat creates its state: leave that out of the steady cost
        sleep(Math.min(5_000, Math.max(1_000, settings.idle().toMillis() / 2)), failed, player);
        ThreadCpu from = ThreadCpu.now();
        long beatsBefore = producer.heartbeats();
        long start = System.nanoTime();
        sleep(settings.idle().toMillis(), failed, player);
        ThreadCpu to = ThreadCpu.now();
        double seconds = (System.nanoTime() - start) / 1e9;
        long beats = producer.heartbeats() - beatsBefore;
        long charged = to.chargedSince(from, baseline);
        long lagging = awaitHeartbeatLog(producer, probe, topics, failed);
        say.accept(
                String.format(
                        Locale.ROOT,
                        "  N=%d heartbeats only: %d heartbeats in %.1f s, job %.3f cores%s",
                        servers,
                        beats,
                        seconds,
                        charged / 1e9 / seconds,
                        lagging == 0 ? "" : ", " + lagging + " lagging"));
        return new HeartbeatCost(
                servers,
                seconds,
                beats,
                charged / 1e9 / seconds,
                beats == 0 ? Double.NaN : charged / 1e3 / beats,
                lagging,
                to.topCharged(from, baseline, TOP_THREADS));
    }

    /**
     * Heartbeats sent and not (yet) in the heartbeat log, once it caught up or {@link #DRAIN}
     * passed.
     */
    private long awaitHeartbeatLog(
            WorkloadProducer producer,
            OutputProbe probe,
            BenchTopics topics,
            ThroughputRun.Check failed)
            throws Exception {
        long sent = producer.heartbeats();
        long deadline = System.nanoTime() + DRAIN.toNanos();
        while (probe.count(topics.heartbeatLog()) < sent && System.nanoTime() < deadline) {
            failed.check();
            Thread.sleep(50);
        }
        return Math.max(0, sent - probe.count(topics.heartbeatLog()));
    }

    /**
     * Plays the sweep's highest rate, unmeasured, until the JIT is quiet ({@link JitActivity}) or
     * {@code --preroll} has passed. On two cores C2 compiles the broker's, Flink's and the job's
     * code for a minute or more, taking up to a core meanwhile: a point measured then measures the
     * compiler, and the side measured first (the job) would pay for it more than the other.
     */
    private void preroll(String side, int servers, LivePlayer player, ThroughputRun.Check failed)
            throws Exception {
        if (settings.preroll().isZero()) {
            return;
        }
        double rate =
                settings.rates().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        player.play(fleet(servers, rate, side + "-preroll"));
        long start = System.nanoTime();
        boolean quiet =
                JitActivity.untilQuiet(
                                settings.preroll(),
                                (step, left) ->
                                        sleep(
                                                Math.min(
                                                        JitActivity.WINDOW.toMillis(),
                                                        left.toMillis()),
                                                failed,
                                                player))
                        .quiet();
        say.accept(
                String.format(
                        Locale.ROOT,
                        "  N=%d %s: pre-roll at %.0f tasks/s for %.0f s, %s (not measured)",
                        servers,
                        side,
                        rate,
                        (System.nanoTime() - start) / 1e9,
                        quiet ? "until the JIT was quiet" : "JIT still compiling at its end"));
    }

    /**
     * What one side's points share: its drivers and probe, the CPU baseline it is charged from, its
     * liveness check, and the job's checkpoint trigger times (epoch ms, ascending, for {@link
     * CheckpointTail}; null for the bare relay, which has no checkpoints).
     */
    private record Side(
            String name,
            LivePlayer player,
            WorkloadProducer producer,
            SendTimes times,
            OutputProbe probe,
            ThreadCpu baseline,
            ThroughputRun.Check failed,
            Callable<List<Long>> checkpointTriggers) {}

    /** One side's sweep: the pre-roll, then a point at each rate in turn. */
    private List<LatencyPoint> sweep(Side side, int servers) throws Exception {
        preroll(side.name(), servers, side.player(), side.failed());
        List<LatencyPoint> points = new ArrayList<>();
        for (double rate : settings.rates()) {
            points.add(point(side, servers, rate));
        }
        return points;
    }

    /** One side at one rate: warm-up, the measured window, the drain. */
    private LatencyPoint point(Side side, int servers, double rate) throws Exception {
        side.player().play(fleet(servers, rate, side.name()));
        sleep(settings.warmup().toMillis(), side.failed(), side.player());
        side.times().reset();
        side.probe().takeLatencies();
        side.times().recording(true);
        ThreadCpu from = ThreadCpu.now();
        GcPauses gcFrom = GcPauses.now();
        long start = System.nanoTime();
        sleep(settings.measure().toMillis(), side.failed(), side.player());
        ThreadCpu to = ThreadCpu.now();
        GcPauses gcTo = GcPauses.now();
        double seconds = (System.nanoTime() - start) / 1e9;
        side.times().recording(false);
        side.player().stopTasks();
        long deadline = System.nanoTime() + DRAIN.toNanos();
        while (side.times().outstanding() > 0 && System.nanoTime() < deadline) {
            side.failed().check();
            Thread.sleep(20);
        }
        side.probe().failIfFailed();
        OutputProbe.Latencies latencies = side.probe().takeLatencies();
        CheckpointTail tail =
                side.checkpointTriggers() == null
                        ? null
                        : CheckpointTail.of(latencies.receipts(), side.checkpointTriggers().call());
        LatencyPoint p =
                LatencyPoint.of(
                        side.name(),
                        servers,
                        rate,
                        side.times().recorded(),
                        side.times().outstanding(),
                        latencies.micros(),
                        latencies.legs(),
                        new LatencyPoint.Cpu(
                                to.chargedSince(from, side.baseline()) / 1e9 / seconds,
                                to.processSince(from) / 1e9 / seconds,
                                to.topCharged(from, side.baseline(), TOP_THREADS)),
                        gcTo.since(gcFrom, seconds),
                        tail);
        say.accept(
                String.format(
                        Locale.ROOT,
                        "  N=%d %s at %.0f tasks/s: p50 %.1f ms, p99 %.1f ms, p99.9 %.1f ms"
                                + " (%d tasks%s); GC paused the JVM %s",
                        servers,
                        side.name(),
                        rate,
                        p.p50Millis(),
                        p.p99Millis(),
                        p.p999Millis(),
                        p.sent(),
                        p.lost() == 0 ? "" : ", " + p.lost() + " lost",
                        p.gc().describe()));
        if (tail != null && tail.checkpoints() > 0) {
            say.accept(
                    String.format(
                            Locale.ROOT,
                            "    within %d ms after a checkpoint trigger (%d checkpoints, %.0f %% of"
                                    + " the time): %d tasks, p99 %.1f ms; the rest: %d tasks, p99"
                                    + " %.1f ms",
                            CheckpointTail.WINDOW_MILLIS,
                            tail.checkpoints(),
                            100 * tail.windowShare(),
                            tail.tasksInWindows(),
                            tail.p99InWindowsMillis(),
                            tail.tasksOutside(),
                            tail.p99OutsideMillis()));
        }
        return p;
    }

    /** The live fleet of one point: the same seed for both sides, so they see the same workload. */
    private VirtualFleet fleet(int servers, double rate, String label) {
        return new VirtualFleet(
                new VirtualFleet.Settings(
                        servers,
                        rate,
                        settings.load(),
                        0.5,
                        2.0,
                        1000,
                        settings.seed(),
                        "lat" + servers + "-" + label + "-" + Math.round(rate)),
                System.currentTimeMillis());
    }

    /** Sleeps, checking every 200 ms that the side and the player are still alive. */
    private static void sleep(long millis, ThroughputRun.Check failed, LivePlayer player)
            throws Exception {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            Thread.sleep(Math.max(1, Math.min(200, (end - System.nanoTime()) / 1_000_000)));
            failed.check();
            player.failIfFailed();
        }
    }
}
