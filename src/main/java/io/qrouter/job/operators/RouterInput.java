package io.qrouter.job.operators;

import io.qrouter.avro.TaskRequest;
import io.qrouter.core.policy.ServerSnapshot;
import io.qrouter.core.policy.TokenPlacer;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;

/**
 * The router's input: a task with the key it is keyed by (its id, or a key the {@link
 * TaskPlacerFunction} chose so that it reaches one router subtask) and the idle server the placer
 * named for it, with the count of tasks that server had received in the placer's report of it
 * (empty and {@link ServerSnapshot#TASKS_RECEIVED_UNKNOWN} when it named none).
 */
public final class RouterInput extends Tuple4<String, TaskRequest, String, Long> {
    private static final long serialVersionUID = 1L;

    public static final TypeInformation<RouterInput> TYPE =
            new TupleTypeInfo<>(
                    RouterInput.class,
                    Types.STRING,
                    new AvroTypeInfo<>(TaskRequest.class),
                    Types.STRING,
                    Types.LONG);

    /** The key the router's input must be keyed by. */
    public static final KeySelector<RouterInput, String> KEY = input -> input.f0;

    /** For Flink's serializer. */
    public RouterInput() {}

    private RouterInput(String key, TaskRequest task, String placedServer, long tasksReceived) {
        super(key, task, placedServer, tasksReceived);
    }

    /** A task keyed by its id, for routers without a placer in front. */
    public static RouterInput byId(TaskRequest task) {
        return new RouterInput(task.getTaskId(), task, "", ServerSnapshot.TASKS_RECEIVED_UNKNOWN);
    }

    /** A task keyed for the router the placer chose, with the idle server it named. */
    public static RouterInput placed(String key, TaskRequest task, TokenPlacer.Placement placed) {
        return new RouterInput(
                key, task, placed.named() ? placed.serverId() : "", placed.tasksReceived());
    }

    public TaskRequest task() {
        return f1;
    }

    /** The placement as the router's policy takes it. */
    public TokenPlacer.Placement placement(int routerIndex) {
        return f2.isEmpty()
                ? TokenPlacer.Placement.NONE
                : new TokenPlacer.Placement(routerIndex, f2, f3);
    }
}
