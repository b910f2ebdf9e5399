package io.qrouter.tools.demo;

import io.qrouter.job.QrouterJob;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.ServerAdmission;
import io.qrouter.job.convert.ServerSignature;
import io.qrouter.tools.fleet.DecisionAudit;
import io.qrouter.tools.fleet.DigitalTwin;
import io.qrouter.tools.fleet.DsrsAssignmentsReader;
import io.qrouter.tools.fleet.Ejections;
import io.qrouter.tools.fleet.Fleet;
import io.qrouter.tools.fleet.FleetConfig;
import io.qrouter.tools.fleet.FleetResult;
import io.qrouter.tools.fleet.TaskTimeline;
import io.qrouter.tools.health.JobHealth;
import io.qrouter.tools.health.JobWatch;
import io.qrouter.tools.health.PrometheusEndpoint;
import io.qrouter.tools.kafka.EmbeddedKafka;
import io.qrouter.tools.kafka.FreePorts;
import io.qrouter.tools.kafka.TempDirectories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.flink.configuration.BlobServerOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.WebOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * One demo run: broker, job, fleet; produce for the duration; drain; stop everything in reverse
 * order. Every file the run writes (broker logs, checkpoints, Flink's temp and blob directories)
 * lives under one temp directory that is deleted at the end, even after a failure or Ctrl-C.
 */
public final class DemoRun {
    private static final Duration JOB_START_TIMEOUT = Duration.ofSeconds(90);

    private final DemoSettings settings;
    private final Consumer<String> say;

    /** Timed control commands ({@code demo --control}), or null. */
    private ControlScript controlScript;

    /** The job's control secret: random per run, known only to the job and the script. */
    private final String controlSecret = ControlScript.randomSecret();

    /**
     * The fleet's secret under signed admission, random per run: the servers' keys derive from it.
     */
    private final String serverSecret = ControlScript.randomSecret();

    /**
     * @param say where progress messages go (one line each)
     */
    public DemoRun(DemoSettings settings, Consumer<String> say) {
        this.settings = settings;
        this.say = say;
    }

    /** Sends {@code script}'s commands to the job while the fleet runs. */
    public DemoRun withControlScript(ControlScript script) {
        this.controlScript = script;
        return this;
    }

    /**
     * What the run produced, plus the facts the report adds to report.json (the digital twin's
     * among them).
     */
    public record Outcome(FleetResult result, Map<String, Object> facts) {}

    /**
     * Runs to the end of the duration, or until {@code stopRequested} turns true (Ctrl-C); {@code
     * status} receives the live status line twice a second. With a chaos schedule, its faults are
     * injected on the way.
     */
    public Outcome run(BooleanSupplier stopRequested, Consumer<String> status) throws Exception {
        Path root = TempDirectories.create("qrouter-demo-");
        int webPort = FreePorts.any();
        int prometheusPort =
                settings.prometheusPort() == 0
                        ? 0
                        : PrometheusEndpoint.portFor(settings.prometheusPort());
        try (EmbeddedKafka kafka = startKafka();
                JobHealth health = JobHealth.open();
                LocalCluster cluster = startCluster(root, webPort, prometheusPort, health)) {
            JobConfig jobConfig = jobConfig(kafka.bootstrapServers(), root);
            Path keyFile = SecretFile.write(root, "control.secret", controlSecret);
            say.accept(
                    "control key in "
                            + keyFile
                            + " (owner-only, deleted with the run): ./qrouter control --bootstrap "
                            + kafka.bootstrapServers()
                            + " --secret-file "
                            + keyFile
                            + " drain server-1");
            JobWatch job = new JobWatch(submit(cluster, jobConfig, webPort));
            Map<String, Object> facts = facts(webPort);
            if (prometheusPort != 0) {
                String endpoint = "http://localhost:" + prometheusPort + "/metrics";
                facts.put("prometheus_metrics", endpoint);
                say.accept(
                        "Prometheus metrics at "
                                + endpoint
                                + (prometheusPort == settings.prometheusPort()
                                        ? ""
                                        : " (" + settings.prometheusPort() + " was taken)"));
            }
            try {
                job.awaitRunning(JOB_START_TIMEOUT, stopRequested);
                awaitFirstCheckpoint(health, job, stopRequested);
                say.accept(
                        "job running (policy "
                                + settings.policy()
                                + "); starting the fleet: "
                                + settings.fleet().servers()
                                + " servers, "
                                + fmt(settings.fleet().ratePerSecond())
                                + " tasks/s, load "
                                + fmt(settings.fleet().load())
                                + (settings.fleet().failing().servers().isEmpty()
                                        ? ""
                                        : "; failing: " + settings.fleet().failing())
                                + (settings.chaos().isEmpty()
                                        ? ""
                                        : "; chaos: " + settings.chaos()));
                FleetConfig fleetConfig =
                        settings.fleet().withBootstrapServers(kafka.bootstrapServers());
                Fleet fleet =
                        Fleet.start(
                                fleetConfig,
                                ServerAdmission.from(jobConfig).mode()
                                                == ServerAdmission.Mode.SIGNED
                                        ? new ServerSignature(serverSecret)
                                        : null);
                ChaosInjector chaos =
                        settings.chaos().isEmpty()
                                ? null
                                : ChaosInjector.start(
                                        settings.chaos(),
                                        fleet::elapsedSeconds,
                                        faultTargets(kafka, cluster),
                                        kafka.bootstrapServers(),
                                        say);
                FleetResult result;
                try (AutoCloseable control =
                        controlScript == null
                                ? null
                                : controlScript.start(
                                        jobConfig.kafkaProperties(), controlSecret, say)) {
                    produceAndDrain(fleet, job, health, stopRequested, status, facts);
                } finally {
                    if (chaos != null) {
                        chaos.close();
                    }
                    result = fleet.stop();
                }
                // while the broker and the job still run: the slots of the report's DSRS section
                result =
                        result.withDsrsSlots(
                                DsrsAssignmentsReader.read(fleetConfig, result.startEpochMillis()));
                DecisionAudit audit =
                        DecisionAudit.read(
                                fleetConfig,
                                result.timelines().stream()
                                        .map(TaskTimeline::taskId)
                                        .collect(Collectors.toSet()),
                                chaos == null ? Set.of() : chaos.poison(),
                                result.startEpochMillis());
                facts.put("audit", audit.toJson());
                Ejections ejections = Ejections.read(fleetConfig, result.startEpochMillis());
                if (!ejections.events().isEmpty()) {
                    facts.put("outliers", ejections.toJson());
                }
                if (chaos != null) {
                    facts.put(
                            "chaos",
                            ChaosReport.of(
                                    settings.chaos(),
                                    chaos.injected(),
                                    result,
                                    audit,
                                    chaos.poison().size(),
                                    settings.checkpointInterval(),
                                    health.snapshot().restarts()));
                }
                facts.put("twin", twin(result, jobConfig));
                facts.put("twin_keys", JobTwin.keys(jobConfig));
                return new Outcome(result, facts);
            } finally {
                job.cancel();
            }
        } finally {
            TempDirectories.delete(root);
        }
    }

    /**
     * The job is routing once its first checkpoint completed: every task deployed and
     * (exactly-once) a first transaction committed. The fleet starts then, so the start-up is not
     * mistaken for a stall.
     */
    private static void awaitFirstCheckpoint(
            JobHealth health, JobWatch job, BooleanSupplier stopRequested) throws Exception {
        long deadline = System.nanoTime() + JOB_START_TIMEOUT.toNanos();
        while (health.snapshot().checkpoints() == 0 && !stopRequested.getAsBoolean()) {
            job.failIfEnded();
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "the Flink job completed no checkpoint within "
                                + JOB_START_TIMEOUT.toSeconds()
                                + " s");
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
    }

    /**
     * Produces for the duration, then waits (up to the drain timeout) for the last decisions;
     * stalls said loudly.
     */
    private void produceAndDrain(
            Fleet fleet,
            JobWatch job,
            JobHealth health,
            BooleanSupplier stopRequested,
            Consumer<String> status,
            Map<String, Object> facts)
            throws Exception {
        long end = System.nanoTime() + settings.duration().toNanos();
        while (System.nanoTime() < end && !stopRequested.getAsBoolean()) {
            show(fleet, health, status, "");
            job.failIfEnded();
            TimeUnit.MILLISECONDS.sleep(
                    Math.min(500, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
        }
        fleet.stopProducing();
        facts.put("stopped_by_user", stopRequested.getAsBoolean());
        if (!stopRequested.getAsBoolean()) {
            long drainEnd = System.nanoTime() + settings.drainTimeout().toNanos();
            while (fleet.stats().undecided() > 0
                    && System.nanoTime() < drainEnd
                    && !stopRequested.getAsBoolean()) {
                show(fleet, health, status, "  draining " + fleet.stats().undecided());
                job.failIfEnded();
                TimeUnit.MILLISECONDS.sleep(200);
            }
        }
        show(fleet, health, status, "");
    }

    /**
     * The fleet's status line (with the job's restarts, once there are any) and any stall alert on
     * its own line.
     */
    private void show(Fleet fleet, JobHealth health, Consumer<String> status, String suffix) {
        fleet.takeAlerts().forEach(say);
        long restarts = health.snapshot().restarts();
        status.accept(
                fleet.statusLine() + (restarts > 0 ? "  job restarts " + restarts : "") + suffix);
    }

    private Map<String, Object> facts(int webPort) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("policy", settings.policy());
        facts.put("checkpoint_interval_ms", settings.checkpointInterval().toMillis());
        facts.put("parallelism", settings.parallelism());
        facts.put("delivery_guarantee", settings.deliveryGuarantee());
        facts.put("duration_seconds", settings.duration().toMillis() / 1000.0);
        facts.put("flink_web_ui", "http://localhost:" + webPort);
        if (!settings.jobSettings().isEmpty()) {
            facts.put(
                    "job_settings",
                    new java.util.TreeMap<>(settings.jobSettings())
                            .entrySet().stream()
                                    .map(
                                            e ->
                                                    e.getKey()
                                                            + "="
                                                            + (JobConfig.isSecret(e.getKey())
                                                                    ? "(secret)"
                                                                    : e.getValue()))
                                    .collect(Collectors.joining(", ")));
        }
        return facts;
    }

    /** The faults act on this run's broker and cluster. */
    private static ChaosInjector.Targets faultTargets(EmbeddedKafka kafka, LocalCluster cluster) {
        return new ChaosInjector.Targets() {
            @Override
            public int killTaskManager() throws Exception {
                return cluster.killTaskManager();
            }

            @Override
            public void startTaskManager() throws Exception {
                cluster.startTaskManager();
            }

            @Override
            public void stopBroker() {
                kafka.stopBroker();
            }

            @Override
            public void startBroker() {
                kafka.startBroker();
            }
        };
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
        say.accept(
                String.format(
                        java.util.Locale.ROOT,
                        "Kafka broker (KRaft, in-process) at %s, topics created in %.1f s",
                        kafka.bootstrapServers(),
                        (System.nanoTime() - t0) / 1e9));
        return kafka;
    }

    /**
     * The digital twin of the run: the simulator replays its tasks with the job's policy, router
     * count, heartbeat, estimator and slow-start settings, and the delays the run showed.
     */
    private Map<String, Object> twin(FleetResult result, JobConfig jobConfig) {
        return JobTwin.model(jobConfig)
                .map(model -> DigitalTwin.predict(result, model, settings.fleet().seed()))
                .orElse(null);
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
        // the demo's own servers are the allow-list (server.admission's default); any other id
        // that writes to its topics is dead-lettered
        keys.put("server.allow-list", String.join(",", settings.fleet().serverIds()));
        keys.put("server.hmac-secret", serverSecret);
        keys.putAll(settings.jobSettings());
        return JobConfig.of(keys);
    }

    /**
     * The cluster, its web UI on {@code webPort}, its files under {@code root}, its metrics
     * reported to {@code health} and, unless {@code prometheusPort} is 0, served to Prometheus: one
     * TaskManager, two with chaos (one can be killed while the other runs the job).
     */
    private LocalCluster startCluster(Path root, int webPort, int prometheusPort, JobHealth health)
            throws Exception {
        Configuration flink = health.reporterSettings();
        if (prometheusPort != 0) {
            flink.addAll(PrometheusEndpoint.reporterSettings(prometheusPort));
        }
        flink.set(RestOptions.PORT, webPort);
        flink.set(RestOptions.ADDRESS, "localhost");
        flink.set(CoreOptions.TMP_DIRS, directory(root, "flink-tmp"));
        flink.set(WebOptions.TMP_DIR, directory(root, "flink-web"));
        flink.set(BlobServerOptions.STORAGE_DIRECTORY, directory(root, "flink-blobs"));
        return LocalCluster.start(
                flink, settings.chaos().isEmpty() ? 1 : 2, settings.slotsNeeded());
    }

    private JobClient submit(LocalCluster cluster, JobConfig config, int webPort) throws Exception {
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(new Configuration());
        QrouterJob.buildPipeline(env, config);
        JobClient client =
                cluster.submit(env, config.get(io.qrouter.job.config.ConfigKey.JOB_NAME));
        say.accept(
                "Flink job submitted to a local MiniCluster; web UI at http://localhost:"
                        + webPort);
        return client;
    }

    private static String directory(Path root, String name) throws IOException {
        return Files.createDirectories(root.resolve(name)).toString();
    }

    private static String fmt(double v) {
        return v == Math.rint(v)
                ? Long.toString((long) v)
                : String.format(java.util.Locale.ROOT, "%.2f", v);
    }
}
