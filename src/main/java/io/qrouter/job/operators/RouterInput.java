package io.qrouter.job.operators;

import io.qrouter.avro.TaskRequest;
import io.qrouter.core.policy.Rule;
import io.qrouter.core.policy.TaskPlacer;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;

/**
 * The router's input: a task with the key it is keyed by (its id, or a key the {@link
 * TaskPlacerFunction} chose so that it reaches one router subtask) and the server the placer chose
 * for it, with the rule it chose by (both empty when it chose none).
 */
public final class RouterInput extends Tuple4<String, TaskRequest, String, String> {
    private static final long serialVersionUID = 1L;

    public static final TypeInformation<RouterInput> TYPE =
            new TupleTypeInfo<>(
                    RouterInput.class,
                    Types.STRING,
                    new AvroTypeInfo<>(TaskRequest.class),
                    Types.STRING,
                    Types.STRING);

    /** The key the router's input must be keyed by. */
    public static final KeySelector<RouterInput, String> KEY = input -> input.f0;

    /** For Flink's serializer. */
    public RouterInput() {}

    private RouterInput(String key, TaskRequest task, String placedServer, String rule) {
        super(key, task, placedServer, rule);
    }

    /** A task keyed by its id, for routers without a placer in front. */
    public static RouterInput byId(TaskRequest task) {
        return new RouterInput(task.getTaskId(), task, "", "");
    }

    /** A task keyed for the router the placer chose, with the server it named. */
    public static RouterInput placed(String key, TaskRequest task, TaskPlacer.Placement placed) {
        return new RouterInput(key, task, placed.serverId(), placed.rule().name());
    }

    public TaskRequest task() {
        return f1;
    }

    /** The placement as the router's policy takes it. */
    public TaskPlacer.Placement placement(int routerIndex) {
        return f2.isEmpty()
                ? TaskPlacer.Placement.NONE
                : new TaskPlacer.Placement(routerIndex, f2, Rule.valueOf(f3));
    }
}
