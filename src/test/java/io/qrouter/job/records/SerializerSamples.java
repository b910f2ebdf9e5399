package io.qrouter.job.records;

import io.qrouter.avro.Health;
import io.qrouter.core.control.RouterControl;
import io.qrouter.core.estimate.BucketedSums;
import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.estimate.OpenTask;
import io.qrouter.core.estimate.OpenTasks;
import io.qrouter.core.estimate.ServerEstimators;
import io.qrouter.core.estimate.TaskPhase;
import io.qrouter.core.estimate.WindowBucket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * Fixed records of each hand-written serializer, as the job makes them: a busy server with its
 * estimates, a server just seen, an overloaded one, one that left, and the defaults. Together they
 * set every field of each record to something other than its default ({@code
 * HandWrittenSerializerTestBase#samplesSetEveryField}) and leave every nullable one null once.
 *
 * <p>The bytes under {@code src/test/resources/serializer-snapshots/} were written from these:
 * change a sample and the current format's committed data no longer matches it ({@code
 * SerializerUpgradeTest}); regenerate with {@link SerializerSnapshotsGenerator}.
 */
final class SerializerSamples {
    private SerializerSamples() {}

    /** One serializer under test: the directory name of its snapshots and the records it writes. */
    record Case<T>(String name, TypeSerializer<T> serializer, List<T> samples) {
        /** The name alone: a parameterized test's display name. */
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case<?>> all() {
        return List.of(
                new Case<>("server-update", new ServerUpdateSerializer(), serverUpdates()),
                new Case<>("server-state", new ServerStateSerializer(), serverStates()),
                new Case<>(
                        "estimator-header", new EstimatorSerializers.Header(), estimatorHeaders()),
                new Case<>("window-bucket", new EstimatorSerializers.Bucket(), windowBuckets()),
                new Case<>("open-task", new EstimatorSerializers.Task(), openTasks()));
    }

    /**
     * The samples as an older format reads them back: the fields added since then at their defaults
     * (format 4 added tasksReceived to the update and the state, format 5 slots and the recent wait
     * and service, format 6 the state's metrics last written, format 7 the state's queue changes,
     * which older formats left in a list state: restored, a state with an event after its last
     * heartbeat says so; format 8 the state's estimator header, which older formats left in a value
     * state: restored, every state says so; format 9 of the state and 5 of the header the window's
     * buckets and open tasks, which older formats left in map states: restored, every state says
     * so).
     */
    static <T> List<T> asReadIn(Case<T> c, int format) {
        List<T> read = new ArrayList<>();
        for (T sample : c.samples()) {
            T copy = c.serializer().copy(sample);
            if (format < 4 && copy instanceof ServerUpdate u) {
                u.setTasksReceived(0);
            } else if (format < 4 && copy instanceof ServerState s) {
                s.tasksReceived = 0;
            }
            if (format < 5 && copy instanceof ServerUpdate u) {
                u.setSlots(1);
                u.setRecentWaitSeconds(null);
                u.setRecentServiceSeconds(null);
            } else if (format < 5 && copy instanceof ServerState s) {
                s.slots = 1;
                s.recentWaitSeconds = null;
                s.recentServiceSeconds = null;
            }
            if (format < 6 && copy instanceof ServerState s) {
                s.metricsFingerprint = 0;
                s.metricsWrittenAt = ServerState.NEVER;
            }
            if (format < 7 && copy instanceof ServerState s) {
                s.queueChanges = new QueueChanges();
                s.queueChangesInLegacyList = s.eventAfterHeartbeat;
            }
            if (format < 8 && copy instanceof ServerState s) {
                s.estimators = null;
                s.estimatorsInLegacyState = true;
            }
            if (format < 9 && copy instanceof ServerState s) {
                withoutWindow(s.estimators);
                s.windowInLegacyState = true;
            }
            if (format < 5 && copy instanceof ServerEstimators e) {
                withoutWindow(e);
            }
            read.add(copy);
        }
        return read;
    }

