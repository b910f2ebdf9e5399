package io.qrouter.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time so far of this JVM's own native threads that Java cannot see: the JIT compilers and the
 * garbage collector, read from Linux's {@code /proc/self/task}. In one process with the broker and
 * Flink they take a share of the cores that a drain would otherwise get, and a bench that lumps
 * them in with the broker misreads what the broker costs (docs/performance.md).
 *
 * @param jitNanos the C1 and C2 compiler threads
 * @param gcNanos the collector's threads (G1, Parallel, ZGC)
 */
record JvmThreadsCpu(long jitNanos, long gcNanos) {
    static final Path PROC_SELF_TASKS = Path.of("/proc/self/task");

    /**
     * Linux reports thread CPU in clock ticks of USER_HZ, which is 100 on every architecture it
     * supports for userspace, whatever the kernel's own tick rate.
     */
    static final long NANOS_PER_TICK = 10_000_000L;

    private static final List<String> JIT = List.of("C1 CompilerThre", "C2 CompilerThre");
    private static final List<String> GC =
            List.of("GC Thread", "G1 ", "ZWorker", "ZDriver", "ZDirector");

    /** This JVM's threads now; null where there is no {@code /proc} (not Linux). */
    static JvmThreadsCpu now() {
        return Files.isDirectory(PROC_SELF_TASKS) ? read(PROC_SELF_TASKS) : null;
    }

    /** The threads under {@code tasks}, a {@code /proc/<pid>/task} directory. */
    static JvmThreadsCpu read(Path tasks) {
        long jitTicks = 0;
        long gcTicks = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                String name = readOrNull(thread.resolve("comm"));
                String stat = readOrNull(thread.resolve("stat"));
                if (name == null || stat == null) {
                    continue; // the thread ended while we read
                }
                if (startsWithAny(name, JIT)) {
                    jitTicks += ticks(stat);
                } else if (startsWithAny(name, GC)) {
                    gcTicks += ticks(stat);
                }
            }
        } catch (IOException e) {
            return null;
        }
        return new JvmThreadsCpu(jitTicks * NANOS_PER_TICK, gcTicks * NANOS_PER_TICK);
    }

    /** Nanoseconds each part used from {@code from} to this snapshot. */
    JvmThreadsCpu since(JvmThreadsCpu from) {
        return new JvmThreadsCpu(jitNanos - from.jitNanos, gcNanos - from.gcNanos);
    }

    /**
     * User plus system ticks of a {@code stat} line: fields 14 and 15, counted after the name in
     * parentheses, which may itself hold spaces and parentheses.
     */
    static long ticks(String stat) {
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" +");
        return Long.parseLong(after[11]) + Long.parseLong(after[12]);
    }

    private static boolean startsWithAny(String name, List<String> prefixes) {
        return prefixes.stream().anyMatch(name::startsWith);
    }

    private static String readOrNull(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII).strip();
        } catch (IOException e) {
            return null;
        }
    }
}
