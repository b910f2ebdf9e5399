package io.qrouter.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A drain's CPU by the operator chain each busy thread runs, per input record: which part of the
 * job a fleet size makes expensive. A Flink task thread is named after its chain and subtask, so
 * its name up to the first {@code " -> "}, {@code " | "} or {@code " ("} names the chain's head.
 */
final class DrainByThread {
    /** How the threads outside the side's busiest are listed. */
    static final String REST = "the rest";

    private static final int MAX_LABEL = 48;

    private DrainByThread() {}

    /** The chain's head named in {@code threadName}, at most {@value #MAX_LABEL} characters. */
    static String operatorOf(String threadName) {
        int end = threadName.length();
        for (String cut : new String[] {" -> ", " | ", " ("}) {
            int at = threadName.indexOf(cut);
            if (at > 0) {
                end = Math.min(end, at);
            }
        }
        String label = threadName.substring(0, end);
        return label.length() <= MAX_LABEL ? label : label.substring(0, MAX_LABEL - 1) + "…";
    }

    /**
     * CPU µs per record by operator, the busiest first, then {@link #REST}: the side's CPU that
     * none of {@code busiestThreadsMs} took.
     *
     * @param busiestThreadsMs CPU milliseconds by thread name, the side's busiest threads
     * @param sideCpuMs the CPU of all the side's threads over the same span
     */
    static Map<String, Double> microsPerRecord(
            Map<String, Double> busiestThreadsMs, double sideCpuMs, long records) {
        Map<String, Double> byOperator = new TreeMap<>();
        double listed = 0;
        for (Map.Entry<String, Double> thread : busiestThreadsMs.entrySet()) {
            byOperator.merge(operatorOf(thread.getKey()), thread.getValue(), Double::sum);
            listed += thread.getValue();
        }
        Map<String, Double> perRecord = new LinkedHashMap<>();
        byOperator.entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed())
                .forEach(e -> perRecord.put(e.getKey(), e.getValue() * 1_000 / records));
        perRecord.put(REST, Math.max(0, sideCpuMs - listed) * 1_000 / records);
        return perRecord;
    }
}
