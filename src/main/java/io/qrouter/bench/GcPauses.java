package io.qrouter.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The JVM's stop-the-world collections at one moment: how many, and their pause time so far. The
 * bench runs the broker, its own producers and probe, and the measured side in one JVM, so a pause
 * stops all of them: a decision in flight waits for it. Pauses of 10–20 ms every second or two are
 * about 1 % of the time, enough to set a p99 (docs/performance.md), so each latency point reports
 * the share of its window the process stood still.
 */
final class GcPauses {
    private final long pauses;
    private final long pauseMillis;

    private GcPauses(long pauses, long pauseMillis) {
        this.pauses = pauses;
        this.pauseMillis = pauseMillis;
    }

    static GcPauses now() {
        long pauses = 0;
        long millis = 0;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (countsPauses(collector.getName())) {
                pauses += Math.max(0, collector.getCollectionCount());
                millis += Math.max(0, collector.getCollectionTime());
            }
        }
        return new GcPauses(pauses, millis);
    }

    /**
     * Whether a collector's bean counts pauses. ZGC and Shenandoah report their concurrent cycles
     * on beans of their own ("ZGC Cycles", "Shenandoah Cycles"), whose time the application keeps
     * running through; G1's and Parallel's beans, and the "… Pauses" ones, count pauses.
     */
    static boolean countsPauses(String collectorName) {
        return !collectorName.contains("Cycles");
    }

    /** The pauses between {@code from} and this snapshot, over a window of {@code seconds}. */
    Window since(GcPauses from, double seconds) {
        long millis = pauseMillis - from.pauseMillis;
        return new Window(pauses - from.pauses, millis, seconds > 0 ? millis / 1e3 / seconds : 0);
    }

    /**
     * @param pauses collections that stopped the JVM in the window
     * @param pauseMillis their pause time in all
     * @param pausedShare the share of the window the JVM stood still (a pause that straddles an end
     *     of the window counts whole)
     */
    record Window(long pauses, long pauseMillis, double pausedShare) {
        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("pauses", pauses);
            m.put("pause_ms", pauseMillis);
            m.put("paused_share", pausedShare);
            return m;
        }

        /** "1.1 % (14 pauses)", for the progress lines. */
        String describe() {
            return String.format(
                    Locale.ROOT,
                    "%.1f %% (%d %s)",
                    100 * pausedShare,
                    pauses,
                    pauses == 1 ? "pause" : "pauses");
        }
    }
}
