package io.qrouter.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How busy the machine was while a benchmark ran: the load averages at its start and end ({@code
 * /proc/loadavg}) and the share of all cores that were busy in between ({@code /proc/stat}),
 * against the share this process used. A figure taken on a shared machine means little without
 * these. Null values where /proc is not available.
 */
final class MachineLoad {
    private final Double loadAtStart;
    private final long[] cpuAtStart;
    private final long processNanosAtStart = ThreadCpu.processNanos();
    private final long startNanos = System.nanoTime();

    MachineLoad() {
        this.loadAtStart = loadAverage();
        this.cpuAtStart = cpuTicks();
    }

    /** The figures from the start until now, for report.json and the table. */
    Map<String, Object> sinceStart() {
        long[] cpuNow = cpuTicks();
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        int cores = Runtime.getRuntime().availableProcessors();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cpus", cores);
        m.put("load_average_1m_start", loadAtStart);
        m.put("load_average_1m_end", loadAverage());
        m.put("seconds", seconds);
        Double busy = null;
        if (cpuAtStart != null && cpuNow != null && cpuNow[1] > cpuAtStart[1]) {
            busy = (double) (cpuNow[0] - cpuAtStart[0]) / (cpuNow[1] - cpuAtStart[1]) * cores;
        }
        m.put("machine_busy_cores", busy);
        m.put(
                "this_process_cores",
                (ThreadCpu.processNanos() - processNanosAtStart) / 1e9 / seconds);
        return m;
    }

    private static Double loadAverage() {
        try {
            return Double.parseDouble(
                    Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** {busy ticks, all ticks} of all cores, from the first line of /proc/stat; null without it. */
    private static long[] cpuTicks() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1;
                    i <= Math.min(8, f.length - 1);
                    i++) { // user … steal; guest time is in user already
                total += Long.parseLong(f[i]);
            }
            long idle =
                    Long.parseLong(f[4])
                            + (f.length > 5 ? Long.parseLong(f[5]) : 0); // idle + iowait
            return new long[] {total - idle, total};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
