package io.qrouter.job;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import io.qrouter.control.ControlState;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.api.operators.co.KeyedCoProcessOperator;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.types.Either;

import java.util.List;

/**
 * Operator test harnesses for the job's functions, with Flink's generic (Kryo) serialisation disabled, so that a
 * state or record type that is not a POJO or Avro fails the test instead of silently falling back to Kryo.
 */
final class Harnesses {
    static final int MAX_PARALLELISM = 128;

    private Harnesses() {
    }

    static KeyedTwoInputStreamOperatorTestHarness<String, TaskEvent, Heartbeat, ServerUpdate> serverState(
            RoutingSettings settings, OperatorSubtaskState restoreFrom) throws Exception {
        var harness = new KeyedTwoInputStreamOperatorTestHarness<>(
                new KeyedCoProcessOperator<>(new ServerStateFunction(settings)),
                TaskEvent::getServerId, Heartbeat::getServerId, Types.STRING);
        return start(harness, restoreFrom);
    }

    static KeyedTwoInputStreamOperatorTestHarness<String, Either<DeadLetter, ControlCommand>, ServerSignal, ControlState>
            control(ControlSettings settings, OperatorSubtaskState restoreFrom) throws Exception {
        var harness = new KeyedTwoInputStreamOperatorTestHarness<>(
                new KeyedCoProcessOperator<>(new ControlFunction(settings)),
                ControlFunction.COMMAND_KEY, ControlFunction.SERVER_KEY, Types.STRING);
        return start(harness, restoreFrom);
    }

    static KeyedBroadcastOperatorTestHarness<String, ServerUpdate, ControlState, ServerUpdate> adminGate(
            int parallelism, int subtask, OperatorSubtaskState restoreFrom) throws Exception {
        var harness = new KeyedBroadcastOperatorTestHarness<>(
                new CoBroadcastWithKeyedOperator<>(new AdminGateFunction(), List.of(ControlFunction.BROADCAST)),
                ServerUpdate::getServerId, Types.STRING, MAX_PARALLELISM, parallelism, subtask);
        return start(harness, restoreFrom);
    }

    static KeyedBroadcastOperatorTestHarness<String, TaskRequest, ServerUpdate, RoutingDecision> router(
            RoutingSettings settings, int parallelism, int subtask, OperatorSubtaskState restoreFrom) throws Exception {
        return broadcast(new RouterFunction(settings), RouterFunction.TASK_KEY, Types.STRING,
                RouterFunction.SNAPSHOTS, parallelism, subtask, restoreFrom);
    }

    static <K, OUT> KeyedBroadcastOperatorTestHarness<K, TaskRequest, ServerUpdate, OUT> broadcast(
            KeyedBroadcastProcessFunction<K, TaskRequest, ServerUpdate, OUT> function,
            KeySelector<TaskRequest, K> key, TypeInformation<K> keyType, MapStateDescriptor<?, ?> broadcastState,
            int parallelism, int subtask, OperatorSubtaskState restoreFrom) throws Exception {
        var harness = new KeyedBroadcastOperatorTestHarness<>(
                new CoBroadcastWithKeyedOperator<>(function, List.of(broadcastState)),
                key, keyType, MAX_PARALLELISM, parallelism, subtask);
        return start(harness, restoreFrom);
    }

    private static <H extends AbstractStreamOperatorTestHarness<?>> H start(H harness, OperatorSubtaskState restoreFrom)
            throws Exception {
        ((SerializerConfigImpl) harness.getExecutionConfig().getSerializerConfig()).setGenericTypes(false);
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
