package io.qrouter.tools.sim;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.math3.distribution.PoissonDistribution;

/**
 * How fast the routers notice a server that slowed down: the time from the start of a slowdown
 * until the slowed server's share of the decisions, over a trailing window of {@code window} (one
 * mean service time), fell to half its share before the slowdown. The same code measures the
 * simulator, the fleet and the twin.
 *
 * <p>Pooled over the episodes: at each time τ after the start, the share is the decisions for the
 * slowed servers over all decisions, both summed over every episode, in the windows (start + τ −
 * window, start + τ]; the share before is pooled the same way over the baseline window before each
 * start (half the OFF time, at most 10 windows: the end of the normal period, after the server's
 * queue has recovered from the previous slowdown). Why pooled, not a median of per-episode times: a
 * one-slot server receives about ρ decisions per mean service time, so one episode's share over a
 * window of one or two service times is a Poisson count of one or two, and its first fall below
 * half happens by chance within a few windows even under a policy that never reacts (random
 * routing); pooling over the episodes makes the count large enough to show the policy, not the
 * noise.
 *
 * <p>Only episodes whose baseline window and ON time both lie within the measured decisions count.
 * Reported as null, with the reason, when none does, when the slowed servers got no decisions
 * before, when the pooled count is still too small to tell a halving from chance (a short demo: a
 * few decisions a window, where even random routing would "halve" by luck), or when the share never
 * fell to half before the slowdowns ended.
 */
public final class ShareHalving {
    /**
     * The largest chance of a halving by noise alone ({@link #chanceHalving}) at which a figure is
     * still given: below it the pooled count is large enough to show the policy.
     */
    static final double MAX_CHANCE = 0.01;

    /** Independent tries a sliding window makes per window length ({@link #chanceHalving}). */
    static final double TRIES_PER_WINDOW = 4;

