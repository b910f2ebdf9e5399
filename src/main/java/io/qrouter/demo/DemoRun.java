package io.qrouter.demo;

import io.qrouter.fleet.DecisionAudit;
import io.qrouter.fleet.DigitalTwin;
import io.qrouter.fleet.DsrsAssignmentsReader;
import io.qrouter.fleet.Fleet;
import io.qrouter.fleet.FleetConfig;
import io.qrouter.fleet.FleetResult;
import io.qrouter.fleet.TaskTimeline;
import io.qrouter.io.EmbeddedKafka;
import io.qrouter.io.TempDirectories;
import io.qrouter.job.JobConfig;
import io.qrouter.job.OperatorSettings;
import io.qrouter.job.QrouterJob;
import io.qrouter.job.RoutingSettings;
import io.qrouter.policy.AdaptiveHeartbeat;
import io.qrouter.policy.PolicyName;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.configuration.BlobServerOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One demo run: broker, job, fleet; produce for the duration; drain; stop everything in reverse order. Every file
 * the run writes (broker logs, checkpoints, Flink's temp and blob directories) lives under one temp directory that
 * is deleted at the end, even after a failure or Ctrl-C.
 */
public final class DemoRun {
    private static final Duration JOB_START_TIMEOUT = Duration.ofSeconds(90);

    private final DemoSettings settings;
    private final Consumer<String> say;
    /** Timed control commands ({@code demo --control}), or null. */
    private ControlScript controlScript;
    /** The job's control secret: random per run, known only to the job and the script. */
    private final String controlSecret = ControlScript.randomSecret();

    /** @param say where progress messages go (one line each) */
    public DemoRun(DemoSettings settings, Consumer<String> say) {
        this.settings = settings;
        this.say = say;
    }

    /** What the run produced, plus the facts the report adds to report.json (the digital twin's among them). */
    /** Sends {@code script}'s commands to the job while the fleet runs. */
    public DemoRun withControlScript(ControlScript script) {
        this.controlScript = script;
        return this;
    }

    public record Outcome(FleetResult result, Map<String, Object> facts) {}

    /**
     * Runs to the end of the duration, or until {@code stopRequested} turns true (Ctrl-C); {@code status} receives
     * the live status line twice a second.
     */
    public Outcome run(BooleanSupplier stopRequested, Consumer<String> status) throws Exception {
        Path root = TempDirectories.create("qrouter-demo-");
        try (EmbeddedKafka kafka = startKafka()) {
            int webPort = freePort();
            JobConfig jobConfig = jobConfig(kafka.bootstrapServers(), root);
            JobClient job = startJob(jobConfig, root, webPort);
            Map<String, Object> facts = new LinkedHashMap<>();
            facts.put("policy", settings.policy());
            facts.put("checkpoint_interval_ms", settings.checkpointInterval().toMillis());
            facts.put("parallelism", settings.parallelism());
            facts.put("delivery_guarantee", settings.deliveryGuarantee());
            facts.put("duration_seconds", settings.duration().toMillis() / 1000.0);
            facts.put("flink_web_ui", "http://localhost:" + webPort);
            try {
                awaitRunning(job, stopRequested);
                say.accept("job running (policy " + settings.policy() + "); starting the fleet: "
                        + settings.fleet().servers() + " servers, " + fmt(settings.fleet().ratePerSecond())
                        + " tasks/s, load " + fmt(settings.fleet().load()));
                FleetConfig fleetConfig = withBootstrap(settings.fleet(), kafka.bootstrapServers());
                Fleet fleet = Fleet.start(fleetConfig);
                FleetResult result;
                try (AutoCloseable control = controlScript == null ? null
                        : controlScript.start(jobConfig.kafkaProperties(), controlSecret, say)) {
                    long end = System.nanoTime() + settings.duration().toNanos();
                    while (System.nanoTime() < end && !stopRequested.getAsBoolean()) {
                        status.accept(fleet.statusLine());
                        failIfJobEnded(job);
                        TimeUnit.MILLISECONDS.sleep(Math.min(500, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
                    }
                    fleet.stopProducing();
                    facts.put("stopped_by_user", stopRequested.getAsBoolean());
                    if (!stopRequested.getAsBoolean()) {
                        long drainEnd = System.nanoTime() + settings.drainTimeout().toNanos();
                        while (fleet.stats().undecided() > 0 && System.nanoTime() < drainEnd
                                && !stopRequested.getAsBoolean()) {
                            status.accept(fleet.statusLine() + "  draining " + fleet.stats().undecided());
                            failIfJobEnded(job);
                            TimeUnit.MILLISECONDS.sleep(200);
                        }
                    }
                    status.accept(fleet.statusLine());
                } finally {
                    result = fleet.stop();
                }
                // while the broker and the job still run: the slots of the report's DSRS section
                result = result.withDsrsSlots(DsrsAssignmentsReader.read(fleetConfig, result.startEpochMillis()));
                facts.put("audit", DecisionAudit.read(fleetConfig, result.timelines().stream()
                        .map(TaskTimeline::taskId).collect(Collectors.toSet()), result.startEpochMillis()).toJson());
                facts.put("twin", twin(result, jobConfig));
                return new Outcome(result, facts);
            } finally {
                cancel(job);
            }
        } finally {
            TempDirectories.delete(root);
        }
    }

    private EmbeddedKafka startKafka() {
        long t0 = System.nanoTime();
        EmbeddedKafka kafka = EmbeddedKafka.start();
        try {
            kafka.createTopics(settings.parallelism());
        } catch (RuntimeException e) {
            kafka.close();
            throw e;
        }
        say.accept(String.format(java.util.Locale.ROOT, "Kafka broker (KRaft, in-process) at %s, topics created in %.1f s",
                kafka.bootstrapServers(), (System.nanoTime() - t0) / 1e9));
        return kafka;
    }

    /**
     * The digital twin of the run: the simulator replays its tasks with the job's policy, router count, heartbeat and
     * estimator settings, and the delays the run showed.
     */
    private Map<String, Object> twin(FleetResult result, JobConfig jobConfig) {
        if (OperatorSettings.gaBatch(jobConfig)) {
            return null; // the simulator routes task by task: it has no model of GA batches
        }
        RoutingSettings routing = OperatorSettings.routing(jobConfig);
        DigitalTwin.JobModel model = new DigitalTwin.JobModel(PolicyName.parse(settings.policy()),
                settings.parallelism(),
                new AdaptiveHeartbeat(routing.getHeartbeatMinMillis(), routing.getHeartbeatMaxMillis()),
                routing.estimatorConfig(), routing.loadIndexTimeUnitSeconds());
        return DigitalTwin.predict(result, model, settings.fleet().seed());
    }

    private JobConfig jobConfig(String bootstrap, Path root) {
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("kafka.bootstrap.servers", bootstrap);
        keys.put("router.policy", settings.policy());
        keys.put("checkpoint.interval.ms", Long.toString(settings.checkpointInterval().toMillis()));
        keys.put("checkpoint.dir", root.resolve("checkpoints").toUri().toString());
        keys.put("job.parallelism", Integer.toString(settings.parallelism()));
        keys.put("source.starting-offsets", "earliest");
        keys.put("sink.delivery-guarantee", settings.deliveryGuarantee());
        keys.put("job.name", "qrouter demo (" + settings.policy() + ")");
        keys.put("control.hmac-secret", controlSecret);
        return JobConfig.of(keys);
    }

    private JobClient startJob(JobConfig config, Path root, int webPort) throws Exception {
        Configuration flink = new Configuration();
        flink.set(RestOptions.PORT, webPort);
        flink.set(RestOptions.ADDRESS, "localhost");
        flink.set(CoreOptions.TMP_DIRS, directory(root, "flink-tmp"));
        flink.set(WebOptions.TMP_DIR, directory(root, "flink-web"));
        flink.set(BlobServerOptions.STORAGE_DIRECTORY, directory(root, "flink-blobs"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createLocalEnvironmentWithWebUI(flink);
        QrouterJob.buildPipeline(env, config);
        JobClient client = env.executeAsync(config.get(io.qrouter.job.ConfigKey.JOB_NAME));
        say.accept("Flink job submitted to a local MiniCluster; web UI at http://localhost:" + webPort);
        return client;
    }

    private void awaitRunning(JobClient job, BooleanSupplier stopRequested) throws Exception {
        long deadline = System.nanoTime() + JOB_START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline && !stopRequested.getAsBoolean()) {
            JobStatus status = job.getJobStatus().get(10, TimeUnit.SECONDS);
            if (status == JobStatus.RUNNING) {
                return;
            }
            if (status.isGloballyTerminalState()) {
                failIfJobEnded(job);
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        if (!stopRequested.getAsBoolean()) {
            throw new IllegalStateException("the Flink job did not reach RUNNING within " + JOB_START_TIMEOUT.toSeconds() + " s");
        }
    }

    /** The job must run until we cancel it; if it ended, say why instead of waiting for decisions forever. */
    private static void failIfJobEnded(JobClient job) throws Exception {
        JobStatus status = job.getJobStatus().get(10, TimeUnit.SECONDS);
        if (status.isGloballyTerminalState()) {
            String cause;
            try {
                job.getJobExecutionResult().get(10, TimeUnit.SECONDS);
                cause = "it finished";
            } catch (Exception e) {
                Throwable root = e;
                while (root.getCause() != null) {
                    root = root.getCause();
                }
                cause = root.toString();
            }
            throw new IllegalStateException("the Flink job stopped (" + status + "): " + cause);
        }
    }

    private static void cancel(JobClient job) {
        try {
            if (!job.getJobStatus().get(10, TimeUnit.SECONDS).isGloballyTerminalState()) {
                job.cancel().get(30, TimeUnit.SECONDS);
            }
            // the local executor shuts its MiniCluster down once the job has ended
            job.getJobExecutionResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static FleetConfig withBootstrap(FleetConfig c, String bootstrap) {
        return new FleetConfig(bootstrap, c.servers(), c.ratePerSecond(), c.arrivals(), c.load(), c.muSpread(),
                c.meanPatienceSeconds(), c.defaultHeartbeatMillis(), c.seed(), c.runId(), c.consumerGroup(), c.kafka(),
                c.warmupSeconds());
    }

    private static String directory(Path root, String name) throws IOException {
        return Files.createDirectories(root.resolve(name)).toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : String.format(java.util.Locale.ROOT, "%.2f", v);
    }
}
