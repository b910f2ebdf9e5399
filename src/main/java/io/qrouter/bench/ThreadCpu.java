package io.qrouter.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * CPU time of the threads of this JVM at one moment, so that a benchmark can charge each side (the
 * bare pipe, the job) with the threads it started: those born after a baseline {@link #now()
 * snapshot}, except the benchmark's own drivers and probes, whose names contain {@value
 * #BENCH_MARK}. The broker's threads exist before every side starts and are never charged; the
 * whole process (broker included) is measured apart by {@link #processNanos()}.
 */
final class ThreadCpu {
    /**
     * Threads (and Kafka client ids, which name their network threads) of the benchmark's drivers
     * carry this.
     */
    static final String BENCH_MARK = "bench-";

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** CPU nanoseconds by thread id, and the names. */
    private final Map<Long, Long> cpuNanos;

    private final Map<Long, String> names;
    private final long processNanos;

    /** The JIT's and the collector's threads; null where they cannot be read. */
    private final JvmThreadsCpu jvm;

    private ThreadCpu(
            Map<Long, Long> cpuNanos,
            Map<Long, String> names,
            long processNanos,
            JvmThreadsCpu jvm) {
        this.cpuNanos = cpuNanos;
        this.names = names;
        this.processNanos = processNanos;
        this.jvm = jvm;
    }

    static ThreadCpu now() {
        Map<Long, Long> cpu = new HashMap<>();
        Map<Long, String> names = new HashMap<>();
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info == null) {
                continue; // ended meanwhile
            }
            long nanos = THREADS.getThreadCpuTime(info.getThreadId());
            if (nanos >= 0) {
                cpu.put(info.getThreadId(), nanos);
                names.put(info.getThreadId(), info.getThreadName());
            }
        }
        return new ThreadCpu(cpu, names, processNanos(), JvmThreadsCpu.now());
    }

    /** CPU time of the whole process (every thread, the in-process broker's included). */
    static long processNanos() {
        return ((com.sun.management.OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /**
     * CPU nanoseconds, from {@code from} to this snapshot, of the threads born after {@code
     * baseline} that are not the benchmark's own (a thread born after {@code from} counts from
     * zero).
     */
    long chargedSince(ThreadCpu from, ThreadCpu baseline) {
        long total = 0;
        for (Map.Entry<Long, Long> e : cpuNanos.entrySet()) {
            if (charged(e.getKey(), baseline.cpuNanos.keySet())) {
                total += e.getValue() - from.cpuNanos.getOrDefault(e.getKey(), 0L);
            }
        }
        return total;
    }

    /** Process CPU nanoseconds from {@code from} to this snapshot. */
    long processSince(ThreadCpu from) {
        return processNanos - from.processNanos;
    }

    /**
     * The JIT's and the collector's CPU from {@code from} to this snapshot; null where either could
     * not be read.
     */
    JvmThreadsCpu jvmSince(ThreadCpu from) {
        return jvm == null || from.jvm == null ? null : jvm.since(from.jvm);
    }

    /**
     * The {@code limit} charged threads that used the most CPU since {@code from}, milliseconds by
     * name (threads of one name summed), most first: where a side's time goes.
     */
    Map<String, Double> topCharged(ThreadCpu from, ThreadCpu baseline, int limit) {
        Map<String, Long> byName = new HashMap<>();
        for (Map.Entry<Long, Long> e : cpuNanos.entrySet()) {
            if (charged(e.getKey(), baseline.cpuNanos.keySet())) {
                byName.merge(
                        names.get(e.getKey()),
                        e.getValue() - from.cpuNanos.getOrDefault(e.getKey(), 0L),
                        Long::sum);
            }
        }
        Map<String, Double> top = new LinkedHashMap<>();
        byName.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .limit(limit)
                .forEach(e -> top.put(e.getKey(), e.getValue() / 1e6));
        return top;
    }

    private boolean charged(long threadId, Set<Long> before) {
        return !before.contains(threadId) && !names.get(threadId).contains(BENCH_MARK);
    }
}
