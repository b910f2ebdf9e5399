package io.qrouter.job;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.control.ControlState;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.operators.ControlAuthFunction;
import io.qrouter.job.operators.ControlFunction;
import io.qrouter.job.operators.DsrsArrivalCounter;
import io.qrouter.job.operators.DsrsSlotFunction;
import io.qrouter.job.records.ServerSignal;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.SlotArrivals;
import io.qrouter.job.state.BroadcastStates;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.CheckpointStorage;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.operators.co.KeyedCoProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.types.Either;

/**
 * Operator test harnesses for the job's functions, with Flink's generic (Kryo) serialisation
 * disabled, so that a state or record type that is not a POJO or Avro fails the test instead of
 * silently falling back to Kryo.
 */
public final class Harnesses {
    public static final int MAX_PARALLELISM = 128;

    private Harnesses() {}

    public static ServerStateHarness serverState(
            ServerStateSettings settings, OperatorSubtaskState restoreFrom) throws Exception {
        return serverState(settings, restoreFrom, null);
    }

    /**
     * The per-server state on {@code backend} (null: the harness's default, on the heap). Its
     * broadcast input's watermark is at the end of time from the start, as the control stream's is
     * in the job, so the event input alone sets event time.
     */
    public static ServerStateHarness serverState(
            ServerStateSettings settings, OperatorSubtaskState restoreFrom, StateBackend backend)
            throws Exception {
        return serverState(
                settings, restoreFrom, backend, ServerStateHarness.DEFAULT_CACHED_SERVERS);
    }

    /** As above, with a state cache of {@code cachedServers} servers (when not on the heap). */
    public static ServerStateHarness serverState(
            ServerStateSettings settings,
            OperatorSubtaskState restoreFrom,
            StateBackend backend,
            int cachedServers)
            throws Exception {
        return serverState(settings, restoreFrom, backend, cachedServers, null);
    }

    /**
     * As above, checkpointing to {@code storage} (null: the harness's default, in memory and at
     * most 5 MB a checkpoint).
     */
    public static ServerStateHarness serverState(
            ServerStateSettings settings,
            OperatorSubtaskState restoreFrom,
            StateBackend backend,
            int cachedServers,
            CheckpointStorage storage)
            throws Exception {
        return serverState(
                new ServerStateHarness(settings, cachedServers), restoreFrom, backend, storage);
    }

    /**
     * As above, every output record handed to {@code output} rather than kept in the harness's
     * lists, which copy each record with a serializer made for it: in a benchmark that copy costs
     * more than the operator.
     */
    public static ServerStateHarness serverStateInto(
            ServerStateSettings settings,
            StateBackend backend,
            int cachedServers,
            CheckpointStorage storage,
            Output<StreamRecord<ServerUpdate>> output)
            throws Exception {
        ServerStateHarness harness = new ServerStateHarness(settings, cachedServers);
        harness.setOutputCreator(serializer -> output);
        return serverState(harness, null, backend, storage);
    }

    /**
     * The per-server state keyed as qrouter before its own key serializer did: by Flink's string
     * serializer.
     */
    public static ServerStateHarness serverStateKeyedByFlinksStrings(
            ServerStateSettings settings, StateBackend backend) throws Exception {
        return serverState(
                new ServerStateHarness(
                        settings, ServerStateHarness.DEFAULT_CACHED_SERVERS, Types.STRING),
                null,
                backend,
                null);
    }

    private static ServerStateHarness serverState(
            ServerStateHarness harness,
            OperatorSubtaskState restoreFrom,
            StateBackend backend,
            CheckpointStorage storage)
            throws Exception {
        if (backend != null) {
            harness.setStateBackend(backend);
        }
        if (storage != null) {
            harness.setCheckpointStorage(storage);
        }
        start(harness, restoreFrom);
        harness.processBroadcastWatermark(Long.MAX_VALUE);
        return harness;
    }

