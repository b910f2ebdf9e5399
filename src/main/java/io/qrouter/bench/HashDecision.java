package io.qrouter.bench;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.policy.Rule;
import io.qrouter.core.policy.StableHash;
import java.time.Instant;
import java.util.List;

/**
 * The decision of the benchmark's baselines (the bare pipe and the Flink floor): a server by a
 * stable hash of the task id, nothing kept, so that neither spends anything on routing itself.
 */
final class HashDecision {
    private HashDecision() {}

    static RoutingDecision of(TaskRequest task, List<String> serverIds) {
        String server =
                serverIds.get(
                        (int)
                                Math.floorMod(
                                        StableHash.of(task.getTaskId()), (long) serverIds.size()));
        return new RoutingDecision(
                task.getTaskId(),
                server,
                Rule.HASH.name(),
                "hash",
                null,
                null,
                null,
                0L,
                Instant.now(),
                task.getCreatedAt(),
                task.getServiceType(),
                0,
                null,
                null,
                null,
                null);
    }
}