    /** Estimators as a header without the window's buckets and open tasks reads them. */
    private static void withoutWindow(ServerEstimators e) {
        if (e != null && e.getWindow() != null) {
            e.getWindow().setRing(null);
        }
        if (e != null && e.getOpenTasks() != null) {
            e.getOpenTasks().setByTaskId(new HashMap<>());
        }
    }

    /** 2026-12-01T12:00:00Z, the heartbeat time of the samples. */
    private static final long AT = 1_796_126_400_000L;

    /** A processing time some seconds after it. */
    private static final long NOW = AT + 4_250;

    static List<ServerUpdate> serverUpdates() {
        ServerUpdate busy = new ServerUpdate();
        busy.setServerId("edge-gpu-07");
        busy.setAlive(true);
        busy.setBusy(true);
        busy.setQueueLength(12);
        busy.setHeartbeatAt(AT);
        busy.setUpdatedAt(AT + 350);
        busy.setHeartbeat(true);
        busy.setHeartbeatIntervalMillis(1_000);
        busy.setHealth(Health.HEALTHY);
        busy.setServiceRatePerSecond(9.5);
        busy.setLambda(8.2);
        busy.setMu(9.8);
        busy.setAlphaC(0.05);
        busy.setEta(0.4);
        busy.setLoadIndexK(1.37);
        busy.setRecommendedHeartbeatMillis(500);
        busy.setCpu(0.83);
        busy.setMemory(0.61);
        busy.setBandwidth(0.27);
        busy.setHeartbeatTriggers(4_210);
        busy.setLateRecords(3);
        busy.setEnqueuedSinceLastSnapshot(
                new ArrayList<>(List.of("t-90817", "t-90818", "t-90821")));
        busy.setAdminState("draining");
        busy.setAdminAccepts(false);
        busy.setAdminWeight(0.5);
        RouterControl control = new RouterControl();
        control.setVersion(4);
        control.setPolicy("heartbeat-k-live");
        control.setPowerOfD(2);
        control.setWeightAlpha(1.0);
        control.setWeightSigma(0.5);
        control.setWeightR(0.25);
        control.setIdleQueue(false);
        busy.setRouterControl(control);

        ServerUpdate firstHeartbeat = new ServerUpdate();
        firstHeartbeat.setServerId("cpu-s-113");
        firstHeartbeat.setAlive(true);
        firstHeartbeat.setIdle(true);
        firstHeartbeat.setHeartbeatAt(AT);
        firstHeartbeat.setUpdatedAt(AT);
        firstHeartbeat.setHeartbeat(true);
        firstHeartbeat.setHeartbeatIntervalMillis(2_000);
        firstHeartbeat.setHealth(Health.HEALTHY);
        firstHeartbeat.setServiceRatePerSecond(4.0);
        firstHeartbeat.setRecommendedHeartbeatMillis(2_000);
        firstHeartbeat.setCpu(0.02);
        firstHeartbeat.setMemory(0.18);
        firstHeartbeat.setHeartbeatTriggers(1);

        ServerUpdate overloaded = new ServerUpdate();
        overloaded.setServerId("edge-gpu-02");
        overloaded.setAlive(true);
        overloaded.setBusy(true);
        overloaded.setQueueLength(5_130);
        overloaded.setHeartbeatAt(AT - 1_000);
        overloaded.setUpdatedAt(AT + 20);
        overloaded.setHeartbeatIntervalMillis(1_000);
        overloaded.setHealth(Health.FAILING);
        overloaded.setServiceRatePerSecond(9.9);
        overloaded.setLambda(14.1);
        overloaded.setMu(9.9);
        overloaded.setAlphaC(0.0);
        overloaded.setEta(1.2);
        overloaded.setOverloaded(true);
        overloaded.setRecommendedHeartbeatMillis(250);
        overloaded.setCpu(1.0);
        overloaded.setMemory(0.97);
        overloaded.setBandwidth(0.64);
        overloaded.setHeartbeatTriggers(88_017);
        overloaded.setEnqueuedOverflow(true);
        overloaded.setTasksReceived(1_204_377);
        overloaded.setSlots(16);
        overloaded.setRecentWaitSeconds(7.25);
        overloaded.setRecentServiceSeconds(0.101);

        ServerUpdate gone = new ServerUpdate();
        gone.setServerId("cpu-s-040");
        gone.setGone(true);
        gone.setHeartbeatAt(AT - 600_000);
        gone.setUpdatedAt(AT - 600_000);

        return List.of(busy, firstHeartbeat, overloaded, gone, new ServerUpdate());
    }

