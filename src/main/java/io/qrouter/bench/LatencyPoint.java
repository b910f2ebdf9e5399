package io.qrouter.bench;

import io.qrouter.tools.report.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Delivery latency at one live rate: from handing a task to Kafka until its decision is read back
 * (read_committed), over the tasks sent in the measured window.
 *
 * @param side {@code bare} or {@code job}
 * @param sent tasks sent in the measured window
 * @param lost of those, tasks whose decision did not come back within the drain time
 * @param cpu what the measured window cost: the side's threads, the whole process
 * @param legs the same latencies split at the decision: the way in and the way out
 * @param gc the JVM's collection pauses in the measured window (they stop the broker, the bench and
 *     the side alike)
 * @param checkpoints the job's latency beside its checkpoints; null for the bare relay
 */
record LatencyPoint(
        String side,
        int servers,
        double ratePerSecond,
        long sent,
        long lost,
        double p50Millis,
        double p90Millis,
        double p99Millis,
        double p999Millis,
        double maxMillis,
        DeliveryLegs.Summary legs,
        Cpu cpu,
        GcPauses.Window gc,
        CheckpointTail checkpoints) {

    /**
     * Cores used over the measured window by the side's own threads and by the whole process (the
     * broker, the workload's player and the probe included), and the side's busiest threads (CPU
     * milliseconds by name): on a machine this small, a latency tail is mostly threads waiting for
     * a core.
     */
    record Cpu(double sideCores, double processCores, Map<String, Double> topThreadsCpuMs) {}

    static LatencyPoint of(
            String side,
            int servers,
            double rate,
            long sent,
            long lost,
            Histogram micros,
            DeliveryLegs legs,
            Cpu cpu,
            GcPauses.Window gc,
            CheckpointTail checkpoints) {
        return new LatencyPoint(
                side,
                servers,
                rate,
                sent,
                lost,
                millis(micros, 50),
                millis(micros, 90),
                millis(micros, 99),
                millis(micros, 99.9),
                micros.getTotalCount() == 0 ? Double.NaN : micros.getMaxValue() / 1000.0,
                legs.summary(),
                cpu,
                gc,
                checkpoints);
    }

    /** A percentile of a histogram of microseconds, in milliseconds; NaN when it is empty. */
    static double millis(Histogram micros, double percentile) {
        return micros.getTotalCount() == 0
                ? Double.NaN
                : micros.getValueAtPercentile(percentile) / 1000.0;
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("side", side);
        m.put("servers", servers);
        m.put("rate_per_second", ratePerSecond);
        m.put("sent", sent);
        m.put("lost", lost);
        m.put("p50_ms", Json.finiteOrNull(p50Millis));
        m.put("p90_ms", Json.finiteOrNull(p90Millis));
        m.put("p99_ms", Json.finiteOrNull(p99Millis));
        m.put("p999_ms", Json.finiteOrNull(p999Millis));
        m.put("max_ms", Json.finiteOrNull(maxMillis));
        m.put("legs", legs.toJson());
        m.put("side_cores", Json.finiteOrNull(cpu.sideCores()));
        m.put("process_cores", Json.finiteOrNull(cpu.processCores()));
        m.put("top_threads_cpu_ms", cpu.topThreadsCpuMs());
        m.put("gc", gc.toJson());
        if (checkpoints != null) {
            m.put("after_checkpoints", checkpoints.toJson());
        }
        return m;
    }
}
