package io.qrouter.core.policy;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Prequal (Wydrowski et al., NSDI '24): a small pool of probes, each a server's requests in flight
 * (RIF) and recent latency as of when it was taken, chosen from by the hot-cold lexicographic rule:
 * among the cold probes (RIF at most the Q_RIF quantile of the recent probes' RIF) the lowest
 * latency; when every probe is hot, the lowest RIF. Probes age out, are used a bounded number of
 * times, and never give a global argmin.
 *
 * <p>A probe's latency is the server's at the RIF it had ({@link #latencyAt}). Here a probe costs
 * nothing: each task takes {@code probesPerTask} fresh ones from the reports this router already
 * holds, at random, so the pool stays as stale as the paper's asynchronous probes and no fresher. A
 * probe that chose a server counts that task in its RIF.
 */
final class PrequalPolicy extends AbstractRoutingPolicy {
    private final PrequalSettings settings;
    private final DistinctSample sample;
    private final Probe[] pool;
    private int poolSize;

    /** The RIF of the latest probes taken, oldest overwritten: the distribution Q_RIF reads. */
    private final int[] recentRif;

    private final int[] sortedRif;
    private int recentCount;
    private int recentNext;

    PrequalPolicy(PolicyConfig config, RandomGenerator random) {
        super(config, random);
        this.settings = config.prequal();
        this.sample = new DistinctSample(settings.probesPerTask());
        this.pool = new Probe[settings.poolSize()];
        this.recentRif = new int[4 * settings.poolSize()];
        this.sortedRif = new int[recentRif.length];
    }

    @Override
    Choice choose(String taskKey) {
        dropStale();
        sample.draw(view, settings.probesPerTask(), random);
        for (int i = 0; i < sample.size(); i++) {
            take(sample.slot(i));
        }
        int threshold = hotThreshold();
        int best = coldest(threshold);
        Rule rule = Rule.PREQUAL_COLD;
        if (best < 0) {
            best = lowestRif();
            rule = Rule.PREQUAL_HOT;
        }
        Probe chosen = pool[best];
        int runnerUp = runnerUp(best, threshold, rule);
        chosen.rif++;
        if (++chosen.uses >= settings.maxUses()) {
            removeAt(best);
        }
        return Choice.compared(chosen.slot, rule, runnerUp);
    }

    /** Probes in the pool now. */
    int poolSize() {
        return poolSize;
    }

    /** The Q_RIF quantile (nearest rank) of the recent probes' RIF. */
    int hotThreshold() {
        System.arraycopy(recentRif, 0, sortedRif, 0, recentCount);
        Arrays.sort(sortedRif, 0, recentCount);
        int rank = (int) Math.ceil(settings.hotQuantile() * recentCount) - 1;
        return sortedRif[Math.max(0, rank)];
    }

    private int coldest(int threshold) {
        int best = -1;
        for (int i = 0; i < poolSize; i++) {
            Probe p = pool[i];
            if (p.rif <= threshold
                    && (best < 0
                            || p.latency < pool[best].latency
                            || p.latency == pool[best].latency && p.rif < pool[best].rif)) {
                best = i;
            }
        }
        return best;
    }

    private int lowestRif() {
        int best = 0;
        for (int i = 1; i < poolSize; i++) {
            if (pool[i].rif < pool[best].rif) {
                best = i;
            }
        }
        return best;
    }

    /** The best other server by the same rule, for the decision record; -1 when none. */
    private int runnerUp(int best, int threshold, Rule rule) {
        int runnerUp = -1;
        for (int i = 0; i < poolSize; i++) {
            Probe p = pool[i];
            if (p.slot == pool[best].slot) {
                continue;
            }
            if (runnerUp < 0 || better(p, pool[runnerUp], threshold, rule)) {
                runnerUp = i;
            }
        }
        return runnerUp < 0 ? -1 : pool[runnerUp].slot;
    }

    private static boolean better(Probe a, Probe b, int threshold, Rule rule) {
        if (rule == Rule.PREQUAL_HOT) {
            return a.rif < b.rif;
        }
        boolean aCold = a.rif <= threshold;
        boolean bCold = b.rif <= threshold;
        return aCold != bCold ? aCold : aCold ? a.latency < b.latency : a.rif < b.rif;
    }

    private void take(int slot) {
        Probe p = new Probe(slot, view.serverId(slot), view.load(slot), nowMillis);
        p.latency = latencyAt(view.snapshot(slot), p.rif);
        recentRif[recentNext] = p.rif;
        recentNext = (recentNext + 1) % recentRif.length;
        recentCount = Math.min(recentCount + 1, recentRif.length);
        if (poolSize < pool.length) {
            pool[poolSize++] = p;
        } else {
            pool[oldest()] = p;
        }
    }

    /**
     * The server's latency for a task joining {@code rif} tasks. Prequal's servers report the
     * median latency of their many recent queries at the RIF they have now. Ours do not keep
     * latency by RIF, and their last two buckets hold too few completions to rank by; so the probe
     * takes the mean service time per slot s the estimators have most evidence for (1/μ), and a
     * FCFS server of c slots serves a task that finds rif tasks after (rif − c + 1)⁺ departures at
     * c/s each: s·(1 + (rif − c + 1)⁺/c).
     */
    static double latencyAt(ServerSnapshot s, int rif) {
        double mu = s.effectiveMu();
        if (!(mu > 0)) {
            return s.latencySeconds();
        }
        int c = s.slots();
        return (1 + Math.max(0, rif - c + 1) / (double) c) / mu;
    }

    private int oldest() {
        int oldest = 0;
        for (int i = 1; i < poolSize; i++) {
            if (pool[i].takenAtMillis < pool[oldest].takenAtMillis) {
                oldest = i;
            }
        }
        return oldest;
    }

    /** Drops probes past their age and probes of servers no longer alive (or slots reused). */
    private void dropStale() {
        for (int i = poolSize - 1; i >= 0; i--) {
            Probe p = pool[i];
            boolean gone = !view.alive(p.slot) || !view.serverId(p.slot).equals(p.serverId);
            if (gone || nowMillis - p.takenAtMillis > settings.maxAgeMillis()) {
                removeAt(i);
            }
        }
    }

    private void removeAt(int i) {
        pool[i] = pool[--poolSize];
        pool[poolSize] = null;
    }

    /** One probe: a server's RIF and latency when it was taken, and how often it chose since. */
    private static final class Probe {
        final int slot;
        final String serverId;
        final long takenAtMillis;
        int rif;
        double latency;
        int uses;

        Probe(int slot, String serverId, int rif, long takenAtMillis) {
            this.slot = slot;
            this.serverId = serverId;
            this.rif = rif;
            this.takenAtMillis = takenAtMillis;
        }
    }
}