    static List<ServerState> serverStates() {
        ServerState busy = ServerState.of("edge-gpu-07");
        busy.alive = true;
        busy.lastHeartbeatAt = AT;
        busy.reportedQueueLength = 11;
        busy.busy = true;
        busy.serviceRatePerSecond = 9.5;
        busy.cpu = 0.83;
        busy.memory = 0.61;
        busy.bandwidth = 0.27;
        busy.health = Health.HEALTHY;
        busy.heartbeatIntervalMillis = 1_000;
        busy.recommendedHeartbeatMillis = 500;
        busy.heartbeatTriggers = 4_210;
        busy.lateRecords = 3;
        busy.downTimerAt = NOW + 3_000;
        busy.downAt = NOW + 3_000;
        busy.updateTimerAt = NOW + 50;
        busy.updatedAt = AT + 350;
        busy.queueChangeSinceHeartbeat = 1;
        busy.eventAfterHeartbeat = true;
        busy.emittedQueueLength = 12;
        busy.emittedNews = 0x5f3c_9a1e_77d2_0b41L;
        busy.lambda = 8.2;
        busy.mu = 9.8;
        busy.alphaC = 0.05;
        busy.eta = 0.4;
        busy.loadIndexK = 1.37;
        busy.enqueued = 3;
        busy.started = 2;
        busy.completed = 2;
        busy.abandoned = 1;
        busy.cancelled = 1;
        busy.restored = 1;
        busy.enqueuedSinceSnapshot = new ArrayList<>(List.of("t-90817", "t-90818", "t-90821"));
        busy.metricsFingerprint = 0x1d2c_3b4a_5968_7f80L;
        busy.metricsWrittenAt = AT - 1_000;
        busy.queueChanges.add(AT + 120, 1);
        busy.queueChanges.add(AT + 200, -1);
        busy.queueChanges.add(AT + 350, 1);
        busy.estimators = estimatorHeaders().get(0);

        ServerState down = ServerState.of("cpu-s-040");
        down.lastHeartbeatAt = AT - 30_000;
        down.serviceRatePerSecond = 4.0;
        down.health = Health.HEALTHY;
        down.heartbeatIntervalMillis = 2_000;
        down.recommendedHeartbeatMillis = 2_000;
        down.heartbeatTriggers = 512;
        down.downAt = NOW - 24_000;
        down.forgetTimerAt = NOW + 576_000;
        down.updatedAt = AT - 30_000;
        down.emittedQueueLength = 0;
        down.emittedNews = -0x0123_4567_89ab_cdefL;

        ServerState overloaded = ServerState.of("edge-gpu-02");
        overloaded.alive = true;
        overloaded.lastHeartbeatAt = AT - 1_000;
        overloaded.reportedQueueLength = 5_128;
        overloaded.busy = true;
        overloaded.serviceRatePerSecond = 9.9;
        overloaded.cpu = 1.0;
        overloaded.memory = 0.97;
        overloaded.bandwidth = 0.64;
        overloaded.health = Health.FAILING;
        overloaded.heartbeatIntervalMillis = 1_000;
        overloaded.recommendedHeartbeatMillis = 250;
        overloaded.heartbeatTriggers = 88_017;
        overloaded.downTimerAt = NOW + 1_000;
        overloaded.downAt = NOW + 2_000;
        overloaded.updatedAt = AT + 20;
        overloaded.queueChangeSinceHeartbeat = 2;
        overloaded.emittedQueueLength = 5_129;
        overloaded.lambda = 14.1;
        overloaded.mu = 9.9;
        overloaded.alphaC = 0.0;
        overloaded.eta = 1.2;
        overloaded.overloaded = true;
        overloaded.enqueued = 4_096;
        overloaded.enqueuedOverflow = true;
        overloaded.tasksReceived = 1_204_377;
        overloaded.slots = 16;
        overloaded.recentWaitSeconds = 7.25;
        overloaded.recentServiceSeconds = 0.101;
        overloaded.queueChangesInLegacyList = true;
        overloaded.estimators = estimatorHeaders().get(1);
        overloaded.estimatorsInLegacyState = true;
        overloaded.windowInLegacyState = true;

        return List.of(busy, down, overloaded, ServerState.of("cpu-s-113"), new ServerState());
    }

