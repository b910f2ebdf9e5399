package io.qrouter.job.operators;

import io.qrouter.avro.TaskRequest;
import io.qrouter.core.policy.BlackHoles;
import io.qrouter.core.policy.UnacknowledgedTasks;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.convert.PolicyRecords;
import io.qrouter.job.records.ServerUpdate;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * One router's watch on what it sent: the tasks no update has acknowledged yet (they count on their
 * servers, and they are what a black hole swallows), which servers are ejected as black holes, and
 * the ejections its router still has to settle (re-decide or dead-letter the tasks, log the event).
 * In memory, like {@link UnacknowledgedTasks}: a restart forgets it.
 */
final class BlackHoleWatch {
    /** Bounds the memory of unacknowledged decisions when a server sends no ENQUEUED events. */
    private static final int MAX_UNACKNOWLEDGED_PER_SERVER = 10_000;

    /** How often the servers' unacknowledged tasks are looked over for black holes. */
    private static final long SWEEP_PERIOD_MILLIS = 100;

    private final UnacknowledgedTasks<TaskRequest> inFlight;
    private final BlackHoles blackHoles;
    private final Deque<Ejection> unsettled = new ArrayDeque<>();
    private long sweptAt;

    /** A black hole ejected at {@code at} until {@code until}, with the tasks it swallowed. */
    record Ejection(String serverId, List<TaskRequest> tasks, long at, long until) {}

    BlackHoleWatch(RouterSettings settings) {
        this.inFlight =
                new UnacknowledgedTasks<>(
                        settings.inFlightTimeout().toMillis(), MAX_UNACKNOWLEDGED_PER_SERVER, true);
        this.blackHoles =
                new BlackHoles(settings.ackTimeout().toMillis(), settings.ackEjection().toMillis());
    }

    void routed(String serverId, TaskRequest task, long now) {
        inFlight.routed(serverId, task.getTaskId(), task, now);
    }

    /**
     * This router's decisions for the server that the update does not count yet. On overflow the
     * update's list is incomplete: a task decided by the update's time has most likely reached the
     * server.
     */
    int pendingAfter(ServerUpdate update, long now) {
        long provenBefore = inFlight.newestAcknowledgedDecisionAt();
        int pending =
                inFlight.pendingAfter(
                        update.getServerId(),
                        update.getEnqueuedSinceLastSnapshot(),
                        PolicyRecords.acknowledgedUpTo(update),
                        now);
        long proven = inFlight.newestAcknowledgedDecisionAt();
        if (proven > provenBefore) {
            blackHoles.loopProven(proven, now);
        }
        return pending;
    }

    /**
     * Tasks a server passed over, acknowledging a later one of this router's instead ({@link
     * UnacknowledgedTasks#overtaken}): the repeats an at-least-once restart decides, or tasks lost
     * on the way. A router's decisions for one server share the server's partition of the decisions
     * topic, so the server acknowledges them in order.
     */
    long overtaken() {
        return inFlight.overtaken();
    }

    /** Stalls of this router's loop so far ({@link BlackHoles#loopProven}). */
    long loopStalls() {
        return blackHoles.stalls();
    }

    /** The mean time from a decision to the update acknowledging it (NaN before any). */
    double meanRoundTripMillis() {
        return inFlight.meanRoundTripMillis();
    }

    boolean isEjected(String serverId) {
        return blackHoles.isEjected(serverId);
    }

    /**
     * True when the server has held {@link BlackHoles#MIN_SWALLOWED} of this router's tasks
     * unacknowledged too long, and the loop is not catching up after a stall ({@link
     * BlackHoles#judging}).
     */
    boolean isOverdue(String serverId, long now) {
        return blackHoles.overdue(
                inFlight.pendingAt(serverId, BlackHoles.MIN_SWALLOWED),
                inFlight.newestAcknowledgedDecisionAt(),
                now);
    }

    /**
     * The servers to eject now ({@link BlackHoles#overdue}), at most every {@value
     * #SWEEP_PERIOD_MILLIS} ms: a black hole the policy stops choosing (its own unacknowledged
     * tasks make it look busy) still holds the tasks it swallowed.
     */
    List<String> sweep(long now) {
        // the sweep's period starts again only when it may judge: the first after a stall runs at
        // once
        if (now - sweptAt < SWEEP_PERIOD_MILLIS || !blackHoles.judging(now)) {
            return List.of();
        }
        sweptAt = now;
        long before = blackHoles.overdueBefore(inFlight.newestAcknowledgedDecisionAt(), now);
        return before == Long.MIN_VALUE
                ? List.of()
                : inFlight.overdue(before, BlackHoles.MIN_SWALLOWED);
    }

    /** Ejects the server; its unacknowledged tasks wait for {@link #nextUnsettled}. */
    void eject(String serverId, long now) {
        List<TaskRequest> tasks = inFlight.drain(serverId);
        long until = blackHoles.eject(serverId, now);
        unsettled.add(new Ejection(serverId, tasks, now, until));
    }

    /** The oldest ejection not settled yet, now taken; null when none is left. */
    Ejection nextUnsettled() {
        return unsettled.poll();
    }

    /** Servers whose ejection ended: they take part again. */
    List<String> returning(long now) {
        return blackHoles.returning(now);
    }

    void forget(String serverId) {
        inFlight.forget(serverId);
        blackHoles.forget(serverId);
    }
}
