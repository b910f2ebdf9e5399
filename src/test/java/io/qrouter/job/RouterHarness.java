package io.qrouter.job;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.operators.RouterFunction;
import io.qrouter.job.operators.RouterInput;
import io.qrouter.job.state.BroadcastStates;
import org.apache.flink.api.common.typeinfo.Types;

/** The router's harness; a task given alone is keyed by its id, as without a placer. */
public final class RouterHarness extends FeedHarness<String, RouterInput, RoutingDecision> {

    RouterHarness(RouterSettings settings, int parallelism, int subtask) throws Exception {
        super(
                new RouterFunction(settings),
                RouterInput.KEY,
                Types.STRING,
                BroadcastStates.SERVER_UPDATES,
                parallelism,
                subtask);
    }

    public void processElement(TaskRequest task, long timestamp) throws Exception {
        processElement(RouterInput.byId(task), timestamp);
    }
}
