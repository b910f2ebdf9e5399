package io.qrouter.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmThreadsCpuTest {
    @Test
    void sumsTheCompilersAndTheCollectorByThreadNameInTicksOfTenMilliseconds(@TempDir Path tasks)
            throws Exception {
        thread(tasks, 11, "C2 CompilerThre", 150, 50);
        thread(tasks, 12, "C1 CompilerThre", 7, 3);
        thread(tasks, 13, "G1 Refine#0", 10, 5);
        thread(tasks, 14, "GC Thread#1", 20, 0);
        // a name with a parenthesis and spaces must not shift the fields
        thread(tasks, 15, "odd) name (C2", 999, 999);
        thread(tasks, 16, "per-server stat", 5_000, 100);
        Files.createDirectories(tasks.resolve("17")); // ended while read: no comm, no stat

        JvmThreadsCpu cpu = JvmThreadsCpu.read(tasks);

        assertThat(cpu.jitNanos()).isEqualTo((150 + 50 + 7 + 3) * 10_000_000L);
        assertThat(cpu.gcNanos()).isEqualTo((10 + 5 + 20) * 10_000_000L);
    }

    @Test
    void aLaterSnapshotLessAnEarlierOneIsWhatEachPartUsedBetweenThem() {
        JvmThreadsCpu before = new JvmThreadsCpu(2_000_000_000L, 300_000_000L);
        JvmThreadsCpu after = new JvmThreadsCpu(2_500_000_000L, 310_000_000L);

        assertThat(after.since(before)).isEqualTo(new JvmThreadsCpu(500_000_000L, 10_000_000L));
    }

    /** On Linux, this JVM's compilers are found by the names HotSpot gives them, and have run. */
    @Test
    void findsThisJvmsOwnCompilerThreads() {
        assumeTrue(Files.isDirectory(JvmThreadsCpu.PROC_SELF_TASKS), "no /proc: not Linux");

        JvmThreadsCpu cpu = JvmThreadsCpu.now();

        assertThat(cpu).isNotNull();
        assertThat(cpu.jitNanos()).isPositive();
        assertThat(cpu.gcNanos()).isNotNegative();
    }

    private static void thread(Path tasks, int tid, String name, long utime, long stime)
            throws Exception {
        Path dir = Files.createDirectories(tasks.resolve(Integer.toString(tid)));
        Files.writeString(dir.resolve("comm"), name + "\n");
        Files.writeString(
                dir.resolve("stat"),
                tid
                        + " ("
                        + name
                        + ") S 1 1 1 0 -1 4194560 100 0 0 0 "
                        + utime
                        + " "
                        + stime
                        + " 0 0 20 0 1 0 100 0 0\n");
    }
}
