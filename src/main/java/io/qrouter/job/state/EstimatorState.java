package io.qrouter.job.state;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.estimate.EstimatorStore;
import io.qrouter.core.estimate.OpenTask;
import io.qrouter.core.estimate.ServerEstimators;
import io.qrouter.core.estimate.StateMap;
import io.qrouter.core.estimate.WindowBucket;
import io.qrouter.job.records.EstimatorSerializers;
import io.qrouter.job.records.ServerState;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;

/**
 * A server's estimators in keyed state, laid out so that a lifecycle event costs a few small
 * entries under RocksDB (not a rewrite of its whole window): the {@link ServerEstimators} header (a
 * few counters) in the server's {@link ServerState}, and the window's buckets and the open tasks
 * each in a MapState, one entry apiece. Each is written by a hand-written serializer ({@link
 * EstimatorSerializers}), not by reflection.
 */
public final class EstimatorState implements EstimatorStore {
    /**
     * Where state written before format 8 of {@link ServerState} kept the header: no longer
     * written, and moved into the server's state when next read.
     */
    public static final ValueStateDescriptor<ServerEstimators> LEGACY_HEADER =
            new ValueStateDescriptor<>("estimator-header", new EstimatorSerializers.Header());

    static final MapStateDescriptor<Integer, WindowBucket> BUCKETS =
            new MapStateDescriptor<>(
                    "estimator-buckets", IntSerializer.INSTANCE, new EstimatorSerializers.Bucket());

    /**
     * The pages of an arrival-time ring that state written before 2026-12-05 kept, for an empirical
     * GI/M/1 that nothing read: no longer written, and cleared with their server.
     */
    public static final MapStateDescriptor<Integer, long[]> LEGACY_ARRIVAL_PAGES =
            new MapStateDescriptor<>(
                    "estimator-arrival-pages",
                    Types.INT,
                    PrimitiveArrayTypeInfo.LONG_PRIMITIVE_ARRAY_TYPE_INFO);

    static final MapStateDescriptor<String, OpenTask> OPEN_TASKS =
            new MapStateDescriptor<>(
                    "estimator-open-tasks",
                    StringSerializer.INSTANCE,
                    new EstimatorSerializers.Task());

    private EstimatorConfig config;
    private final ValueState<ServerEstimators> legacyHeader;
    private final MapStateMap<Integer, WindowBucket> buckets;
    private final MapState<Integer, long[]> legacyArrivalPages;
    private final MapStateMap<String, OpenTask> openTasks;

    /** The current key's estimators in {@code context}'s keyed states, through {@code caching}. */
    public EstimatorState(RuntimeContext context, EstimatorConfig config, StateCaching caching) {
        this.config = config;
        this.legacyHeader = context.getState(LEGACY_HEADER);
        this.buckets = new MapStateMap<>(caching.map(context.getMapState(BUCKETS)));
        this.legacyArrivalPages = context.getMapState(LEGACY_ARRIVAL_PAGES);
        this.openTasks = new MapStateMap<>(caching.map(context.getMapState(OPEN_TASKS)));
    }

    /**
     * Settings from now on (live settings): the minimum observations apply to the next snapshot; a
     * new layout would start each server's window afresh, so live changes keep the layout.
     */
    public void use(EstimatorConfig next) {
        this.config = next;
    }

    /** {@code server}'s estimators (new ones if it has none), attached to its entries. */
    public ServerEstimators load(ServerState server) throws Exception {
        ServerEstimators estimators = loadIfAny(server);
        if (estimators == null) {
            estimators = new ServerEstimators(config, this);
            server.estimators = estimators;
        }
        return estimators;
    }

    /** {@code server}'s estimators if it has any, attached to its entries; else null. */
    public ServerEstimators loadIfAny(ServerState server) throws Exception {
        if (server.estimatorsInLegacyState) {
            server.estimators = legacyHeader.value();
            legacyHeader.clear();
            server.estimatorsInLegacyState = false;
        }
        ServerEstimators estimators = server.estimators;
        if (estimators == null) {
            return null;
        }
        // Settings come from the job's configuration, state holds data: after a restore with new
        // estimator settings, the minimum observations apply at once; a new window or memory bound
        // starts the window afresh.
        if (!estimators.getConfig().sameLayoutAs(config)) {
            clear(server);
            return null;
        }
        estimators.setConfig(config);
        return estimators.attach(this);
    }

    /** Drops {@code server}'s estimators, wherever a job of any version kept them. */
    public void clear(ServerState server) {
        server.estimators = null;
        server.estimatorsInLegacyState = false;
        legacyHeader.clear();
        buckets.clear();
        legacyArrivalPages.clear();
        openTasks.clear();
    }

    @Override
    public StateMap<Integer, WindowBucket> buckets() {
        return buckets;
    }

    @Override
    public StateMap<String, OpenTask> openTasks() {
        return openTasks;
    }
}