    static List<ServerEstimators> estimatorHeaders() {
        EstimatorConfig config = new EstimatorConfig();
        config.setWindowMillis(120_000);
        config.setBucketCount(24);
        config.setMinArrivals(30);
        config.setMinExits(25);
        config.setMinCompletions(25);
        config.setMinWaits(15);
        config.setMinRecoveries(5);
        config.setMaxOpenTasks(2_048);
        BucketedSums window = new BucketedSums();
        window.setBucketMillis(5_000);
        window.setBucketCount(24);
        window.setSeriesCount(9);
        window.setNewestBucket(AT / 5_000);
        WindowBucket[] ring = new WindowBucket[24];
        ring[(int) (AT / 5_000 % 24)] = windowBuckets().get(0);
        WindowBucket older = new WindowBucket();
        older.setBucket(AT / 5_000 - 3);
        older.setSums(new double[] {2, 1, 1, 410.0, 1, 0, 95.5, 1, 2_000});
        ring[(int) ((AT / 5_000 - 3) % 24)] = older;
        window.setRing(ring);
        OpenTasks open = new OpenTasks();
        open.setCapacity(2_048);
        open.setEvicted(3);
        List<OpenTask> tasks = openTasks();
        open.getByTaskId().put("t-90817", tasks.get(0));
        open.getByTaskId().put("t-90790", tasks.get(1));
        open.getByTaskId().put("t-88012", tasks.get(2));
        ServerEstimators busy = new ServerEstimators(config, window, open, AT - 3_600_000, 7, 2);
        // a header read back before its config and rings exist: every nested record null
        ServerEstimators bare = new ServerEstimators(null, null, null, Long.MAX_VALUE, 0, 0);
        return List.of(busy, bare, new ServerEstimators());
    }

    static List<WindowBucket> windowBuckets() {
        WindowBucket full = new WindowBucket();
        full.setBucket(AT / 5_000);
        // arrivals, exits, completions, service ms, waits ended, abandonments, waiting ms,
        // recoveries, cancelled ms (WindowQuantity's order)
        full.setSums(new double[] {41, 39, 38, 3_912.5, 40, 1, 812.25, 0, 0});
        WindowBucket empty = new WindowBucket();
        empty.setBucket(AT / 5_000 - 23);
        empty.setSums(new double[0]);
        return List.of(full, empty, new WindowBucket());
    }

    static List<OpenTask> openTasks() {
        return List.of(
                openTask(TaskPhase.WAITING, AT - 120),
                openTask(TaskPhase.IN_SERVICE, AT - 1_050),
                openTask(TaskPhase.CANCELLED, AT - 9_400),
                new OpenTask());
    }

    private static OpenTask openTask(TaskPhase phase, long sinceMillis) {
        OpenTask task = new OpenTask();
        task.setPhase(phase);
        task.setSinceMillis(sinceMillis);
        return task;
    }
}
