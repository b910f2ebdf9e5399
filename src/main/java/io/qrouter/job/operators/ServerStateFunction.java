package io.qrouter.job.operators;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.convert.DeadLetters;
import io.qrouter.job.convert.EventTypes;
import io.qrouter.job.convert.HeartbeatFields;
import io.qrouter.job.convert.QueueFigures;
import io.qrouter.job.records.ServerState;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.UpdateNews;
import io.qrouter.job.state.BroadcastStates;
import io.qrouter.job.state.EstimatorState;
import io.qrouter.job.state.StateCaching;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.types.Either;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * Per-server state, keyed by server id: lifecycle events and heartbeats (one input, {@link
 * #SERVER_KEY}) keep the server's queue, its estimator windows and its status. The routers' view is
 * kept fresh: a lifecycle event that changes the queue length or acknowledges an ENQUEUED emits a
 * {@link ServerUpdate} at once (or after {@code updateCoalesceMillis}, except that a server
 * becoming idle is always reported at once, as seed 000's join-idle-queue intends). Every heartbeat
 * emits a {@link HeartbeatLog} record ({@link #HEARTBEAT_LOG}); when it brings news ({@link
 * UpdateNews#isNewsAfter(ServerState, boolean)}), an update with the new estimates; and when its
 * {@link ServerMetrics} record ({@link #METRICS}) shows anything the last one written did not, or
 * {@code server.metrics-refresh.ms} passed since, that record: a fleet of idle servers then costs
 * one record per server and refresh, not one per heartbeat. The design notes (down detection,
 * cleanup, queue length, late records) are in {@code docs/design.md}.
 *
 * <p>The broadcast input brings the {@link LiveSettings} operators set ({@code qrouter control
 * set}), kept in broadcast state; until the first, the configured values hold. A change applies
 * from every server's next record (the down timeout and heartbeat range from its next heartbeat).
 *
 * <p>Records of servers not admitted ({@code server.admission}) go to {@link #NOT_ADMITTED}. Near
 * 500 lines because every handler reads and writes one server's state and timers.
 */
public class ServerStateFunction
        extends KeyedBroadcastProcessFunction<
                String, Either<TaskEvent, Heartbeat>, LiveSettings, ServerUpdate> {
    private static final long serialVersionUID = 1L;

    /**
     * On a heartbeat that changes what the record shows or is due for a refresh, and when the
     * server is marked down: topic {@code server-metrics}.
     */
    public static final OutputTag<ServerMetrics> METRICS =
            new OutputTag<>("server-metrics", new AvroTypeInfo<>(ServerMetrics.class));

    /** Records of servers not admitted ({@code server.admission}): topic {@code dead-letter}. */
    public static final OutputTag<DeadLetter> NOT_ADMITTED =
            new OutputTag<>("servers-not-admitted", new AvroTypeInfo<>(DeadLetter.class));

    /** One per heartbeat: topic {@code heartbeat-log}. */
    public static final OutputTag<HeartbeatLog> HEARTBEAT_LOG =
            new OutputTag<>("heartbeat-log", new AvroTypeInfo<>(HeartbeatLog.class));

    static final ValueStateDescriptor<ServerState> SERVER_STATE =
            new ValueStateDescriptor<>("server", ServerState.class);

    /**
     * Where state written before format 7 of {@link ServerState} kept its queue changes, (event
     * time, change of the queue length) in arrival order: no longer written; a restored server's
     * next heartbeat moves them into its state ({@link ServerState#queueChangesInLegacyList}).
     */
    static final ListStateDescriptor<Tuple2<Long, Integer>> LEGACY_QUEUE_CHANGES =
            new ListStateDescriptor<>("queue-changes", Types.TUPLE(Types.LONG, Types.INT));

    /** Lifecycle events and heartbeats, by server id. */
    public static final KeySelector<Either<TaskEvent, Heartbeat>, String> SERVER_KEY =
            record -> record.isLeft() ? record.left().getServerId() : record.right().getServerId();

    private final ServerStateSettings configured;

    /** The settings in force: the configured ones with the live ones applied. */
    private transient ServerStateSettings settings;

    /** The live settings {@link #settings} was built from; null: none set. */
    private transient LiveSettings appliedLive;

    /**
     * Whether the broadcast state may hold live settings not yet applied: after a start or restore,
     * and after each broadcast record. Reading it on every record cost a lookup and an allocation.
     */
    private transient boolean liveSettingsUnread;

    /**
     * Counts the admission settings put in force, from 1: a server admitted in the current epoch is
     * not checked again ({@link ServerState#admittedInEpoch}).
     */
    private transient int admissionEpoch;

    /** Set by {@link ServerStateOperator} before {@link #open}, else the states themselves. */
    private transient StateCaching caching;

    private transient ValueState<ServerState> server;

    /** The current record's state as read (null: a new server); on the heap, the stored object. */
    private transient ServerState stored;

    private transient EstimatorState estimators;
    private transient ListState<Tuple2<Long, Integer>> legacyQueueChanges;
    private transient AdaptiveHeartbeat adaptiveHeartbeat;
    private transient Counter lateRecords;
    private transient Counter heartbeats;
    private transient Counter recordsNotAdmitted;

    public ServerStateFunction(ServerStateSettings settings) {
        this.configured = settings;
    }

    /** Keeps the keyed states in {@code caching} (call before {@link #open}). */
    void cacheStatesIn(StateCaching caching) {
        this.caching = caching;
    }

    @Override
    public void open(OpenContext openContext) {
        if (caching == null) {
            caching = StateCaching.DIRECT;
        }
        server = caching.value(getRuntimeContext().getState(SERVER_STATE));
        legacyQueueChanges = getRuntimeContext().getListState(LEGACY_QUEUE_CHANGES);
        estimators = new EstimatorState(getRuntimeContext(), configured.estimatorConfig());
        use(configured);
        liveSettingsUnread = true;
        lateRecords = getRuntimeContext().getMetricGroup().counter("lateRecords");
        heartbeats = getRuntimeContext().getMetricGroup().counter("heartbeats");
        recordsNotAdmitted = getRuntimeContext().getMetricGroup().counter("recordsNotAdmitted");
    }

    @Override
    public void processBroadcastElement(LiveSettings live, Context ctx, Collector<ServerUpdate> out)
            throws Exception {
        ctx.getBroadcastState(BroadcastStates.LIVE_SETTINGS).put(BroadcastStates.LIVE_KEY, live);
        liveSettingsUnread = true;
    }

    @Override
    public void processElement(
            Either<TaskEvent, Heartbeat> record, ReadOnlyContext ctx, Collector<ServerUpdate> out)
            throws Exception {
        followLiveSettings(ctx);
        // Read around the state cache until the server is admitted: records of ids nobody listed
        // must not push admitted servers out of it.
        caching.admitNewKeys(false);
        ServerState state = server.value();
        stored = state;
        if (state == null || state.admittedInEpoch != admissionEpoch) {
            String refusal = settings.admission().refusal(ctx.getCurrentKey());
            if (refusal != null) {
                refuse(record, refusal, state, ctx, out);
                return;
            }
        }
        // Under RocksDB with the state cache, lifecycle events bring their server into the cache (a
        // busy server's events then cost no RocksDB call); a heartbeat of a server not in it reads
        // and writes RocksDB directly, so that a large idle fleet does not churn the cache.
        caching.admitNewKeys(record.isLeft());
        state = loadOrCreate(ctx, state);
        state.admittedInEpoch = admissionEpoch;
        if (record.isLeft()) {
            onEvent(record.left(), state, ctx, out);
        } else {
            onHeartbeat(record.right(), state, ctx, out);
        }
    }

    /**
     * Dead-letters a record of a server that is not admitted; a server that was (deregistered
     * since) is forgotten at once, so the routers stop sending it tasks.
     */
    private void refuse(
            Either<TaskEvent, Heartbeat> record,
            String reason,
            ServerState state,
            ReadOnlyContext ctx,
            Collector<ServerUpdate> out)
            throws Exception {
        long now = ctx.timerService().currentProcessingTime();
        recordsNotAdmitted.inc();
        ctx.output(
                NOT_ADMITTED,
                DeadLetters.notAdmitted(
                        settings.admission(),
                        record.isLeft() ? record.left() : null,
                        ctx.getCurrentKey(),
                        reason,
                        now));
        if (state != null) {
            forget(ctx, state, out);
        }
    }

    /**
     * Puts the live settings in force if they changed since the last record (also the first record
     * after a restore, which brings them back from broadcast state).
     */
    private void followLiveSettings(ReadOnlyContext ctx) throws Exception {
        if (!liveSettingsUnread) {
            return;
        }
        liveSettingsUnread = false;
        LiveSettings live =
                ctx.getBroadcastState(BroadcastStates.LIVE_SETTINGS).get(BroadcastStates.LIVE_KEY);
        if (live != appliedLive) {
            appliedLive = live;
            use(configured.with(live));
        }
    }

    private void use(ServerStateSettings next) {
        if (settings == null || !next.admission().equals(settings.admission())) {
            admissionEpoch++;
        }
        settings = next;
        estimators.use(next.estimatorConfig());
        adaptiveHeartbeat =
                new AdaptiveHeartbeat(
                        next.heartbeatMin().toMillis(), next.heartbeatMax().toMillis());
    }

    private void onEvent(
            TaskEvent event, ServerState state, ReadOnlyContext ctx, Collector<ServerUpdate> out)
            throws Exception {
        countIfLate(ctx, state);
        state.countEvent(event.getType());
        if (event.getType() == TaskEventType.ENQUEUED) {
            // Counted in the next update's queue length whatever its event time (in the heartbeat's
            // count if at or before it, else in the queue changes): that update acknowledges it.
            state.acknowledgeEnqueued(event.getTaskId());
        }
        long eventTime = event.getEventTime().toEpochMilli();
        estimators
                .load(state)
                .onEvent(EventTypes.lifecycle(event.getType()), event.getTaskId(), eventTime);
        if (eventTime > state.lastHeartbeatAt) {
            state.eventAfterHeartbeat = true;
            state.updatedAt = Math.max(state.updatedAt, eventTime);
            int change = EventTypes.queueChange(event.getType());
            if (change != 0) {
                state.queueChanges.add(eventTime, change);
                state.queueChangeSinceHeartbeat += change;
            }
        }
        if (state.alive && state.hasUnreportedChange()) {
            reportQueueChange(ctx, state, out);
        }
        store(state);
    }

    /**
     * Tells the routers a queue change or an ENQUEUED to acknowledge: at once when coalescing is
     * off or the server just became idle, else once per coalescing window (the timer emits the
     * state as it is then). An ENQUEUED at or before the last heartbeat changes no queue (the
     * heartbeat counted it) but is reported as promptly: its router stops counting the task as in
     * flight, and no list of ids piles up in the state until a heartbeat.
     */
    private void reportQueueChange(
            ReadOnlyContext ctx, ServerState state, Collector<ServerUpdate> out) {
        long window = settings.updateCoalesce().toMillis();
        if (window == 0 || state.queueLength() == 0) {
            emitUpdate(state, false, out);
        } else if (state.updateTimerAt == ServerState.NO_TIMER) {
            state.updateTimerAt = ctx.timerService().currentProcessingTime() + window;
            ctx.timerService().registerProcessingTimeTimer(state.updateTimerAt);
        }
    }

    /** Emits the server's current update and starts a new acknowledgement list. */
    private void emitUpdate(ServerState state, boolean heartbeat, Collector<ServerUpdate> out) {
        emit(state, ServerReports.update(state, heartbeat), out);
    }

    private void emit(ServerState state, ServerUpdate update, Collector<ServerUpdate> out) {
        out.collect(update);
        state.emittedQueueLength = update.getQueueLength();
        state.emittedNews = UpdateNews.fingerprint(update, settings.resourcesRead());
        state.clearAcknowledgements();
    }

    private void onHeartbeat(
            Heartbeat heartbeat,
            ServerState state,
            ReadOnlyContext ctx,
            Collector<ServerUpdate> out)
            throws Exception {
        countIfLate(ctx, state);
        heartbeats.inc();
        if (state.hasHeartbeat() && heartbeat.getSentAt().toEpochMilli() < state.lastHeartbeatAt) {
            state.lateRecords++;
            lateRecords.inc();
            store(state);
            return;
        }
        applyHeartbeat(heartbeat, state);
        int queueLength = state.queueLength();
        QueueFigures figures = figures(state, heartbeat.getSentAt().toEpochMilli());
        figures.rememberIn(state);
        state.recommendedHeartbeatMillis =
                adaptiveHeartbeat.nextIntervalMillis(
                        queueLength, figures.rho() == null ? Double.NaN : figures.rho());

        outputMetrics(ctx, state, queueLength, figures, state.lastHeartbeatAt, false);
        ctx.output(HEARTBEAT_LOG, ServerReports.heartbeatLog(state, queueLength, figures));
        state.resetEventCounts();

        if (heartbeat.getLeaving()) {
            forget(ctx, state, out);
            return;
        }
        if (UpdateNews.isNewsAfter(state, settings.resourcesRead())) {
            emit(state, ServerReports.update(state, true), out);
        }
        scheduleDown(ctx, state);
        store(state);
    }

    private void store(ServerState state) throws Exception {
        if (state != stored || !caching.changesInPlaceAreStored()) {
            server.update(state);
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<ServerUpdate> out)
            throws Exception {
        caching.admitNewKeys(false);
        ServerState state = server.value();
        stored = state;
        if (state == null) {
            return;
        }
        followLiveSettings(ctx);
        if (timestamp == state.updateTimerAt) {
            state.updateTimerAt = ServerState.NO_TIMER;
            if (state.alive && state.hasUnreportedChange()) {
                emitUpdate(state, false, out);
            }
        }
        if (timestamp == state.downTimerAt && timestamp < state.downAt) {
            // heartbeats came since the timer was set: wait for the silence that is still due
            state.downTimerAt = state.downAt;
            ctx.timerService().registerProcessingTimeTimer(state.downTimerAt);
        } else if (timestamp == state.downTimerAt) {
            state.downTimerAt = ServerState.NO_TIMER;
            state.downAt = ServerState.NO_TIMER;
            state.alive = false;
            int queueLength = state.queueLength();
            QueueFigures figures = figures(state, state.lastHeartbeatAt);
            figures.rememberIn(state);
            emitUpdate(state, true, out);
            outputMetrics(ctx, state, queueLength, figures, timestamp, true);
            scheduleForget(ctx, state);
        } else if (timestamp == state.forgetTimerAt) {
            state.forgetTimerAt = ServerState.NO_TIMER;
            forget(ctx, state, out);
            return;
        }
        store(state);
    }

    /**
     * Writes the server's metrics at {@code atMillis} when {@code always}, when they show something
     * the last record written did not, or when the last one is {@code server.metrics-refresh.ms}
     * older (by heartbeat times) than the server's latest heartbeat.
     */
    private void outputMetrics(
            ReadOnlyContext ctx,
            ServerState state,
            int queueLength,
            QueueFigures figures,
            long atMillis,
            boolean always) {
        long fingerprint = ServerReports.metricsFingerprint(state, queueLength, figures);
        if (always
                || state.metricsWrittenAt == ServerState.NEVER
                || state.metricsFingerprint != fingerprint
                || state.lastHeartbeatAt - state.metricsWrittenAt
                        >= settings.metricsRefresh().toMillis()) {
            ctx.output(METRICS, ServerReports.metrics(state, queueLength, figures, atMillis));
            state.metricsFingerprint = fingerprint;
            state.metricsWrittenAt = state.lastHeartbeatAt;
        }
    }

    /**
     * Estimates over the window ending at {@code atMillis} (event time) and the metrics they give.
     */
    private QueueFigures figures(ServerState state, long atMillis) throws Exception {
        return QueueFigures.of(settings, estimators.loadIfAny(state), atMillis, state);
    }

    /** {@code state} as read, or a new one for a server not seen before. */
    private ServerState loadOrCreate(ReadOnlyContext ctx, ServerState state) {
        if (state == null) {
            state = ServerState.of(ctx.getCurrentKey());
            // Until a first heartbeat proves the server exists, its state lives only as long as a
            // down server's.
            scheduleForget(ctx, state);
        }
        return state;
    }

    private void applyHeartbeat(Heartbeat heartbeat, ServerState state) throws Exception {
        HeartbeatFields.copyInto(heartbeat, state);
        if (state.queueChangesInLegacyList) {
            for (Tuple2<Long, Integer> change : legacyQueueChanges.get()) {
                state.queueChanges.add(change.f0, change.f1);
            }
            legacyQueueChanges.clear();
            state.queueChangesInLegacyList = false;
        }
        // the heartbeat's queue length counts the events at or before it
        state.queueChangeSinceHeartbeat -= state.queueChanges.dropUpTo(state.lastHeartbeatAt);
        state.eventAfterHeartbeat = !state.queueChanges.isEmpty();
    }

    private void countIfLate(ReadOnlyContext ctx, ServerState state) {
        Long timestamp = ctx.timestamp();
        if (timestamp != null && timestamp < ctx.timerService().currentWatermark()) {
            state.lateRecords++;
            lateRecords.inc();
        }
    }

    /**
     * Sets when the server counts as down without another heartbeat. The registered timer stays
     * when it fires no later than that (it then waits again, in {@link #onTimer}): a heartbeat
     * costs no timer deletion and registration, which were the largest part of a heartbeat's cost
     * in a fleet of 20,000 servers.
     */
    private void scheduleDown(ReadOnlyContext ctx, ServerState state) {
        if (state.forgetTimerAt != ServerState.NO_TIMER) {
            ctx.timerService().deleteProcessingTimeTimer(state.forgetTimerAt);
            state.forgetTimerAt = ServerState.NO_TIMER;
        }
        long silence =
                Math.max(
                        settings.downTimeout().toMillis(),
                        AdaptiveHeartbeat.MISSED_BEATS_BEFORE_DOWN * state.heartbeatIntervalMillis);
        state.downAt = ctx.timerService().currentProcessingTime() + silence;
        if (state.downTimerAt == ServerState.NO_TIMER || state.downTimerAt > state.downAt) {
            if (state.downTimerAt != ServerState.NO_TIMER) {
                ctx.timerService().deleteProcessingTimeTimer(state.downTimerAt);
            }
            state.downTimerAt = state.downAt;
            ctx.timerService().registerProcessingTimeTimer(state.downTimerAt);
        }
    }

    private void scheduleForget(ReadOnlyContext ctx, ServerState state) {
        deleteTimers(ctx, state);
        state.forgetTimerAt =
                ctx.timerService().currentProcessingTime() + settings.forgetDownAfter().toMillis();
        ctx.timerService().registerProcessingTimeTimer(state.forgetTimerAt);
    }

    private static void deleteTimers(ReadOnlyContext ctx, ServerState state) {
        state.downAt = ServerState.NO_TIMER;
        if (state.downTimerAt != ServerState.NO_TIMER) {
            ctx.timerService().deleteProcessingTimeTimer(state.downTimerAt);
            state.downTimerAt = ServerState.NO_TIMER;
        }
        if (state.forgetTimerAt != ServerState.NO_TIMER) {
            ctx.timerService().deleteProcessingTimeTimer(state.forgetTimerAt);
            state.forgetTimerAt = ServerState.NO_TIMER;
        }
    }

    private void forget(ReadOnlyContext ctx, ServerState state, Collector<ServerUpdate> out) {
        deleteTimers(ctx, state);
        if (state.updateTimerAt != ServerState.NO_TIMER) {
            ctx.timerService().deleteProcessingTimeTimer(state.updateTimerAt);
        }
        out.collect(ServerReports.gone(state));
        server.clear();
        estimators.clear(state);
        legacyQueueChanges.clear();
    }
}
