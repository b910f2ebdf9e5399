package io.qrouter.core.policy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tasks one router sent to each server that no update of that server has acknowledged yet:
 * decided, but whose ENQUEUED event the server's updates have not listed. A decision takes time to
 * reach its server (the decision path, and behind exactly-once sinks the checkpoint that commits
 * it), and the server's update takes time to come back, so the latest update often cannot count a
 * task just sent. The router adds these tasks to the update's queue length before the policy sees
 * it; without them a burst of decisions would herd onto the server that looked best.
 *
 * <p>Bounded: an update costs the ids it acknowledges plus the entries it expires (the oldest
 * first, stopping at the first that stays), and a server keeps at most {@code maxPerServer} entries
 * (the oldest beyond it count as acknowledged). In memory, per router: a restart forgets them and
 * the next updates correct the counts. Each entry keeps its task ({@code T}), so a router can
 * re-decide what a black hole swallowed.
 */
public final class UnacknowledgedTasks<T> {
    private final long timeoutMillis;
    private final int maxPerServer;
    private final boolean acknowledgedInOrder;

    /** See {@link #overtaken}. */
    private long overtaken;

    /** Server id → task id → decision, in decision order (so decision times never decrease). */
    private final Map<String, LinkedHashMap<String, Pending<T>>> pendingByServer = new HashMap<>();

    /**
     * The servers with at least one entry: the black-hole sweep visits these, not every server ever
     * routed to, so its cost follows the tasks in flight and not the fleet's size.
     */
    private final Set<String> withPending = new HashSet<>();

    private record Pending<T>(long decidedAtMillis, T task) {}

    /** See {@link #newestAcknowledgedDecisionAt}. */
    private long newestAcknowledgedAt = Long.MIN_VALUE;

    /** The running mean's weight of a new round trip: about the last 64 acknowledgements. */
    static final double ROUND_TRIP_WEIGHT = 1.0 / 64;

    /** See {@link #meanRoundTripMillis}. */
    private double meanRoundTripMillis = Double.NaN;

    /**
     * @param timeoutMillis a task unacknowledged this long is no longer counted (a lost event must
     *     not count forever)
     * @param maxPerServer at most this many unacknowledged tasks are kept per server
     */
    public UnacknowledgedTasks(long timeoutMillis, int maxPerServer) {
        this(timeoutMillis, maxPerServer, false);
    }

    /**
     * @param acknowledgedInOrder whether a server acknowledges this router's tasks in the order
     *     they were decided (one router's decisions for a server share a partition of the decisions
     *     topic): a task older than one acknowledged is then overtaken ({@link #overtaken})
     */
    public UnacknowledgedTasks(long timeoutMillis, int maxPerServer, boolean acknowledgedInOrder) {
        if (timeoutMillis <= 0 || maxPerServer <= 0) {
            throw new IllegalArgumentException(
                    "timeoutMillis and maxPerServer must be > 0 (got "
                            + timeoutMillis
                            + ", "
                            + maxPerServer
                            + ")");
        }
        this.timeoutMillis = timeoutMillis;
        this.maxPerServer = maxPerServer;
        this.acknowledgedInOrder = acknowledgedInOrder;
    }

    /** Records a decision; decision times must not decrease from one call to the next. */
    public void routed(String serverId, String taskId, T task, long decidedAtMillis) {
        LinkedHashMap<String, Pending<T>> pending =
                pendingByServer.computeIfAbsent(serverId, id -> new LinkedHashMap<>());
        pending.put(taskId, new Pending<>(decidedAtMillis, task));
        if (pending.size() == 1) {
            withPending.add(serverId);
        } else if (pending.size() > maxPerServer) {
            Iterator<Pending<T>> oldest = pending.values().iterator();
            oldest.next();
            oldest.remove();
        }
    }

