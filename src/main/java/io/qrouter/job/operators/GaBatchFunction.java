package io.qrouter.job.operators;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.ga.Allocation;
import io.qrouter.core.ga.BatchAllocator;
import io.qrouter.core.ga.BatchTask;
import io.qrouter.core.ga.ServerProfile;
import io.qrouter.job.config.GaSettings;
import io.qrouter.job.convert.DeadLetters;
import io.qrouter.job.convert.GaRecords;
import io.qrouter.job.convert.PolicyRecords;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import io.qrouter.job.state.GaServerView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.types.Either;
import org.apache.flink.util.Collector;

/**
 * GA batch mode (seed 001): tasks are collected in windows of {@code gaBatchSize} tasks or {@code
 * gaWindowMillis} of processing time, whichever comes first, and each window is assigned by the
 * io.qrouter.core.ga allocator ({@code gaAllocator}: mv-ga by default, dga or fcfs) over the
 * servers that accept tasks; every task gets a {@link RoutingDecision} with rule {@code GA_BATCH}
 * and the allocator's configuration name as policy.
 *
 * <p>Decisions: tasks are keyed by a batch lane ({@link #laneKey}); each lane batches its own
 * tasks, so {@code gaLanes} lanes run in parallel without coordinating (like parallel routers, each
 * corrects only through the next heartbeats). Servers come from the broadcast updates under {@link
 * #BroadcastStates.GA_SERVERS}, which also keeps each server's recent resource load indices for the
 * mean-variance weights; the operators' control state comes on the same input ({@link AdminStamp}).
 * Without a usable server the window waits for one, and tasks buffered for {@code
 * bufferDeadlineMillis} (counted from their arrival here, as in {@link RouterFunction}) are
 * dead-lettered ({@link RouterFunction#DEAD_LETTERS}). The allocator's seed is mixed from the
 * configured seed, the lane and the window's sequence number ({@link #windowSeed}), so a replay
 * decides alike and no two lanes share a window's seed. Server histories that make the
 * mean-variance weights singular give equal weights ({@code MarkowitzWeights}), so no window can
 * fail the job.
 */
