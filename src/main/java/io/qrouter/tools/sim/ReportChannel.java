package io.qrouter.tools.sim;

import io.qrouter.core.policy.RoutingPolicy;
import io.qrouter.core.policy.ServerSnapshot;
import io.qrouter.core.policy.TaskPlacer;
import io.qrouter.core.policy.UnacknowledgedTasks;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * How servers' reports reach the routers. Without delays a report is applied to every router at
 * once, exactly as before delays existed. With delays (of reports or of decisions) it works as the
 * Flink job does: each report lists the tasks enqueued since the server's previous one, travels for
 * a sampled delay, and each router adds to it its own decisions the report does not acknowledge yet
 * ({@link UnacknowledgedTasks}).
 */
final class ReportChannel {
    private final RoutingPolicy[] routers;
    private final boolean delayed;
    private final Delay delay;
    private final List<UnacknowledgedTasks<String>> unacknowledged;
    private final List<List<String>> enqueuedSinceReport;
    private final Map<String, ServerSnapshot> newestDelivered = new HashMap<>();
    private final List<ServerSnapshot> inTransit = new ArrayList<>();
    private final List<List<String>> acknowledgementsInTransit = new ArrayList<>();
    private final ArrayDeque<Integer> freeSlots = new ArrayDeque<>();

    private final TaskPlacer placer;

    ReportChannel(
            RoutingPolicy[] routers, TaskPlacer placer, int servers, boolean delayed, Delay delay) {
        this.routers = routers;
        this.placer = placer;
        this.delayed = delayed;
        this.delay = delay;
        this.unacknowledged = new ArrayList<>(delayed ? routers.length : 0);
        for (int r = 0; delayed && r < routers.length; r++) {
            unacknowledged.add(new UnacknowledgedTasks<>(Long.MAX_VALUE / 4, Integer.MAX_VALUE));
        }
        this.enqueuedSinceReport = new ArrayList<>(delayed ? servers : 0);
        for (int s = 0; delayed && s < servers; s++) {
            enqueuedSinceReport.add(new ArrayList<>());
        }
    }

    boolean delayed() {
        return delayed;
    }

    /** Router {@code router} sent task {@code taskId} to the server (only tracked with delays). */
    void decided(int router, String serverId, String taskId, long nowMillis) {
        unacknowledged.get(router).routed(serverId, taskId, taskId, nowMillis);
    }

    /** Server {@code s} enqueued a task: its next report acknowledges it. */
    void enqueued(int s, String taskId) {
        if (delayed) {
            enqueuedSinceReport.get(s).add(taskId);
        }
    }

    /**
     * Sends a report of server {@code s}: applied at once, or scheduled as an {@link
     * EventKind#UPDATE_ARRIVES} event whose argument {@link #arrive} takes back.
     */
    void send(int s, ServerSnapshot report, double now, RandomGenerator random, EventQueue events) {
        if (!delayed) {
            if (placer != null) {
                // without delays every task reaches its server as it is placed
                placer.onSnapshot(report, List.of(), Long.MAX_VALUE, Simulation.millis(now));
            }
            for (RoutingPolicy r : routers) {
                r.onSnapshot(report);
            }
            return;
        }
        List<String> acknowledged = enqueuedSinceReport.set(s, new ArrayList<>());
        double d = delay.sample(now, random);
        if (d == 0) {
            deliver(report, acknowledged, now);
            return;
        }
        int slot;
        if (freeSlots.isEmpty()) {
            slot = inTransit.size();
            inTransit.add(report);
            acknowledgementsInTransit.add(acknowledged);
        } else {
            slot = freeSlots.pop();
            inTransit.set(slot, report);
            acknowledgementsInTransit.set(slot, acknowledged);
        }
        events.push(now + d, EventKind.UPDATE_ARRIVES, 0, slot);
    }

    /** A delayed report arrives. */
    void arrive(int slot, double now) {
        ServerSnapshot report = inTransit.set(slot, null);
        List<String> acknowledged = acknowledgementsInTransit.set(slot, null);
        freeSlots.push(slot);
        deliver(report, acknowledged, now);
    }

    /**
     * Each router sees the report plus its own decisions the report does not count yet, as the
     * job's do.
     */
    private void deliver(ServerSnapshot sent, List<String> acknowledged, double now) {
        long nowMillis = Simulation.millis(now);
        ServerSnapshot report = sent;
        ServerSnapshot newest = newestDelivered.get(sent.serverId());
        if (newest != null && newest.sentAtMillis() > sent.sentAtMillis()) {
            // Overtaken by a later report (the delays are drawn independently; the job's keyed
            // stream keeps them in order): its acknowledgements still count, against the later
            // report's queue, or the tasks they name would count twice, queued and in flight.
            report = newest;
        } else {
            newestDelivered.put(sent.serverId(), sent);
        }
        if (placer != null) {
            placer.onSnapshot(report, acknowledged, Long.MIN_VALUE, nowMillis);
        }
        for (int r = 0; r < routers.length; r++) {
            int pending =
                    unacknowledged
                            .get(r)
                            .pendingAfter(
                                    report.serverId(), acknowledged, Long.MIN_VALUE, nowMillis);
            routers[r].acknowledgementRoundTrip(unacknowledged.get(r).meanRoundTripMillis());
            routers[r].onSnapshot(report.plusUnacknowledged(pending));
        }
    }
}