    /**
     * Applies a server update and returns how many tasks this router sent to the server that the
     * update's queue length does not contain yet.
     *
     * @param acknowledged task ids of the ENQUEUED events the update counts for the first time
     * @param acknowledgedUpToMillis when the list was incomplete (overflow): every task decided at
     *     or before this time counts as acknowledged; {@code Long.MIN_VALUE} otherwise
     * @param nowMillis the router's clock, for the timeout
     */
    public int pendingAfter(
            String serverId,
            Iterable<String> acknowledged,
            long acknowledgedUpToMillis,
            long nowMillis) {
        LinkedHashMap<String, Pending<T>> pending = pendingByServer.get(serverId);
        if (pending == null || pending.isEmpty()) {
            return 0;
        }
        long newestAckedHere = Long.MIN_VALUE;
        for (String taskId : acknowledged) {
            Pending<T> acked = pending.remove(taskId);
            if (acked != null) {
                newestAckedHere = Math.max(newestAckedHere, acked.decidedAtMillis());
                roundTrip(nowMillis - acked.decidedAtMillis());
            }
        }
        newestAcknowledgedAt = Math.max(newestAcknowledgedAt, newestAckedHere);
        long overtakenBefore = acknowledgedInOrder ? newestAckedHere : Long.MIN_VALUE;
        long expiredBefore = nowMillis - timeoutMillis;
        for (Iterator<Pending<T>> oldest = pending.values().iterator(); oldest.hasNext(); ) {
            long at = oldest.next().decidedAtMillis();
            if (at < overtakenBefore) {
                overtaken++;
                oldest.remove();
                continue;
            }
            if (at >= expiredBefore && at > acknowledgedUpToMillis) {
                break;
            }
            if (at <= acknowledgedUpToMillis) {
                newestAcknowledgedAt = Math.max(newestAcknowledgedAt, at);
            }
            oldest.remove();
        }
        // An emptied map stays (until the server is forgotten): dropping it would allocate and
        // grow a new one at the next decision, which at moderate load is nearly every decision.
        if (pending.isEmpty()) {
            withPending.remove(serverId);
        }
        return pending.size();
    }

    /**
     * How many tasks this router sent to the server that are unacknowledged, as of the last update
     * applied.
     */
    public int pending(String serverId) {
        LinkedHashMap<String, Pending<T>> pending = pendingByServer.get(serverId);
        return pending == null ? 0 : pending.size();
    }

    /**
     * Tasks dropped so far because their server acknowledged a task of this router decided after
     * them (only when acknowledged in order): the server will not acknowledge them. Either lost on
     * the way, or a decision the server ignores, such as the repeat of a task decided again after
     * an at-least-once restart (the protocol's dedupe contract). Not evidence of a black hole: the
     * server answers.
     */
    public long overtaken() {
        return overtaken;
    }

    /**
     * When the server's {@code k}-th oldest task this router has unacknowledged was decided (k from
     * 1); Long.MAX_VALUE: it has fewer.
     */
    public long pendingAt(String serverId, int k) {
        LinkedHashMap<String, Pending<T>> pending = pendingByServer.get(serverId);
        if (pending == null || pending.size() < k) {
            return Long.MAX_VALUE;
        }
        Iterator<Pending<T>> oldest = pending.values().iterator();
        for (int i = 1; i < k; i++) {
            oldest.next();
        }
        return oldest.next().decidedAtMillis();
    }

    /**
     * When the newest of this router's tasks that some server acknowledged was decided ({@code
     * Long.MIN_VALUE}: none yet). Tasks decided up to then made the whole loop (decision, server,
     * update), so a server still silent about an older one is to blame, not the pipeline.
     */
    public long newestAcknowledgedDecisionAt() {
        return newestAcknowledgedAt;
    }

    /**
     * How long, on this router's clock, from a decision to the update that acknowledges it: a
     * running mean over about the last 64 acknowledged by name (NaN before the first). The
     * decision's path to its server plus the server's update's path back, both measured by one
     * clock.
     */
    public double meanRoundTripMillis() {
        return meanRoundTripMillis;
    }

    private void roundTrip(long millis) {
        double m = Math.max(0, millis);
        meanRoundTripMillis =
                Double.isNaN(meanRoundTripMillis)
                        ? m
                        : meanRoundTripMillis + ROUND_TRIP_WEIGHT * (m - meanRoundTripMillis);
    }

    /**
     * The servers with at least {@code k} unacknowledged tasks decided before {@code
     * decidedBeforeMillis}.
     */
    public List<String> overdue(long decidedBeforeMillis, int k) {
        List<String> overdue = new ArrayList<>();
        for (String serverId : withPending) {
            if (pendingAt(serverId, k) < decidedBeforeMillis) {
                overdue.add(serverId);
            }
        }
        return overdue;
    }

    /** The server's unacknowledged tasks, oldest first, now forgotten. */
    public List<T> drain(String serverId) {
        LinkedHashMap<String, Pending<T>> pending = pendingByServer.get(serverId);
        if (pending == null) {
            return List.of();
        }
        List<T> tasks = new ArrayList<>(pending.size());
        pending.values().forEach(p -> tasks.add(p.task()));
        pending.clear();
        withPending.remove(serverId);
        return tasks;
    }

    /** Forgets a server that left. */
    public void forget(String serverId) {
        pendingByServer.remove(serverId);
        withPending.remove(serverId);
    }
}
