package io.qrouter.bench;

import io.qrouter.tools.report.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A delivery latency split at the decision's {@code decidedAt}: the way in (send → the task read,
 * decoded and decided: the broker, the fetch and, for the job, its hops to the router) and the way
 * out (decision → read back: the sink's producer, the broker, the probe's fetch). Both sides stamp
 * {@code decidedAt} from the wall clock the probe reads too, so the split needs no clock sync; it
 * has that clock's millisecond resolution, which the tail it is for (several ms) can afford.
 */
final class DeliveryLegs {
    private static final long MAX_MICROS = 3_600_000_000L;

    private final Histogram inMicros = new Histogram(MAX_MICROS, 3);
    private final Histogram outMicros = new Histogram(MAX_MICROS, 3);

    /**
     * @param latencyMicros send → read back, measured on the monotonic clock
     * @param receivedAtMillis the wall clock when the decision was read back
     * @param decidedAtMillis the decision's {@code decidedAt}
     */
    void add(long latencyMicros, long receivedAtMillis, long decidedAtMillis) {
        long latency = Math.max(0, Math.min(MAX_MICROS, latencyMicros));
        // a decision cannot be read back before it is made, nor made before its task was sent:
        // the out leg lies in [0, latency] whatever the clock's steps
        long out = Math.max(0, Math.min(latency, (receivedAtMillis - decidedAtMillis) * 1000));
        outMicros.recordValue(out);
        inMicros.recordValue(latency - out);
    }

    /** Percentiles of both legs, in milliseconds (NaN with no decision). */
    Summary summary() {
        return new Summary(
                LatencyPoint.millis(inMicros, 50),
                LatencyPoint.millis(inMicros, 99),
                LatencyPoint.millis(outMicros, 50),
                LatencyPoint.millis(outMicros, 99));
    }

    record Summary(
            double inP50Millis, double inP99Millis, double outP50Millis, double outP99Millis) {
        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("in_p50_ms", Json.finiteOrNull(inP50Millis));
            m.put("in_p99_ms", Json.finiteOrNull(inP99Millis));
            m.put("out_p50_ms", Json.finiteOrNull(outP50Millis));
            m.put("out_p99_ms", Json.finiteOrNull(outP99Millis));
            return m;
        }
    }
}