    /**
     * @param time the halving time, null when there is none
     * @param reason why there is none (null when there is)
     * @param episodes slowdowns measured
     * @param window the trailing window of the share
     * @param baselineWindow the window before each start that the share before comes from
     * @param baselineShare the slowed servers' share before their slowdowns (null when unknown)
     */
    public record Result(
            Double time,
            String reason,
            int episodes,
            double window,
            double baselineWindow,
            Double baselineShare) {

        public static final Result NO_ANTAGONISTS =
                new Result(null, "no antagonists", 0, Double.NaN, Double.NaN, null);

        /** The details beside the headline figure (times in the run's unit). */
        public Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("episodes", episodes);
            m.put("window", Double.isNaN(window) ? null : window);
            m.put("baseline_window", Double.isNaN(baselineWindow) ? null : baselineWindow);
            m.put("baseline_share", baselineShare);
            m.put("reason", reason);
            return m;
        }
    }

    private ShareHalving() {}

    /** Over every decision given: the measured span runs from the first to the last. */
    public static Result over(double[] times, int[] servers, Slowdowns slowdowns, double window) {
        double from = times.length == 0 ? 0 : times[0];
        double to = times.length == 0 ? 0 : times[times.length - 1];
        return of(times, servers, slowdowns, window, from, to);
    }

    /**
     * @param times when each decision was made, non-decreasing
     * @param servers the server each chose
     * @param window the trailing window (> 0)
     * @param from when the measured decisions start
     * @param to when they end
     */
    public static Result of(
            double[] times,
            int[] servers,
            Slowdowns slowdowns,
            double window,
            double from,
            double to) {
        return of(times, servers, slowdowns, window, from, to, MAX_CHANCE);
    }

    /**
     * As above, giving a figure only while the chance of a halving by noise is below {@code
     * maxChance}.
     */
    static Result of(
            double[] times,
            int[] servers,
            Slowdowns slowdowns,
            double window,
            double from,
            double to,
            double maxChance) {
        if (slowdowns.none()) {
            return Result.NO_ANTAGONISTS;
        }
        double baselineWindow = Math.min(slowdowns.off() / 2, 10 * window);
        List<Slowdowns.Episode> episodes =
                slowdowns.episodes(from + baselineWindow, to - slowdowns.on());
        if (episodes.isEmpty()) {
            return new Result(
                    null,
                    "no slowdown lies within the measured decisions with its baseline window",
                    0,
                    window,
                    baselineWindow,
                    null);
        }
        long slowedBefore = 0;
        long allBefore = 0;
        for (Slowdowns.Episode e : episodes) {
            int lo = firstAtOrAfter(times, e.start() - baselineWindow);
            int hi = firstAtOrAfter(times, e.start());
            allBefore += hi - lo;
            for (int i = lo; i < hi; i++) {
                slowedBefore += servers[i] == e.server() ? 1 : 0;
            }
        }
        Double baselineShare = allBefore == 0 ? null : (double) slowedBefore / allBefore;
        if (slowedBefore == 0) {
            return new Result(
                    null,
                    "the slowed servers got no decisions before their slowdowns",
                    episodes.size(),
                    window,
                    baselineWindow,
                    baselineShare);
        }
        double perWindow = (double) slowedBefore * window / baselineWindow;
        double chance = chanceHalving(perWindow, slowdowns.on() / window);
        if (chance > maxChance) {
            return new Result(
                    null,
                    String.format(
                            Locale.ROOT,
                            "too few decisions to tell a halving from chance: %.1f a window went"
                                    + " to the slowed servers before their slowdowns, pooled over"
                                    + " %d %s, so a router that never reacts would show one"
                                    + " with probability %.0f%%; run longer or with more antagonists",
                            perWindow,
                            episodes.size(),
                            episodes.size() == 1 ? "slowdown" : "slowdowns",
                            100 * chance),
                    episodes.size(),
                    window,
                    baselineWindow,
                    baselineShare);
        }
        Double time =
                firstHalving(
                        times, servers, episodes, slowdowns.on(), window, slowedBefore, allBefore);
        return new Result(
                time,
                time == null
                        ? "the slowed servers' share never fell to half before the slowdowns ended"
                        : null,
                episodes.size(),
                window,
                baselineWindow,
                baselineShare);
    }

    /**
     * Sweeps τ over [0, on]: a decision at offset o from its episode's start is in the window for τ
     * in [o, o + window), so the pooled counts change only where a decision enters or leaves.
     */
    private static Double firstHalving(
            double[] times,
            int[] servers,
            List<Slowdowns.Episode> episodes,
            double on,
            double window,
            long slowedBefore,
            long allBefore) {
        long all = 0;
        long slowed = 0;
        int size = 0;
        double[] at = new double[16];
        int[] change = new int[16];
        for (Slowdowns.Episode e : episodes) {
            int lo = firstAfter(times, e.start() - window);
            int hi = firstAfter(times, e.start() + on);
            for (int i = lo; i < hi; i++) {
                double offset = times[i] - e.start();
                int mine = servers[i] == e.server() ? 1 : 0;
                if (offset <= 0) {
                    all++;
                    slowed += mine;
                } else {
                    at = grow(at, size);
                    change = grow(change, size);
                    at[size] = offset;
                    change[size++] = 1 + 2 * mine; // +1 all, +mine slowed
                }
                if (offset + window <= on) {
                    at = grow(at, size);
                    change = grow(change, size);
                    at[size] = offset + window;
                    change[size++] = -(1 + 2 * mine);
                }
            }
        }
        Integer[] order = new Integer[size];
        for (int i = 0; i < size; i++) {
            order[i] = i;
        }
        final double[] when = at;
        Arrays.sort(order, (a, b) -> Double.compare(when[a], when[b]));
        double tau = 0;
        int next = 0;
        while (true) {
            // halved: slowed / all <= (slowedBefore / allBefore) / 2, in integers
            if (all > 0 && 2 * slowed * allBefore <= slowedBefore * all) {
                return tau;
            }
            if (next == size) {
                return null;
            }
            tau = at[order[next]];
            while (next < size && at[order[next]] == tau) {
                int c = change[order[next++]];
                all += Integer.signum(c);
                slowed += Math.abs(c) == 3 ? Integer.signum(c) : 0;
            }
        }
    }

    /**
     * The chance that a share which never changed still looks halved somewhere in a slowdown of
     * {@code windows} windows: the slowed servers' count in one window is about Poisson with mean
     * {@code perWindow}, and the sliding window sees about {@link #TRIES_PER_WINDOW} independent
     * tries per window length (calibrated against a router that never reacts, {@code
     * ShareHalvingTest}).
     */
    static double chanceHalving(double perWindow, double windows) {
        double p =
                new PoissonDistribution(
                                null,
                                perWindow,
                                PoissonDistribution.DEFAULT_EPSILON,
                                PoissonDistribution.DEFAULT_MAX_ITERATIONS)
                        .cumulativeProbability((int) Math.floor(perWindow / 2));
        return p >= 1 ? 1 : -Math.expm1(TRIES_PER_WINDOW * Math.max(1, windows) * Math.log1p(-p));
    }

    private static double[] grow(double[] a, int size) {
        return size < a.length ? a : Arrays.copyOf(a, 2 * a.length);
    }

    private static int[] grow(int[] a, int size) {
        return size < a.length ? a : Arrays.copyOf(a, 2 * a.length);
    }

    /** The first index whose time is ≥ t. */
    private static int firstAtOrAfter(double[] times, double t) {
        int lo = 0;
        int hi = times.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The first index whose time is > t. */
    private static int firstAfter(double[] times, double t) {
        int lo = 0;
        int hi = times.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
