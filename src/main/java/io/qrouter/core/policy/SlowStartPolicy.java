package io.qrouter.core.policy;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Slow start (Envoy's {@code slow_start_config}): a server that joins, or comes back after being
 * down, gets a share of the decisions that ramps up over a window instead of the flood an empty
 * queue and an unknown μ attract under JIQ or lowest K. Wraps any policy: during its ramp, a server
 * may have received at most {@code ramp(t) / N} of the decisions made since it joined (N the live
 * servers, ramp(t) = max(min share, t / window) from its first live report, t on the router's
 * clock); while it has had its allowance it is hidden from the inner policy (reported to it as not
 * alive), and shown again as the allowance grows. After the window it is an ordinary server.
 * Decisions: the ramp is in time only (not in the estimators' data), so it behaves the same for
 * policies that use no estimates; a server ramps when it comes back (alive after a report that it
 * was not), or when it is first heard of a window or more after the router heard of its first
 * server — so the fleet a router starts with (or replays after a restore) is not ramped.
 */
public final class SlowStartPolicy implements RoutingPolicy {
    /** Envoy's default min_weight_percent: a joining server starts at a tenth of its fair share. */
    public static final double MIN_SHARE = 0.1;

    private final RoutingPolicy inner;
    private final long windowMillis;
    private final Map<String, Ramp> ramping = new HashMap<>();
    private final Map<String, Boolean> aliveBefore = new HashMap<>();

    /**
     * When this router heard of its first server: servers first heard of within a window of it are
     * the fleet.
     */
    private long firstReportAtMillis = Long.MIN_VALUE;

    private static final class Ramp {
        final long joinedAtMillis;
        ServerSnapshot latest;
        double allowed;
        long used;
        boolean hidden;

        Ramp(long joinedAtMillis, ServerSnapshot latest) {
            this.joinedAtMillis = joinedAtMillis;
            this.latest = latest;
        }
    }

    /**
     * @param windowMillis the ramp's length (> 0)
     */
    public SlowStartPolicy(RoutingPolicy inner, long windowMillis) {
        if (windowMillis <= 0) {
            throw new IllegalArgumentException(
                    "the slow start window must be > 0 ms (got " + windowMillis + ")");
        }
        this.inner = inner;
        this.windowMillis = windowMillis;
    }

    @Override
    public PolicyName name() {
        return inner.name();
    }

    @Override
    public boolean readsCurrentQueues() {
        return inner.readsCurrentQueues();
    }

    @Override
    public void onSnapshot(ServerSnapshot snapshot) {
        String id = snapshot.serverId();
        if (firstReportAtMillis == Long.MIN_VALUE) {
            firstReportAtMillis = snapshot.sentAtMillis();
        }
        Boolean wasAlive = aliveBefore.put(id, snapshot.alive());
        boolean returning = Boolean.FALSE.equals(wasAlive) && snapshot.alive();
        boolean newcomer =
                wasAlive == null
                        && snapshot.alive()
                        && snapshot.sentAtMillis() - firstReportAtMillis >= windowMillis;
        Ramp ramp = ramping.get(id);
        if (returning || newcomer) {
            ramp = new Ramp(snapshot.sentAtMillis(), snapshot);
            ramping.put(id, ramp);
        }
        if (ramp != null) {
            ramp.latest = snapshot;
            if (!snapshot.alive()) {
                ramping.remove(id);
            } else if (ramp.hidden) {
                return;
            }
        }
        inner.onSnapshot(snapshot);
    }

    @Override
    public void onServerRemoved(String serverId) {
        ramping.remove(serverId);
        aliveBefore.remove(serverId);
        inner.onServerRemoved(serverId);
    }

    @Override
    public void acknowledgementRoundTrip(double meanMillis) {
        inner.acknowledgementRoundTrip(meanMillis);
    }

    @Override
    public Optional<Decision> route(String taskKey, long nowMillis, TaskPlacer.Placement placed) {
        if (!ramping.isEmpty()) {
            advanceRamps(nowMillis);
        }
        Optional<Decision> decision = inner.route(taskKey, nowMillis, placed);
        decision.ifPresent(
                d -> {
                    Ramp ramp = ramping.get(d.serverId());
                    if (ramp != null && ++ramp.used >= ramp.allowed) {
                        hide(ramp);
                    }
                });
        return decision;
    }

    /**
     * Grows every ramping server's allowance by one decision's worth, ends finished ramps, shows
     * the ones owed.
     */
    private void advanceRamps(long nowMillis) {
        int alive = Math.max(1, inner.view().aliveCount() + hiddenCount());
        var it = ramping.values().iterator();
        while (it.hasNext()) {
            Ramp ramp = it.next();
            double elapsed = (double) (nowMillis - ramp.joinedAtMillis) / windowMillis;
            if (elapsed >= 1) {
                it.remove();
                if (ramp.hidden) {
                    inner.onSnapshot(ramp.latest);
                }
                continue;
            }
            ramp.allowed += Math.max(MIN_SHARE, elapsed) / alive;
            if (ramp.hidden && ramp.used < ramp.allowed) {
                ramp.hidden = false;
                inner.onSnapshot(ramp.latest);
            }
        }
    }

    private int hiddenCount() {
        int n = 0;
        for (Ramp r : ramping.values()) {
            n += r.hidden ? 1 : 0;
        }
        return n;
    }

    private void hide(Ramp ramp) {
        ramp.hidden = true;
        ServerSnapshot s = ramp.latest;
        inner.onSnapshot(
                new ServerSnapshot(
                        s.serverId(),
                        s.sentAtMillis(),
                        false,
                        s.queueLength(),
                        s.busy(),
                        s.serviceRatePerSecond(),
                        s.lambda(),
                        s.mu(),
                        s.alphaC(),
                        s.tasksReceived(),
                        s.slots(),
                        s.recentWaitSeconds(),
                        s.recentServiceSeconds()));
    }

    /** Whether {@code serverId} is still ramping up. */
    public boolean ramping(String serverId) {
        return ramping.containsKey(serverId);
    }

    @Override
    public RouterView view() {
        return inner.view();
    }
}
