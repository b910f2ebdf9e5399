package io.qrouter.bench;

import io.qrouter.avro.SlotAssignment;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.tools.fleet.VirtualFleet;
import io.qrouter.tools.report.Progress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Throughput at one fleet size N: a workload made by the fleet's own code (tasks, their lifecycle
 * events, every server's heartbeat once a second) is preloaded, then read by the bare pipe and by
 * the job (once per state backend), each to its own output topics, each measured by the same {@link
 * OutputProbe}.
 */
final class ThroughputRun {
    /**
     * The job must not mark servers down while it races through event time faster than the
     * heartbeats came.
     */
    private static final String NEVER_DOWN_MS = "86400000";

    /** Tasks read before the first heartbeat wait for a server instead of becoming dead letters. */
    private static final String LARGE_BUFFER = "10000000";

    private static final int TOP_THREADS = 8;

    /** Measured drains per side, of which the median counts ({@link SideThroughput#median}). */
    static final int MEASURED_ROUNDS = 3;

    /**
     * @param tasks tasks preloaded (the workload's and one tail task per partition)
     * @param events lifecycle events preloaded with the tasks
     * @param heartbeats heartbeats preloaded with the tasks
     */
    record Result(
            int servers,
            long tasks,
            long events,
            long heartbeats,
            int warmupRounds,
            SideThroughput bare,
            List<SideThroughput> job,
            SideThroughput floor) {
        /** Input records the job reads per task: the task, its lifecycle events, heartbeats. */
        double recordsPerTask() {
            return (double) (tasks + events + heartbeats) / tasks;
        }

        /** The bare pipe, the job with each backend, and the floor if measured. */
        List<SideThroughput> sides() {
            List<SideThroughput> all = new ArrayList<>();
            all.add(bare);
            all.addAll(job);
            if (floor != null) {
                all.add(floor);
            }
            return all;
        }

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("servers", servers);
            m.put("warmup_rounds", warmupRounds);
            m.put("tasks", tasks);
            m.put("lifecycle_events", events);
            m.put("heartbeats", heartbeats);
            m.put("bare", bare.toJson());
            m.put("job", job.stream().map(SideThroughput::toJson).toList());
            if (floor != null) {
                m.put("floor", floor.toJson());
            }
            return m;
        }
    }

    private final String bootstrapServers;
    private final PipelineBenchSettings settings;
    private final boolean progress;
    private final Consumer<String> say;

    ThroughputRun(
            String bootstrapServers,
            PipelineBenchSettings settings,
            boolean progress,
            Consumer<String> say) {
        this.bootstrapServers = bootstrapServers;
        this.settings = settings;
        this.progress = progress;
        this.say = say;
    }

    Result run(int servers) throws Exception {
        int partitions = settings.job().parallelism();
        String name = "thr-n" + servers;
        BenchTopics inputs = new BenchTopics(name).create(bootstrapServers, partitions);
        long tasks = settings.tasksAt(servers);
        VirtualFleet fleet = fleet(servers, tasks);
        Preloaded preloaded = preload(inputs, fleet, partitions, tasks);
        Workload workload = new Workload(inputs, fleet, preloaded, partitions);
        int warmupRounds = warmUp(name, workload);
        List<Round> measured = new ArrayList<>();
        for (int i = 1; i <= MEASURED_ROUNDS; i++) {
            measured.add(round(name + "-m" + i, workload));
        }
        List<SideThroughput> job = new ArrayList<>();
        for (int backend = 0; backend < settings.stateBackends().size(); backend++) {
            int b = backend;
            job.add(SideThroughput.median(measured.stream().map(r -> r.job().get(b)).toList()));
        }
        return new Result(
                servers,
                preloaded.tasks(),
                preloaded.events(),
                preloaded.heartbeats(),
                warmupRounds,
                SideThroughput.median(measured.stream().map(Round::bare).toList()),
                job,
                settings.measuresFloor()
                        ? SideThroughput.median(measured.stream().map(Round::floor).toList())
                        : null);
    }

    /**
     * Drains the preloaded workload, unmeasured, with the bare pipe and then the job (each state
     * backend), round after round until the JIT is quiet ({@link JitActivity}) or {@code --preroll}
     * has passed; returns the rounds run. A first drain measures the compiler as much as the code:
     * on two cores C2 compiles the broker's, Flink's and the job's code for a minute or more, and
     * the job, with more code to compile than the bare pipe, pays more for it. A router runs for
     * days; its throughput is the compiled one (the first drain's figures are printed, and the time
     * to first decision is measured on the measured run as on a fresh job).
     */
    private int warmUp(String name, Workload workload) throws Exception {
        if (settings.preroll().isZero()) {
            return 0;
        }
        JitActivity.WarmUp warmUp =
                JitActivity.untilQuiet(
                        settings.preroll(), (round, left) -> warmUpRound(name, workload, round));
        say.accept(
                String.format(
                        Locale.ROOT,
                        "  N=%d warm-up: %d rounds, %s",
                        workload.fleet().serverCount(),
                        warmUp.steps(),
                        warmUp.quiet()
                                ? "until the JIT was quiet"
                                : "JIT still compiling at its end"));
        return warmUp.steps();
    }

    /** One unmeasured drain by each side; its figures are printed, as a cold start's are useful. */
    private void warmUpRound(String name, Workload workload, int number) throws Exception {
        Round round = round(name + "-warm" + number, workload);
        StringBuilder figures =
                new StringBuilder(
                        String.format(Locale.ROOT, "bare %,.0f", round.bare().tasksPerSecond()));
        for (SideThroughput job : round.flinkJobs()) {
            figures.append(
                    String.format(Locale.ROOT, ", %s %,.0f", job.side(), job.tasksPerSecond()));
        }
        say.accept(
                String.format(
                        Locale.ROOT,
                        "  N=%d warm-up round %d (not measured): %s tasks/s",
                        workload.fleet().serverCount(),
                        number,
                        figures));
    }

    /** The preloaded input topics, the fleet that made them, and what they hold. */
    private record Workload(
            BenchTopics inputs, VirtualFleet fleet, Preloaded preloaded, int partitions) {}

    /**
     * One drain of the preloaded workload by the bare pipe, then by the job with each backend, then
     * by the Flink floor (null when not measured).
     */
    private record Round(SideThroughput bare, List<SideThroughput> job, SideThroughput floor) {
        List<SideThroughput> flinkJobs() {
            List<SideThroughput> all = new ArrayList<>(job);
            if (floor != null) {
                all.add(floor);
            }
            return all;
        }
    }

    /**
     * Drains the preloaded workload with each side in turn, into output topics named {@code
     * name-*}.
     */
    private Round round(String name, Workload w) throws Exception {
        SideThroughput bare =
                bare(
                        w.inputs(),
                        new BenchTopics(name + "-bare").create(bootstrapServers, w.partitions()),
                        w.fleet().serverIds(),
                        w.preloaded());
        List<SideThroughput> job = new ArrayList<>();
        for (String backend : settings.stateBackends()) {
            job.add(
                    job(
                            w.inputs(),
                            new BenchTopics(name + "-" + backend)
                                    .create(bootstrapServers, w.partitions()),
                            name + "-" + backend,
                            settings.job(backend),
                            w.preloaded(),
                            w.fleet().serverIds()));
        }
        SideThroughput floor = null;
        if (settings.measuresFloor()) {
            JobSettings floorJob = settings.floorJob();
            floor =
                    job(
                            w.inputs(),
                            new BenchTopics(name + "-floor")
                                    .create(bootstrapServers, w.partitions()),
                            name + "-floor",
                            floorJob,
                            w.preloaded(),
                            w.fleet().serverIds());
        }
        return new Round(bare, job, floor);
    }

    /**
     * What was preloaded, and the DSRS slot of the last workload task: its assignment comes out
     * only when every source of the job has read past it (the tail behind it moves each source's
     * watermark beyond the slot), so it marks the end of the whole workload, lifecycle events and
     * heartbeats included, not only of the tasks.
     */
    private record Preloaded(long tasks, long events, long heartbeats, long lastSlot) {}

    /** The workload lies in the past (a backlog to catch up with): event times end about now. */
    private VirtualFleet fleet(int servers, long tasks) {
        double spanSeconds = tasks / settings.workloadRatePerSecond();
        return new VirtualFleet(
                new VirtualFleet.Settings(
                        servers,
                        settings.workloadRatePerSecond(),
                        settings.load(),
                        0.5,
                        2.0,
                        1000,
                        settings.seed(),
                        "thr" + servers),
                System.currentTimeMillis() - Math.round(spanSeconds * 1000) - 1000);
    }

    /**
     * The workload, then one tail record per partition and input topic well after it (see {@link
     * Preloaded}).
     */
    private Preloaded preload(BenchTopics inputs, VirtualFleet fleet, int partitions, long tasks) {
        try (WorkloadProducer producer = new WorkloadProducer(bootstrapServers, inputs, 20, null);
                Progress bar =
                        new Progress(
                                "  N=" + fleet.serverCount() + " preloading", tasks, progress)) {
            long step = Math.max(1, tasks / 100);
            while (fleet.tasksCreated() < tasks) {
                fleet.emitTasks(Math.min(tasks, fleet.tasksCreated() + step), producer);
                bar.update(
                        fleet.tasksCreated(),
                        producer.events() + " events, " + producer.heartbeats() + " heartbeats");
            }
            long lastTaskMillis = fleet.epochMillis(fleet.now());
            JobConfig job = JobConfig.of(settings.job().overrides());
            long slotMillis = job.getLong(ConfigKey.DSRS_SLOT_MS);
            producer.tail(
                    partitions,
                    lastTaskMillis
                            + job.getLong(ConfigKey.WATERMARK_OUT_OF_ORDERNESS_MS)
                            + 2 * slotMillis
                            + 1000);
            producer.flush();
            return new Preloaded(
                    producer.tasks(),
                    producer.events(),
                    producer.heartbeats(),
                    Math.floorDiv(lastTaskMillis, slotMillis));
        }
    }

    /**
     * The bare pipe's drain. Reading the whole workload, it is done when it has read every input to
     * its end, which it marks as the job's DSRS step would (the decisions alone come out before the
     * events behind them are read).
     */
    private SideThroughput bare(
            BenchTopics inputs, BenchTopics outputs, List<String> serverIds, Preloaded preloaded)
            throws Exception {
        boolean whole = settings.bare() == BareReads.WORKLOAD;
        LastSlotAssigned end =
                new LastSlotAssigned(outputs.dsrsAssignments(), preloaded.lastSlot());
        ThreadCpu baseline = ThreadCpu.now();
        long start = System.nanoTime();
        try (OutputProbe probe =
                        new OutputProbe(
                                bootstrapServers,
                                whole
                                        ? List.of(outputs.decisions(), end.topic())
                                        : List.of(outputs.decisions()),
                                outputs.decisions(),
                                null,
                                null,
                                preloaded.tasks(),
                                whole ? end : null);
                BarePipe pipe =
                        new BarePipe(
                                        bootstrapServers,
                                        inputs,
                                        settings.bare(),
                                        outputs.decisions(),
                                        serverIds,
                                        whole ? end.endOfInput() : null)
                                .start()) {
            await(probe, outputs, preloaded.tasks(), "bare pipe", pipe::failIfFailed);
            return measured(settings.bare().side(), probe, preloaded.tasks(), baseline, start);
        }
    }

    private SideThroughput job(
            BenchTopics inputs,
            BenchTopics outputs,
            String runName,
            JobSettings jobSettings,
            Preloaded preloaded,
            List<String> serverIds)
            throws Exception {
        String side = jobSettings.kind().side() + "/" + jobSettings.stateBackend();
        Map<String, String> keys = BenchTopics.jobKeys(inputs, outputs);
        keys.put(ConfigKey.SERVER_DOWN_TIMEOUT_MS.key(), NEVER_DOWN_MS);
        keys.put(ConfigKey.ROUTER_BUFFER_CAPACITY.key(), LARGE_BUFFER);
        // a source held back by a slower operator must not be declared idle: the end marker relies
        // on watermarks
        keys.put(ConfigKey.WATERMARK_IDLENESS_MS.key(), "0");
        ThreadCpu baseline = ThreadCpu.now();
        OutputProbe.EndMarker lastSlotAssigned =
                new LastSlotAssigned(outputs.dsrsAssignments(), preloaded.lastSlot());
        try (OutputProbe probe =
                new OutputProbe(
                        bootstrapServers,
                        List.of(
                                outputs.decisions(),
                                outputs.deadLetter(),
                                outputs.dsrsAssignments(),
                                outputs.heartbeatLog()),
                        outputs.decisions(),
                        outputs.deadLetter(),
                        null,
                        preloaded.tasks(),
                        lastSlotAssigned)) {
            BenchJob.Started started =
                    BenchJob.start(bootstrapServers, runName, jobSettings, keys, serverIds);
            try (started) {
                await(probe, outputs, preloaded.tasks(), side, started.job()::failIfEnded);
                return measured(side, probe, preloaded.tasks(), baseline, started.submittedNanos());
            }
        }
    }

    /** The DSRS assignment of a slot (or a later one): the job has read its whole workload. */
    private record LastSlotAssigned(String topic, long slot) implements OutputProbe.EndMarker {
        private static final AvroCodec<SlotAssignment> CODEC = AvroCodec.of(SlotAssignment.class);

        @Override
        public boolean matches(byte[] value) {
            return CODEC.decode(value).getSlot() >= slot;
        }

        /** The bare pipe's marker of its end (the slot's bounds unknown to it, and unread). */
        BarePipe.EndOfInput endOfInput() {
            return new BarePipe.EndOfInput(
                    topic, CODEC.encode(ClosedSlots.marker(slot, Instant.EPOCH, Instant.EPOCH)));
        }
    }

    /**
     * Checks for failures, shows progress, and gives up when nothing moves (no decision, no
     * heartbeat logged) for two minutes.
     */
    private void await(
            OutputProbe probe, BenchTopics outputs, long tasks, String what, Check failed)
            throws Exception {
        long lastCount = -1;
        long lastMove = System.nanoTime();
        long lastCheck = 0;
        try (Progress bar = new Progress("  " + what, tasks, progress)) {
            while (!probe.reachedTarget()) {
                long count = probe.decisions() + probe.count(outputs.heartbeatLog());
                if (count != lastCount) {
                    lastCount = count;
                    lastMove = System.nanoTime();
                } else if (System.nanoTime() - lastMove > 120e9) {
                    throw new IllegalStateException(
                            what
                                    + ": nothing done for 120 s after "
                                    + probe.decisions()
                                    + " of "
                                    + tasks
                                    + " decisions");
                }
                if (System.nanoTime() - lastCheck > 1e9) {
                    failed.check();
                    lastCheck = System.nanoTime();
                }
                bar.update(
                        probe.decisions(),
                        probe.count(outputs.heartbeatLog()) + " heartbeats logged");
                Thread.sleep(50);
            }
        }
        say.accept(
                String.format(
                        java.util.Locale.ROOT, "  %s: %d tasks decided", what, probe.decisions()));
    }

    private SideThroughput measured(
            String side, OutputProbe probe, long tasks, ThreadCpu baseline, long startNanos) {
        long counted = tasks - probe.decisionsInFirstBatch();
        double seconds = (probe.targetNanos() - probe.firstDecisionNanos()) / 1e9;
        double perTask = Math.max(1, counted);
        ThreadCpu first = probe.cpuAtFirstDecision();
        ThreadCpu last = probe.cpuAtTarget();
        JvmThreadsCpu jvm = last.jvmSince(first);
        return new SideThroughput(
                side,
                tasks,
                probe.count(probe.deadLetterTopic()),
                (probe.firstDecisionNanos() - startNanos) / 1e9,
                seconds > 0 ? counted / seconds : Double.NaN,
                tasks / ((probe.targetNanos() - startNanos) / 1e9),
                last.chargedSince(first, baseline) / 1e3 / perTask,
                last.processSince(first) / 1e3 / perTask,
                jvm == null ? Double.NaN : jvm.jitNanos() / 1e3 / perTask,
                jvm == null ? Double.NaN : jvm.gcNanos() / 1e3 / perTask,
                last.topCharged(first, baseline, TOP_THREADS),
                List.of());
    }

    /** A failure check that may throw (the job's status, the pipe's thread). */
    @FunctionalInterface
    interface Check {
        void check() throws Exception;
    }
}
