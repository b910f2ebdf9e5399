package io.qrouter.tools.sim;

import java.util.ArrayList;
import java.util.List;

/**
 * When each server runs slow: the schedule {@link Antagonists#schedule} draws, or a recorded run's
 * (a digital twin replays the fleet's own). A slowed server's k-th slowdown starts at phase + k·(on
 * + off), k ≥ 0, and lasts {@code on}; servers without a phase never slow down.
 *
 * <p>{@link ServerQueues} plays it: while its server is slowed, all of its work, the services in
 * progress included, runs {@code factor} times slower, as under a noisy neighbour or a GC that
 * takes the whole machine. Times are those of the run's clock: mean service times in the simulator,
 * seconds in the fleet.
 *
 * @param phase for each server, when its first slowdown starts; NaN: it never slows down
 */
public record Slowdowns(double factor, double on, double off, double[] phase) {
    public static final Slowdowns NONE = new Slowdowns(1, 1, 1, new double[0]);

    /** One slowdown: the server and when it starts. */
    public record Episode(int server, double start) {}

    public Slowdowns {
        if (phase.length > 0 && !(factor > 1 && on > 0 && off > 0)) {
            throw new IllegalArgumentException(
                    "a slowdown needs a factor > 1 and on, off > 0 (got "
                            + factor
                            + ", "
                            + on
                            + ", "
                            + off
                            + ")");
        }
    }

    /** No server ever slows down. */
    public boolean none() {
        for (double p : phase) {
            if (!Double.isNaN(p)) {
                return false;
            }
        }
        return true;
    }

    public boolean slows(int server) {
        return server < phase.length && !Double.isNaN(phase[server]);
    }

    /**
     * The time of a slowed server's {@code toggle}-th change of speed: toggle 2k starts its k-th
     * slowdown, toggle 2k + 1 ends it.
     */
    double toggleAt(int server, int toggle) {
        return phase[server] + (toggle >>> 1) * (on + off) + ((toggle & 1) == 1 ? on : 0);
    }

    /** Every slowdown that starts in [from, to], by start time then server. */
    public List<Episode> episodes(double from, double to) {
        List<Episode> episodes = new ArrayList<>();
        for (int s = 0; s < phase.length; s++) {
            if (!slows(s)) {
                continue;
            }
            long k = Math.max(0, (long) Math.ceil((from - phase[s]) / (on + off)));
            for (double t = phase[s] + k * (on + off); t <= to; t = phase[s] + ++k * (on + off)) {
                if (t >= from) {
                    episodes.add(new Episode(s, t));
                }
            }
        }
        episodes.sort(
                java.util.Comparator.comparingDouble(Episode::start)
                        .thenComparingInt(Episode::server));
        return episodes;
    }
}
