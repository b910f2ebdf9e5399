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
 *       through the state-conditional M/M/c+M forms (c its slots); every decision raises the chosen
 *       server's K at once.
 * </ul>
 *
 * K's times are in a fleet-wide unit, so a faster server holding the same tasks ranks lower: the
 * configured one ({@link PolicyConfig#loadIndexTimeUnitSeconds()}), or the fleet's mean service
 * time ({@link FleetServiceTime}), when every key is recomputed once the fleet's mean drifts by
 * more than 2%. Live K takes α_c as the fleet's ({@link FleetPatience}), not each server's noisy
 * estimate. Servers of equal K are chosen among at random, decision by decision. A server without a
 * steady state (ρ ≥ 1) has K = +∞ and ranks last; when every server is overloaded the rule reported
 * is FALLBACK and the choice is uniform among them (their random tie-breaks decide).
 *
 * <p>With several routers, each routing on its own, the lowest K over the whole view is the wrong
 * fallback: every router reads nearly the same view, so in the time a decision takes to show up in
 * the servers' reports they all send to the same server (herding). Each router then takes the
 * lowest K among {@link #FALLBACK_SAMPLES} servers drawn in proportion to their capacity c·μ
 * ({@link CapacitySampler}; or a draw from a water filling, {@link FallbackRule}). Behind a {@link
 * TaskPlacer}, which decides as one router, a router takes the server the placer named, and the
 * lowest K over its whole view ({@link FallbackRule#WHOLE_VIEW}) only when its view does not hold
 * that server alive. In every case an idle server whose idle period another router owns ranks as
 * holding one task: its owner is about to send it one, and this router's task there would then wait
 * a whole service. A busy server with none waiting whose next idle period another router owns ranks
 * as holding one task more with the chance that it empties, and its owner refills it, before this
 * router's task arrives ({@link RefillRisk}).
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
    private final FleetPatience patience = new FleetPatience();
    private final RefillRisk refill = new RefillRisk();
    private final IdleServers idle;
    private final MinIndex index;

    /**
     * The water-filling fallback computes its level at most this often (O(N) each time), so its
     * cost per second is bounded whatever the arrival rate; between two fills it samples the last.
     */
    static final long WATER_REFILL_MILLIS = 5;

    private final WaterLevel water = new WaterLevel();
    private double[] backlog = new double[16];
    private double[] rate = new double[16];
    private int[] slots = new int[16];
    private long filledAtMillis = Long.MIN_VALUE;
    private final DecayedRate fallbacks = new DecayedRate();

    /** The fallback's draws, in proportion to capacity (kept only with several routers). */
    private final CapacitySampler capacity = new CapacitySampler();

    HeartbeatKPolicy(PolicyConfig config, RandomGenerator random, boolean live) {
        super(config, random);
        this.live = live;
        this.idleQueueFirst = config.idleQueue();
        this.weights = config.weights();
        this.timeUnit = new FleetServiceTime(config.loadIndexTimeUnitSeconds());
        this.idle = new FastestIdle(view, config.routerIndex(), config.routerCount(), random);
        this.index = new MinIndex(random);
        view.addListener(this);
    }

    @Override
    Choice choose(String taskKey) {
        int idleSlot = idleQueueFirst ? idle.poll() : -1;
        if (idleSlot >= 0) {
            return new Choice(idleSlot, Rule.IDLE_QUEUE, index.key(idleSlot), -1, Double.NaN);
        }
        if (config.routerCount() > 1 && config.fallback() != FallbackRule.WHOLE_VIEW) {
            fallbacks.add(nowMillis);
            return config.fallback() == FallbackRule.WATER_FILLING
                    ? waterFilled()
                    : sampledMinimum();
        }
        int best = index.min();
        int second = index.runnerUp();
        double bestK = index.key(best);
        Rule rule = Double.isFinite(bestK) ? Rule.MIN_K : Rule.FALLBACK;
        return new Choice(best, rule, bestK, second, second < 0 ? Double.NaN : index.key(second));
    }

    @Override
    Choice choosePlaced(String taskKey, TaskPlacer.Placement placed) {
        int slot = view.slotOf(placed.serverId());
        if (slot >= 0 && view.alive(slot)) {
            // the placer decided with every task in flight; this view knows only its own share
            return new Choice(slot, placed.rule(), index.key(slot), -1, Double.NaN);
        }
        return choose(taskKey);
    }

    /**
     * A server drawn from the water filling of the fallback arrivals all routers are expected to
     * send during the staleness window, over the servers' backlogs in seconds of work.
     */
    private Choice waterFilled() {
        int n = view.aliveCount();
        if (nowMillis - filledAtMillis >= WATER_REFILL_MILLIS || filledAtMillis == Long.MIN_VALUE) {
            if (backlog.length < n) {
                backlog = new double[Math.max(n, backlog.length * 2)];
                rate = new double[backlog.length];
                slots = new int[backlog.length];
            }
            for (int i = 0; i < n; i++) {
                int slot = view.aliveSlot(i);
                ServerSnapshot s = view.snapshot(slot);
                double mu = s.effectiveMu();
                slots[i] = slot;
                rate[i] = mu > 0 ? mu : 1e-9;
                backlog[i] = expectedLoad(slot) / rate[i];
            }
            // every router falls back about as often as this one
            double amount =
                    Math.max(
                            1.0,
                            fallbacks.perSecond(nowMillis)
                                    * config.routerCount()
                                    * config.stalenessWindowSeconds());
            water.fill(backlog, rate, n, amount, random);
            filledAtMillis = nowMillis;
        }
        int best = slots[water.sample(random)];
        if (!view.alive(best)) {
            return sampledMinimum();
        }
        double bestK = index.key(best);
        Rule rule = Double.isFinite(bestK) ? Rule.MIN_K : Rule.FALLBACK;
        return new Choice(best, rule, bestK, -1, Double.NaN);
    }

    /**
     * The server's load as the fallback expects it: an idle server whose idle period another router
     * owns counts one task more than this router sent it since its report, the one its owner sends
     * it (a task of this router's there waits a whole service, as behind a busy server's one).
     * Counting the owner's task only while this router had sent none let a fallback router pile a
     * second task onto such a server as if it were the first (docs/results.md, 2026-12-06).
     */
    private int expectedLoad(int slot) {
        // one router owns every idle server: spare its every update the ownership hash
        boolean ownersTask = config.routerCount() > 1 && othersToken(slot);
        return view.load(slot) + (ownersTask ? 1 : 0);
    }

    /**
     * An idle server in another router's idle queue (live K only: steady-state K ignores loads).
     */
    private boolean othersToken(int slot) {
        return live
                && idleQueueFirst
                && view.snapshot(slot).idle()
                && !IdleServers.owns(view, slot, config.routerIndex(), config.routerCount());
    }

    /**
     * The lowest K among a few servers drawn at random in proportion to their capacity (with
     * replacement: N is far larger).
     */
    private Choice sampledMinimum() {
        int best = -1;
        int second = -1;
        for (int i = 0; i < FALLBACK_SAMPLES; i++) {
            int slot = capacity.sample(random);
            if (slot < 0 || !view.alive(slot)) {
                slot = randomAlive();
            }
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
    public void acknowledgementRoundTrip(double meanMillis) {
        refill.roundTrip(meanMillis);
        if (config.routerCount() > 1 && live && refill.movedSinceKeyed()) {
            rekeyAll();
        }
    }

    @Override
    int idleQueueLength() {
        return idle.size();
    }

    @Override
    public void changed(int slot, boolean snapshotChanged) {
        if (snapshotChanged && fleetMeansMoved(slot, view.alive(slot))) {
            rekeyAll();
        }
        if (config.routerCount() > 1) {
            capacity.set(slot, view.alive(slot) ? capacityOf(slot) : 0);
        }
        if (!view.alive(slot)) {
            index.remove(slot);
        } else if (live || snapshotChanged || !index.contains(slot)) {
            index.set(slot, indexKey(slot));
        } else {
            // steady-state K ignores the decision; at least servers of equal K then take turns,
            // chosen at random
            index.redrawTieBreak(slot);
        }
    }

    /** c·μ, with the fleet's mean μ for a server whose μ is not known yet. */
    private double capacityOf(int slot) {
        ServerSnapshot s = view.snapshot(slot);
        double mu = s.effectiveMu();
        return s.slots() * (mu > 0 ? mu : 1 / timeUnit.seconds());
    }

    @Override
    public void removed(int slot) {
        capacity.set(slot, 0);
        index.remove(slot);
        if (fleetMeansMoved(slot, false)) {
            rekeyAll();
        }
    }

    /**
     * Records the server's μ and α_c in the fleet's means K reads (none when it is not alive) and
     * returns whether either mean in use moved, so that every key must be computed again.
     */
    private boolean fleetMeansMoved(int slot, boolean alive) {
        boolean unitMoved = timeUnit.track(slot, alive ? view.snapshot(slot).effectiveMu() : 0);
        boolean patienceMoved =
                live
                        && patience.track(
                                slot,
                                alive ? view.snapshot(slot).alphaC() : Double.NaN,
                                1 / timeUnit.seconds());
        return unitMoved || patienceMoved;
    }

    /**
     * The time unit moved: every K changes by a common factor per term, so each key is computed
     * again.
     */
    private void rekeyAll() {
        for (int i = 0; i < view.aliveCount(); i++) {
            int slot = view.aliveSlot(i);
            if (index.contains(slot)) {
                index.set(slot, indexKey(slot));
            }
        }
    }

    private double liveK(int load, ServerSnapshot s) {
        return LoadIndex.live(
                load, s.slots(), s.effectiveMu(), patience.alphaC(), timeUnit.seconds(), weights);
    }

    /**
     * The chance that the server's idle period belongs to another router, whose task this router's
     * would wait behind: 1 for an idle server in another router's idle queue (its owner is sending
     * it one), the {@link RefillRisk} of a busy server with none waiting whose next idle period
     * another router owns, else 0.
     */
    private double ownersTaskChance(int slot, int load) {
        // one router owns every idle server: spare its every update the ownership hash
        if (config.routerCount() == 1 || !idleQueueFirst) {
            return 0;
        }
        if (othersToken(slot)) {
            return 1;
        }
        ServerSnapshot s = view.snapshot(slot);
        boolean refillable =
                load >= 1
                        && load <= s.slots()
                        && !s.idle()
                        && !IdleServers.owns(
                                view, slot, config.routerIndex(), config.routerCount());
        return refillable ? refill.probability(load, s.effectiveMu()) : 0;
    }

    /**
     * The index's key: live K of the server's load with another router's task expected there
     * ({@link #ownersTaskChance}), so that every fallback counts it too; or steady-state K.
     */
    private double indexKey(int slot) {
        ServerSnapshot s = view.snapshot(slot);
        if (live) {
            // the owner's task, expected: K of one task more, weighed by its chance
            int load = view.load(slot);
            double p = ownersTaskChance(slot, load);
            if (p >= 1) {
                return liveK(load + 1, s);
            }
            double k = liveK(load, s);
            return p > 0 ? (1 - p) * k + p * liveK(load + 1, s) : k;
        }
        return LoadIndex.steadyState(
                        s.lambda(),
                        s.effectiveMu(),
                        s.slots(),
                        s.alphaC(),
                        timeUnit.seconds(),
                        weights)
                .orElse(Double.POSITIVE_INFINITY);
    }
}
