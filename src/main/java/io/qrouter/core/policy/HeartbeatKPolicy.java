package io.qrouter.core.policy;

import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.core.queueing.LoadIndexWeights;
import java.util.random.RandomGenerator;

/**
 * Seed 000's loss-based heartbeat scheduling: an idle server from this router's heartbeat-fed idle
 * queue if any (unless {@link PolicyConfig#idleQueue()} is off), else the server of lowest load
 * index K (Eq. 53), kept in an index so a decision costs O(log N).
 *
 * <ul>
 *   <li>{@code heartbeat-k} (steady state, as in the paper): K from the server's estimated λ, μ,
 *       α_c; it changes only when a report arrives, so between two reports the router keeps
 *       choosing the same lowest-K server.
 *   <li>{@code heartbeat-k-live}: K of the server's live state n = reported queue + own in-flight,
 *       through the state-conditional M/M/1+M forms; every decision raises the chosen server's K at
 *       once.
 * </ul>
 *
 * K's times are in a fleet-wide unit, so a faster server holding the same tasks ranks lower: the
 * configured one ({@link PolicyConfig#loadIndexTimeUnitSeconds()}), or the fleet's mean service
 * time ({@link FleetServiceTime}), when every key is recomputed once the fleet's mean drifts by
 * more than 2%. Servers of equal K are chosen among at random, decision by decision. A server
 * without a steady state (ρ ≥ 1) has K = +∞ and ranks last; when every server is overloaded the
 * rule reported is FALLBACK and the choice is uniform among them (their random tie-breaks decide).
 *
 * <p>With several routers the lowest K over the whole view is the wrong fallback: every router
 * reads nearly the same view, so in the time a decision takes to show up in the servers' reports
 * they all send to the same server (herding; with 32 routers the mean wait more than doubles). Each
 * router then takes the lowest K among {@link #FALLBACK_SAMPLES} servers drawn at random, a pool
 * that differs from router to router. A single router keeps the global minimum: nobody else changes
 * its view.
 */
final class HeartbeatKPolicy extends AbstractRoutingPolicy implements RouterView.Listener {
    /**
     * Servers drawn for the fallback of one of several routers. Measured with N = 1,000, ρ = 0.9,
     * 32 routers, 0.1 update and decision delays: 4 → 0.56, 8 → 0.53, 16 → 0.56, 32 → 0.60 mean
     * service times of wait; fewer samples miss the good servers, more bring back the herd.
     */
    static final int FALLBACK_SAMPLES = 8;

    private final boolean live;
    private final boolean idleQueueFirst;
    private final LoadIndexWeights weights;
    private final FleetServiceTime timeUnit;
    private final IdleQueue idle;
    private final MinIndex index;

    HeartbeatKPolicy(PolicyConfig config, RandomGenerator random, boolean live) {
        super(config, random);
        this.live = live;
        this.idleQueueFirst = config.idleQueue();
        this.weights = config.weights();
        this.timeUnit = new FleetServiceTime(config.loadIndexTimeUnitSeconds());
        this.idle = new IdleQueue(view, config.routerIndex(), config.routerCount());
        this.index = new MinIndex(random);
        view.addListener(this);
    }

    @Override
    Choice choose(String taskKey) {
        int idleSlot = idleQueueFirst ? idle.poll() : -1;
        if (idleSlot >= 0) {
            return new Choice(idleSlot, Rule.IDLE_QUEUE, index.key(idleSlot), -1, Double.NaN);
        }
        if (config.routerCount() > 1) {
            return sampledMinimum();
        }
        int best = index.min();
        int second = index.runnerUp();
        double bestK = index.key(best);
        Rule rule = Double.isFinite(bestK) ? Rule.MIN_K : Rule.FALLBACK;
        return new Choice(best, rule, bestK, second, second < 0 ? Double.NaN : index.key(second));
    }

    /** The lowest K among a few servers drawn at random (with replacement: N is far larger). */
    private Choice sampledMinimum() {
        int best = -1;
        int second = -1;
        for (int i = 0; i < FALLBACK_SAMPLES; i++) {
            int slot = randomAlive();
            if (slot == best || slot == second) {
                continue;
            }
            if (best < 0 || index.key(slot) < index.key(best)) {
                second = best;
                best = slot;
            } else if (second < 0 || index.key(slot) < index.key(second)) {
                second = slot;
            }
        }
        double bestK = index.key(best);
        Rule rule = Double.isFinite(bestK) ? Rule.MIN_K : Rule.FALLBACK;
        return new Choice(best, rule, bestK, second, second < 0 ? Double.NaN : index.key(second));
    }

    @Override
    int idleQueueLength() {
        return idle.size();
    }

    @Override
    public void changed(int slot, boolean snapshotChanged) {
        if (snapshotChanged
                && timeUnit.track(slot, view.alive(slot) ? view.snapshot(slot).effectiveMu() : 0)) {
            rekeyAll();
        }
        if (!view.alive(slot)) {
            index.remove(slot);
        } else if (live || snapshotChanged || !index.contains(slot)) {
            index.set(slot, loadIndexK(slot));
        } else {
            // steady-state K ignores the decision; at least servers of equal K then take turns,
            // chosen at random
            index.redrawTieBreak(slot);
        }
    }

    @Override
    public void removed(int slot) {
        index.remove(slot);
        if (timeUnit.track(slot, 0)) {
            rekeyAll();
        }
    }

    /**
     * The time unit moved: every K changes by a common factor per term, so each key is computed
     * again.
     */
    private void rekeyAll() {
        for (int i = 0; i < view.aliveCount(); i++) {
            int slot = view.aliveSlot(i);
            if (index.contains(slot)) {
                index.set(slot, loadIndexK(slot));
            }
        }
    }

    private double loadIndexK(int slot) {
        ServerSnapshot s = view.snapshot(slot);
        if (live) {
            return LoadIndex.live(
                    view.load(slot), s.effectiveMu(), s.alphaC(), timeUnit.seconds(), weights);
        }
        return LoadIndex.steadyState(
                        s.lambda(), s.effectiveMu(), s.alphaC(), timeUnit.seconds(), weights)
                .orElse(Double.POSITIVE_INFINITY);
    }
}
