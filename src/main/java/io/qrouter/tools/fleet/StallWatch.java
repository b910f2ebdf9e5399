package io.qrouter.tools.fleet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Tells a stalled router from a quiet one: routing has stalled when tasks are waiting and no
 * decision has come for {@code stallAfterSeconds}. A job whose status is RUNNING, whose process is
 * alive and whose servers still look alive can be stalled all the same; only the missing decisions
 * tell. Fed with the time of the latest decision and the number of tasks waiting, it says when a
 * stall starts and when it ends, and keeps every stall for the report. Not thread-safe: one thread
 * feeds it.
 */
public final class StallWatch {
    private final double stallAfterSeconds;
    private final List<Stall> ended = new ArrayList<>();
    private double stallStart = Double.NaN;
    private long mostWaiting;

    /**
     * One stall: from the decision before it, for {@code seconds}, with at most {@code mostWaiting}
     * tasks waiting.
     */
    public record Stall(double startSeconds, double seconds, long mostWaiting) {
        /** report.json's names. */
        public Map<String, Object> toJson() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("at_seconds", startSeconds);
            out.put("seconds", seconds);
            out.put("most_waiting", mostWaiting);
            return out;
        }
    }

    public StallWatch(double stallAfterSeconds) {
        if (!(stallAfterSeconds > 0) || Double.isInfinite(stallAfterSeconds)) {
            throw new IllegalArgumentException(
                    "--stall-after must be a duration > 0s (got " + stallAfterSeconds + "s)");
        }
        this.stallAfterSeconds = stallAfterSeconds;
    }

    /**
     * @param now seconds on the caller's clock
     * @param lastDecision when the latest decision came, same clock (the start of watching before
     *     the first)
     * @param waiting tasks waiting for a decision now (negative: not known, never a stall)
     * @return a line to show when a stall starts or ends, else null
     */
    public String check(double now, double lastDecision, long waiting) {
        if (!Double.isNaN(stallStart)) {
            if (lastDecision > stallStart) {
                Stall stall = new Stall(stallStart, lastDecision - stallStart, mostWaiting);
                ended.add(stall);
                stallStart = Double.NaN;
                return String.format(
                        Locale.ROOT,
                        "routing resumed after a stall of %.1f s (up to %d tasks waiting)",
                        stall.seconds(),
                        stall.mostWaiting());
            }
            mostWaiting = Math.max(mostWaiting, waiting);
            return null;
        }
        if (waiting > 0 && now - lastDecision >= stallAfterSeconds) {
            stallStart = lastDecision;
            mostWaiting = waiting;
            return String.format(
                    Locale.ROOT,
                    "STALL: %d tasks waiting and no decision for %.1f s",
                    waiting,
                    now - lastDecision);
        }
        return null;
    }

    /** True while a stall lasts. */
    public boolean stalled() {
        return !Double.isNaN(stallStart);
    }

    /** Every stall so far; one still going on counts up to {@code now}. */
    public List<Stall> stalls(double now) {
        List<Stall> all = new ArrayList<>(ended);
        if (stalled()) {
            all.add(new Stall(stallStart, now - stallStart, mostWaiting));
        }
        return all;
    }
}
