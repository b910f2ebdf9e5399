package io.qrouter.job.operators;

import io.qrouter.avro.TaskRequest;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;

/**
 * The router's input: each task with the key it is keyed by, its id or a key the {@link
 * TaskPlacerFunction} chose so that it reaches one router subtask.
 */
public final class RouterInput {
    public static final TypeInformation<Tuple2<String, TaskRequest>> TYPE =
            Types.TUPLE(Types.STRING, new AvroTypeInfo<>(TaskRequest.class));

    /** The key the router's input must be keyed by. */
    public static final KeySelector<Tuple2<String, TaskRequest>, String> KEY = keyed -> keyed.f0;

    private RouterInput() {}

    /** A task keyed by its id, for routers without a placer in front. */
    public static Tuple2<String, TaskRequest> byId(TaskRequest task) {
        return Tuple2.of(task.getTaskId(), task);
    }
}
