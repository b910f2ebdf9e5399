package io.qrouter.job.convert;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.policy.Decision;
import io.qrouter.core.policy.Rule;
import io.qrouter.core.policy.ServerSnapshot;
import io.qrouter.job.records.ServerUpdate;
import java.time.Instant;

/** Conversions between the job's records and the types of io.qrouter.core.policy. */
public final class PolicyRecords {
    private PolicyRecords() {}

    /**
     * What a policy needs of an update, with {@code unacknowledgedTasks} (sent by this router, not
     * yet in the update's count) added to the queue: a server with such tasks is busy, never idle.
     * A server that may not receive tasks (down, gone or FAILING) is reported not alive; an unknown
     * estimate is 0, which the policies read as "not yet estimated". The operators' weight scales
     * the rates of service (see ServerAdmin).
     */
    public static ServerSnapshot toPolicySnapshot(ServerUpdate s, int unacknowledgedTasks) {
        double weight = s.getAdminWeight();
        return new ServerSnapshot(
                        s.getServerId(),
                        s.getUpdatedAt(),
                        s.acceptsTasks(),
                        Math.max(0, s.getQueueLength()),
                        s.isBusy(),
                        weight * rateOrZero(s.getServiceRatePerSecond()),
                        rateOrZero(s.getLambda()),
                        weight * rateOrZero(s.getMu()),
                        rateOrZero(s.getAlphaC()))
                .withTasksReceived(s.getTasksReceived())
                .withSlots(Math.max(1, s.getSlots()))
                .withRecentTimes(
                        rateOrZero(s.getRecentWaitSeconds()),
                        rateOrZero(s.getRecentServiceSeconds()))
                .plusUnacknowledged(unacknowledgedTasks);
    }

    /**
     * Up to when an update acknowledges every task decided: its time when its ENQUEUED list
     * overflowed (the list is then incomplete), else {@code Long.MIN_VALUE} (the list names them
     * all).
     */
    public static long acknowledgedUpTo(ServerUpdate update) {
        return update.isEnqueuedOverflow() ? update.getUpdatedAt() : Long.MIN_VALUE;
    }

    /** The task's affinity key for the hash policy: its taskKey, else its id. */
    public static String routingKey(TaskRequest task) {
        return task.getTaskKey() != null ? task.getTaskKey() : task.getTaskId();
    }

    /** A policy's decision for {@code task}. */
    public static RoutingDecision toRoutingDecision(
            Decision d,
            TaskRequest task,
            long decidedAtMillis,
            int routerSubtask,
            Long updateDelayMillis,
            Long sampledUpdateDelayMillis) {
        return decision(
                task,
                d.serverId(),
                d.rule().name(),
                d.policy().configName(),
                d.chosenK().isPresent() ? d.chosenK().getAsDouble() : null,
                d.runnerUpServerId().orElse(null),
                d.runnerUpK().isPresent() ? d.runnerUpK().getAsDouble() : null,
                d.snapshotAgeMillis(),
                decidedAtMillis,
                routerSubtask,
                updateDelayMillis,
                sampledUpdateDelayMillis,
                null);
    }

    /**
     * The decision for a task that loss-aware admission refused: no server, the predicted loss
     * probability.
     */
    public static RoutingDecision rejected(
            TaskRequest task,
            String policy,
            double lossProbability,
            long decidedAtMillis,
            int routerSubtask) {
        return decision(
                task,
                "",
                Rule.REJECTED.name(),
                policy,
                null,
                null,
                null,
                0,
                decidedAtMillis,
                routerSubtask,
                null,
                null,
                lossProbability);
    }

    /**
     * Every decision record of the job, made here with the all-fields constructor: once per task,
     * where Avro's builder would validate and deep-copy every field again (a field added to the
     * schema breaks this call at compile time, as it should).
     *
     * @param updateAgeMillis how old the chosen server's update was at the decision
     * @param updateDelayMillis how late that update reached the router (null: unknown)
     * @param sampledUpdateDelayMillis how late one update drawn from those the router received
     *     since its previous decision reached it (null: none arrived)
     * @param lossProbability the predicted abandonment probability of a rejected task, else null
     */
    public static RoutingDecision decision(
            TaskRequest task,
            String serverId,
            String rule,
            String policy,
            Double chosenK,
            String runnerUpServerId,
            Double runnerUpK,
            long updateAgeMillis,
            long decidedAtMillis,
            int routerSubtask,
            Long updateDelayMillis,
            Long sampledUpdateDelayMillis,
            Double lossProbability) {
        return new RoutingDecision(
                task.getTaskId(),
                serverId,
                rule,
                policy,
                chosenK,
                runnerUpServerId,
                runnerUpK,
                updateAgeMillis,
                Instant.ofEpochMilli(decidedAtMillis),
                task.getCreatedAt(),
                task.getServiceType(),
                routerSubtask,
                updateDelayMillis,
                lossProbability,
                null,
                sampledUpdateDelayMillis);
    }

    private static double rateOrZero(Double rate) {
        return rate != null && rate >= 0 && Double.isFinite(rate) ? rate : 0;
    }
}
