package io.qrouter.job.state;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.estimate.OpenTask;
import io.qrouter.core.estimate.ServerEstimators;
import io.qrouter.core.estimate.WindowBucket;
import io.qrouter.job.records.EstimatorSerializers;
import io.qrouter.job.records.ServerState;
import java.util.Map;
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
 * A server's estimators, kept whole in its {@link ServerState}, and the keyed states where older
 * versions of the job kept parts of them: read once, when a server's estimators are next loaded,
 * moved into its state and cleared. Their serializers stay so that old savepoints restore.
 */
public final class EstimatorState {
    /**
     * Where state written before format 8 of {@link ServerState} kept the header: no longer
     * written, and moved into the server's state when next read.
     */
    public static final ValueStateDescriptor<ServerEstimators> LEGACY_HEADER =
            new ValueStateDescriptor<>("estimator-header", new EstimatorSerializers.Header());

    /**
     * Where state written before format 9 of {@link ServerState} kept the window's buckets, by ring
     * slot, and the open tasks, by task id: no longer written, and moved into the server's state
     * when next read.
     */
    public static final MapStateDescriptor<Integer, WindowBucket> LEGACY_BUCKETS =
            new MapStateDescriptor<>(
                    "estimator-buckets", IntSerializer.INSTANCE, new EstimatorSerializers.Bucket());

    /** See {@link #LEGACY_BUCKETS}. */
    public static final MapStateDescriptor<String, OpenTask> LEGACY_OPEN_TASKS =
            new MapStateDescriptor<>(
                    "estimator-open-tasks",
                    StringSerializer.INSTANCE,
                    new EstimatorSerializers.Task());

    /**
     * The pages of an arrival-time ring that state written before 2026-12-05 kept, for an empirical
     * GI/M/1 that nothing read: no longer written, and cleared with their server.
     */
    public static final MapStateDescriptor<Integer, long[]> LEGACY_ARRIVAL_PAGES =
            new MapStateDescriptor<>(
                    "estimator-arrival-pages",
                    Types.INT,
                    PrimitiveArrayTypeInfo.LONG_PRIMITIVE_ARRAY_TYPE_INFO);

    private EstimatorConfig config;
    private final ValueState<ServerEstimators> legacyHeader;
    private final MapState<Integer, WindowBucket> legacyBuckets;
    private final MapState<String, OpenTask> legacyOpenTasks;
    private final MapState<Integer, long[]> legacyArrivalPages;

    /** The current key's legacy states in {@code context}. */
    public EstimatorState(RuntimeContext context, EstimatorConfig config) {
        this.config = config;
        this.legacyHeader = context.getState(LEGACY_HEADER);
        this.legacyBuckets = context.getMapState(LEGACY_BUCKETS);
        this.legacyOpenTasks = context.getMapState(LEGACY_OPEN_TASKS);
        this.legacyArrivalPages = context.getMapState(LEGACY_ARRIVAL_PAGES);
    }

    /**
     * Settings from now on (live settings): the minimum observations apply to the next snapshot; a
     * new layout would start each server's window afresh, so live changes keep the layout.
     */
    public void use(EstimatorConfig next) {
        this.config = next;
    }

    /** {@code server}'s estimators, new ones if it has none. */
    public ServerEstimators load(ServerState server) throws Exception {
        ServerEstimators estimators = loadIfAny(server);
        if (estimators == null) {
            estimators = new ServerEstimators(config);
            server.estimators = estimators;
        }
        return estimators;
    }

    /** {@code server}'s estimators if it has any, else null. */
    public ServerEstimators loadIfAny(ServerState server) throws Exception {
        if (server.estimatorsInLegacyState) {
            server.estimators = legacyHeader.value();
            legacyHeader.clear();
            server.estimatorsInLegacyState = false;
        }
        if (server.windowInLegacyState) {
            moveLegacyWindow(server.estimators);
            server.windowInLegacyState = false;
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
        return estimators;
    }

    private void moveLegacyWindow(ServerEstimators estimators) throws Exception {
        if (estimators != null) {
            for (Map.Entry<Integer, WindowBucket> bucket : legacyBuckets.entries()) {
                estimators.getWindow().restore(bucket.getValue());
            }
            for (Map.Entry<String, OpenTask> task : legacyOpenTasks.entries()) {
                estimators.getOpenTasks().restore(task.getKey(), task.getValue());
            }
        }
        legacyBuckets.clear();
        legacyOpenTasks.clear();
    }

    /** Drops {@code server}'s estimators, wherever a job of any version kept them. */
    public void clear(ServerState server) {
        server.estimators = null;
        server.estimatorsInLegacyState = false;
        server.windowInLegacyState = false;
        legacyHeader.clear();
        legacyBuckets.clear();
        legacyOpenTasks.clear();
        legacyArrivalPages.clear();
    }
}