    /** The control topic's reader, authenticating commands and applying {@code set}s. */
    public static KeyedOneInputStreamOperatorTestHarness<
                    String, Either<DeadLetter, ControlCommand>, ControlCommand>
            controlAuth(
                    ControlSettings settings,
                    JobConfig configured,
                    OperatorSubtaskState restoreFrom)
                    throws Exception {
        var harness =
                new KeyedOneInputStreamOperatorTestHarness<>(
                        new KeyedProcessOperator<>(
                                new ControlAuthFunction(
                                        settings, ServerStateSettings.from(configured))),
                        ControlAuthFunction.KEY,
                        Types.STRING);
        return start(harness, restoreFrom);
    }

    public static KeyedTwoInputStreamOperatorTestHarness<
                    String, ControlCommand, ServerSignal, ControlState>
            control(ControlSettings settings, OperatorSubtaskState restoreFrom) throws Exception {
        var harness =
                new KeyedTwoInputStreamOperatorTestHarness<>(
                        new KeyedCoProcessOperator<>(new ControlFunction(settings)),
                        ControlFunction.COMMAND_KEY,
                        ControlFunction.SERVER_KEY,
                        Types.STRING);
        return start(harness, restoreFrom);
    }

    public static RouterHarness router(
            RouterSettings settings, int parallelism, int subtask, OperatorSubtaskState restoreFrom)
            throws Exception {
        return start(new RouterHarness(settings, parallelism, subtask), restoreFrom);
    }

    /**
     * One router subtask of one, every output record handed to {@code output} (as {@link
     * #serverStateInto}).
     */
    public static RouterHarness routerInto(
            RouterSettings settings, Output<StreamRecord<RoutingDecision>> output)
            throws Exception {
        RouterHarness harness = new RouterHarness(settings, 1, 0);
        harness.setOutputCreator(serializer -> output);
        return start(harness, null);
    }

    public static <K, IN, OUT> FeedHarness<K, IN, OUT> broadcast(
            KeyedBroadcastProcessFunction<K, IN, Either<ServerUpdate, ControlState>, OUT> function,
            KeySelector<IN, K> key,
            TypeInformation<K> keyType,
            MapStateDescriptor<?, ?> servers,
            int parallelism,
            int subtask,
            OperatorSubtaskState restoreFrom)
            throws Exception {
        return start(
                new FeedHarness<>(function, key, keyType, servers, parallelism, subtask),
                restoreFrom);
    }

    /**
     * The DSRS step as the job runs it: {@code counters} arrival counters (one per task partition)
     * feeding it.
     */
    public static DsrsHarness dsrs(DsrsSettings settings, int counters) throws Exception {
        return dsrs(settings, counters, null);
    }

    /** {@link #dsrs(DsrsSettings, int)}, its DSRS step restored from {@code restoreFrom}. */
    public static DsrsHarness dsrs(
            DsrsSettings settings, int counters, OperatorSubtaskState restoreFrom)
            throws Exception {
        List<OneInputStreamOperatorTestHarness<TaskRequest, SlotArrivals>> counting =
                new ArrayList<>();
        for (int i = 0; i < counters; i++) {
            counting.add(
                    start(
                            new OneInputStreamOperatorTestHarness<>(
                                    new DsrsArrivalCounter(settings.slot().toMillis())),
                            null));
        }
        return new DsrsHarness(
                counting,
                broadcast(
                        new DsrsSlotFunction(settings),
                        DsrsSlotFunction.SERVICE_KEY,
                        Types.STRING,
                        BroadcastStates.SERVER_UPDATES,
                        1,
                        0,
                        restoreFrom));
    }

    private static <H extends AbstractStreamOperatorTestHarness<?>> H start(
            H harness, OperatorSubtaskState restoreFrom) throws Exception {
        ((SerializerConfigImpl) harness.getExecutionConfig().getSerializerConfig())
                .setGenericTypes(false);
        harness.setup();
        if (restoreFrom == null) {
            harness.initializeEmptyState();
        } else {
            harness.initializeState(restoreFrom);
        }
        harness.open();
        return harness;
    }
}