public class GaBatchFunction
        extends KeyedBroadcastProcessFunction<
                Integer, TaskRequest, Either<ServerUpdate, ControlState>, RoutingDecision> {
    private static final long serialVersionUID = 1L;

    private static final ServerFeed<GaServerView> FEED =
            new ServerFeed<>(
                    BroadcastStates.GA_SERVERS,
                    new ServerFeed.Store<>() {
                        @Override
                        public ServerUpdate updateOf(GaServerView stored) {
                            return stored.update;
                        }

                        @Override
                        public GaServerView next(GaServerView stored, ServerUpdate update) {
                            return (stored == null ? new GaServerView() : stored).next(update);
                        }

                        @Override
                        public GaServerView restamped(GaServerView stored, ServerUpdate update) {
                            return stored.withUpdate(update);
                        }
                    },
                    true);

    /** The rule of every decision this operator makes. */
    public static final String RULE = "GA_BATCH";

    static final ListStateDescriptor<TaskRequest> WINDOW =
            new ListStateDescriptor<>("ga-window", new AvroTypeInfo<>(TaskRequest.class));

    /** Tasks in the window, and the processing time its flush timer is set for (0 when none). */
    /** When each task of {@link #WINDOW} entered it (processing time), in the same order. */
    static final ListStateDescriptor<Long> WINDOW_ENTERED =
            new ListStateDescriptor<>("ga-window-entered", Types.LONG);

    static final ValueStateDescriptor<Integer> WINDOW_SIZE =
            new ValueStateDescriptor<>("ga-window-size", Types.INT);
    static final ValueStateDescriptor<Long> WINDOW_TIMER =
            new ValueStateDescriptor<>("ga-window-timer", Types.LONG);
    static final ValueStateDescriptor<Long> WINDOWS_DONE =
            new ValueStateDescriptor<>("ga-windows-done", Types.LONG);

    private final GaSettings settings;

    private transient ListState<TaskRequest> window;
    private transient ListState<Long> windowEntered;
    private transient ValueState<Integer> windowSize;
    private transient ValueState<Long> windowTimer;
    private transient ValueState<Long> windowsDone;
    private transient BatchAllocator allocator;
    private transient String policyName;
    private transient int subtask;
    private transient JobMetrics metrics;

    public GaBatchFunction(GaSettings settings) {
        this.settings = settings;
    }

    /** Keys tasks by batch lane: a stable hash of the task id modulo {@code lanes}. */
    public static KeySelector<TaskRequest, Integer> laneKey(int lanes) {
        if (lanes < 1) {
            throw new IllegalArgumentException("gaLanes must be ≥ 1 (got " + lanes + ")");
        }
        return task -> Math.floorMod(task.getTaskId().hashCode(), lanes);
    }

    @Override
    public void open(OpenContext openContext) {
        window = getRuntimeContext().getListState(WINDOW);
        windowEntered = getRuntimeContext().getListState(WINDOW_ENTERED);
        windowSize = getRuntimeContext().getState(WINDOW_SIZE);
        windowTimer = getRuntimeContext().getState(WINDOW_TIMER);
        windowsDone = getRuntimeContext().getState(WINDOWS_DONE);
        allocator = BatchAllocator.named(settings.allocator(), settings.gaConfig());
        policyName = settings.allocator().toLowerCase(Locale.ROOT);
        subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        metrics = new JobMetrics(getRuntimeContext().getMetricGroup());
    }

    @Override
    public void processElement(
            TaskRequest task, ReadOnlyContext ctx, Collector<RoutingDecision> out)
            throws Exception {
        long now = ctx.timerService().currentProcessingTime();
        window.add(task);
        windowEntered.add(now);
        int size = (windowSize.value() == null ? 0 : windowSize.value()) + 1;
        windowSize.update(size);
        if (size >= settings.batchSize()) {
            flush(now, ctx, out);
        } else if (windowTimer.value() == null) {
            long at = now + settings.window().toMillis();
            windowTimer.update(at);
            ctx.timerService().registerProcessingTimeTimer(at);
        }
    }

    @Override
    public void processBroadcastElement(
            Either<ServerUpdate, ControlState> input, Context ctx, Collector<RoutingDecision> out)
            throws Exception {
        FEED.receive(input, subtask, ctx, new ServerFeed.Listener() {});
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<RoutingDecision> out)
            throws Exception {
        Long due = windowTimer.value();
        if (due == null || due != timestamp) {
            return;
        }
        windowTimer.clear();
        flush(timestamp, ctx, out);
    }

    private void flush(long now, ReadOnlyContext ctx, Collector<RoutingDecision> out)
            throws Exception {
        List<TaskRequest> tasks = new ArrayList<>();
        window.get().forEach(tasks::add);
        if (tasks.isEmpty()) {
            return;
        }
        List<GaServerView> servers =
                usableServers(ctx.getBroadcastState(BroadcastStates.GA_SERVERS));
        if (servers.isEmpty()) {
            List<Long> entered = new ArrayList<>();
            windowEntered.get().forEach(entered::add);
            waitForServers(tasks, entered, now, ctx);
            return;
        }
        long windowIndex = windowsDone.value() == null ? 0 : windowsDone.value();
        windowsDone.update(windowIndex + 1);
        List<BatchTask> batch = new ArrayList<>(tasks.size());
        for (TaskRequest t : tasks) {
            batch.add(new BatchTask(t.getTaskId(), Math.max(0, t.getLoad())));
        }
        List<ServerProfile> gaServers = new ArrayList<>(servers.size());
        for (GaServerView v : servers) {
            gaServers.add(GaRecords.toGaServer(v.update, v.loadIndexHistory));
        }
        Allocation allocation =
                allocator.allocate(
                        batch,
                        gaServers,
                        windowSeed(settings.seed(), ctx.getCurrentKey(), windowIndex));
        for (int i = 0; i < tasks.size(); i++) {
            ServerUpdate chosen = servers.get(allocation.serverOfTask()[i]).update;
            TaskRequest task = tasks.get(i);
            out.collect(
                    PolicyRecords.decision(
                            task,
                            chosen.getServerId(),
                            RULE,
                            policyName,
                            null,
                            null,
                            null,
                            Math.max(0, now - chosen.getUpdatedAt()),
                            now,
                            subtask,
                            null,
                            null,
                            null));
            metrics.decided(RULE);
        }
        clearWindow(ctx);
    }

    /**
     * The allocator's seed for a lane's n-th window: SplitMix64's finaliser over seed, lane and n,
     * so lanes and windows draw independent streams (a plain seed + n gave every lane's n-th window
     * the same one).
     */
    static long windowSeed(long seed, int lane, long windowIndex) {
        long z = seed + 0x9E3779B97F4A7C15L * (1 + windowIndex) + 0xBF58476D1CE4E5B9L * lane;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Dead-letters the tasks buffered past the deadline and keeps the others for the next window.
     */
    private void waitForServers(
            List<TaskRequest> tasks, List<Long> entered, long now, ReadOnlyContext ctx)
            throws Exception {
        List<TaskRequest> keep = new ArrayList<>();
        List<Long> keptEntered = new ArrayList<>();
        for (int i = 0; i < tasks.size(); i++) {
            TaskRequest t = tasks.get(i);
            // A window restored from state older than the entry list counts its tasks as entering
            // now.
            long since = i < entered.size() ? entered.get(i) : now;
            if (now - since >= settings.bufferDeadline().toMillis()) {
                ctx.output(
                        RouterFunction.DEAD_LETTERS,
                        DeadLetters.unroutable(
                                settings.tasksTopic(),
                                t.getTaskId(),
                                "no live server for the GA batch within the buffer deadline of "
                                        + settings.bufferDeadline().toMillis()
                                        + " ms",
                                now));
                metrics.deadLettered();
            } else {
                keep.add(t);
                keptEntered.add(since);
            }
        }
        clearWindow(ctx);
        if (!keep.isEmpty()) {
            window.update(keep);
            windowEntered.update(keptEntered);
            windowSize.update(keep.size());
            long at = now + settings.window().toMillis();
            windowTimer.update(at);
            ctx.timerService().registerProcessingTimeTimer(at);
        }
    }

    private void clearWindow(ReadOnlyContext ctx) throws Exception {
        Long due = windowTimer.value();
        if (due != null) {
            ctx.timerService().deleteProcessingTimeTimer(due);
        }
        window.clear();
        windowEntered.clear();
        windowSize.clear();
        windowTimer.clear();
    }

    /** Usable servers in id order, so the same state always gives the allocator the same input. */
    private static List<GaServerView> usableServers(
            ReadOnlyBroadcastState<String, GaServerView> state) throws Exception {
        List<GaServerView> servers = new ArrayList<>();
        for (Map.Entry<String, GaServerView> entry : state.immutableEntries()) {
            if (GaRecords.usable(entry.getValue().update)) {
                servers.add(entry.getValue());
            }
        }
        servers.sort(Comparator.comparing(v -> v.update.getServerId()));
        return servers;
    }
}
