package io.qrouter.core.policy;

import java.util.Optional;

/**
 * A per-task routing policy over one router's view of the servers. The simulator and the Flink
 * router operator call the very same objects: feed every server report to {@link #onSnapshot},
 * forget departed servers with {@link #onServerRemoved}, and ask {@link #route} for each task.
 * {@code route} counts the assignment in the view itself (the chosen server's in-flight count), so
 * the caller does nothing else after a decision.
 *
 * <p>Instances are single-threaded: one per router (per Flink subtask). Create them with {@link
 * Policies#create}. Their whole state is derived from the latest snapshot of each server: to
 * restore a router, create a new policy and replay the latest snapshots (in-flight counts restart
 * at 0 and are corrected by the next report of each server).
 */
public interface RoutingPolicy {

    PolicyName name();

    /**
     * True for the full-information references (jsq, power-of-d): they are meant to read every
     * server's current queue. The simulator then reports every queue change to them; in production
     * they see heartbeats plus in-flight like the others.
     */
    boolean readsCurrentQueues();

    /**
     * Applies a server's latest report (a heartbeat). A report with {@code alive = false} takes it
     * out of use.
     */
    void onSnapshot(ServerSnapshot snapshot);

    /** Forgets a server that left for good. */
    void onServerRemoved(String serverId);

    /**
     * How long this router's decisions take to show in the servers' updates: the mean time from a
     * decision to the update that acknowledges it ({@link UnacknowledgedTasks#meanRoundTripMillis},
     * NaN while unknown). Policies that do not weigh it ignore it.
     */
    default void acknowledgementRoundTrip(double meanMillis) {}

    /**
     * Chooses a server for a task and counts the assignment as in flight to it.
     *
     * @param taskKey affinity key (used by {@code hash}; the task id when the task has no key)
     * @param nowMillis decision time, for the snapshot age reported in the decision
     * @return the decision, or empty when no server is alive
     */
    default Optional<Decision> route(String taskKey, long nowMillis) {
        return route(taskKey, nowMillis, TaskPlacer.Placement.NONE);
    }

    /**
     * The same for a task a {@link TaskPlacer} placed: a policy with an idle queue takes the idle
     * server the placement names unless its own view knows better (a newer report, or a task of its
     * own in flight there); the others ignore the placement.
     */
    Optional<Decision> route(String taskKey, long nowMillis, TaskPlacer.Placement placed);

    /** The view the policy decides on (read it, do not update it directly). */
    RouterView view();
}
