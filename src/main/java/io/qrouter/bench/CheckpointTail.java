package io.qrouter.bench;

import io.qrouter.core.estimate.NearestRank;
import io.qrouter.tools.report.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The job's delivery latency beside its checkpoints: the decisions read back within {@link
 * #WINDOW_MILLIS} after a checkpoint was triggered against the others, and latency by time since
 * the last trigger. A checkpoint wakes every task, the JobManager and the snapshot threads at once;
 * on a small machine that burst delays every thread on a task's way in, and this shows how much of
 * the job's tail it makes (the bare relay has no checkpoints).
 *
 * @param checkpoints triggers within the measured span (first to last decision read back)
 * @param windowShare the fraction of the measured span within a window
 * @param buckets latency by time since the last trigger, {@link #BUCKET_MILLIS} wide, up to twice
 *     the window
 */
record CheckpointTail(
        int checkpoints,
        double windowShare,
        long tasksInWindows,
        double p99InWindowsMillis,
        long tasksOutside,
        double p99OutsideMillis,
        List<Bucket> buckets) {

    /** A decision read back this long after a trigger still counts as in its window. */
    static final long WINDOW_MILLIS = 100;

    static final long BUCKET_MILLIS = 10;

    /** Decisions read back [sinceTriggerMillis, + BUCKET_MILLIS) after the last trigger. */
    record Bucket(long sinceTriggerMillis, long tasks, double p50Millis, double p99Millis) {}

    /**
     * @param triggerMillis checkpoint trigger times (epoch ms), ascending
     */
    static CheckpointTail of(Receipts receipts, List<Long> triggerMillis) {
        long[] triggers = triggerMillis.stream().mapToLong(Long::longValue).toArray();
        int buckets = (int) (2 * WINDOW_MILLIS / BUCKET_MILLIS);
        List<List<Double>> byBucket = new ArrayList<>();
        for (int b = 0; b < buckets; b++) {
            byBucket.add(new ArrayList<>());
        }
        double[] inWindows = new double[receipts.size()];
        double[] outside = new double[receipts.size()];
        int in = 0;
        int out = 0;
        for (int i = 0; i < receipts.size(); i++) {
            double millis = receipts.latencyMicros(i) / 1000.0;
            long since = sinceLastTrigger(triggers, receipts.atMillis(i));
            if (since >= 0 && since < WINDOW_MILLIS) {
                inWindows[in++] = millis;
            } else {
                outside[out++] = millis;
            }
            if (since >= 0 && since < buckets * BUCKET_MILLIS) {
                byBucket.get((int) (since / BUCKET_MILLIS)).add(millis);
            }
        }
        List<Bucket> rows = new ArrayList<>();
        for (int b = 0; b < buckets; b++) {
            double[] values = byBucket.get(b).stream().mapToDouble(Double::doubleValue).toArray();
            rows.add(
                    new Bucket(
                            b * BUCKET_MILLIS,
                            values.length,
                            percentile(values, values.length, 0.50),
                            percentile(values, values.length, 0.99)));
        }
        long first = receipts.size() == 0 ? 0 : receipts.atMillis(0);
        long last = receipts.size() == 0 ? 0 : receipts.atMillis(receipts.size() - 1);
        return new CheckpointTail(
                (int) Arrays.stream(triggers).filter(t -> t >= first && t <= last).count(),
                windowShare(triggers, first, last),
                in,
                percentile(inWindows, in, 0.99),
                out,
                percentile(outside, out, 0.99),
                Collections.unmodifiableList(rows));
    }

    /** Milliseconds since the latest trigger at or before {@code atMillis}; -1 before the first. */
    static long sinceLastTrigger(long[] triggers, long atMillis) {
        int i = Arrays.binarySearch(triggers, atMillis);
        if (i < 0) {
            i = -i - 2;
        } else {
            while (i + 1 < triggers.length && triggers[i + 1] == atMillis) {
                i++;
            }
        }
        return i < 0 ? -1 : atMillis - triggers[i];
    }

    /** The fraction of [first, last] within a window; a window ends early where the next begins. */
    static double windowShare(long[] triggers, long first, long last) {
        if (last <= first) {
            return 0;
        }
        long covered = 0;
        for (int i = 0; i < triggers.length; i++) {
            long end = triggers[i] + WINDOW_MILLIS;
            if (i + 1 < triggers.length) {
                end = Math.min(end, triggers[i + 1]);
            }
            covered += Math.max(0, Math.min(end, last) - Math.max(triggers[i], first));
        }
        return (double) covered / (last - first);
    }

    private static double percentile(double[] values, int size, double p) {
        if (size == 0) {
            return Double.NaN;
        }
        Arrays.sort(values, 0, size);
        return NearestRank.of(values, size, p);
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("window_ms", WINDOW_MILLIS);
        m.put("checkpoints", checkpoints);
        m.put("window_share", windowShare);
        m.put("tasks_in_windows", tasksInWindows);
        m.put("p99_in_windows_ms", Json.finiteOrNull(p99InWindowsMillis));
        m.put("tasks_outside", tasksOutside);
        m.put("p99_outside_ms", Json.finiteOrNull(p99OutsideMillis));
        return m;
    }
}
