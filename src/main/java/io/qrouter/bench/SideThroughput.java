package io.qrouter.bench;

import io.qrouter.tools.report.Json;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of a throughput run over the same preloaded workload.
 *
 * @param side {@code bare} or {@code job/<state backend>}
 * @param tasks tasks decided (dead letters included)
 * @param deadLetters tasks the job dead-lettered instead of deciding
 * @param firstDecisionSeconds from start (the job's submission) to the first decision seen
 * @param tasksPerSecond from the first decision seen to the last
 * @param tasksPerSecondFromStart from start to the last decision
 * @param cpuMicrosPerTask CPU of the side's own threads (not the broker's) per task, first to last
 *     decision
 * @param processCpuMicrosPerTask CPU of the whole process (the in-process broker included) per
 *     task, same span
 * @param jitCpuMicrosPerTask of that, the JIT compilers' (NaN: not known, as off Linux)
 * @param gcCpuMicrosPerTask of that, the garbage collector's (NaN: not known)
 * @param topThreads the side's busiest threads over that span: CPU milliseconds by thread name
 * @param roundsTasksPerSecond the tasks/s of every measured round, of which this is the median one
 *     (empty: one round)
 */
record SideThroughput(
        String side,
        long tasks,
        long deadLetters,
        double firstDecisionSeconds,
        double tasksPerSecond,
        double tasksPerSecondFromStart,
        double cpuMicrosPerTask,
        double processCpuMicrosPerTask,
        double jitCpuMicrosPerTask,
        double gcCpuMicrosPerTask,
        Map<String, Double> topThreads,
        List<Double> roundsTasksPerSecond) {

    /**
     * The median of {@code rounds} by tasks/s (the lower middle of an even count), with every
     * round's tasks/s: a single drain of a preloaded backlog lasts seconds, and one garbage
     * collection or broker log roll moves it by half.
     */
    static SideThroughput median(List<SideThroughput> rounds) {
        List<SideThroughput> sorted =
                rounds.stream()
                        .sorted(Comparator.comparingDouble(SideThroughput::tasksPerSecond))
                        .toList();
        SideThroughput m = sorted.get((sorted.size() - 1) / 2);
        return new SideThroughput(
                m.side,
                m.tasks,
                m.deadLetters,
                m.firstDecisionSeconds,
                m.tasksPerSecond,
                m.tasksPerSecondFromStart,
                m.cpuMicrosPerTask,
                m.processCpuMicrosPerTask,
                m.jitCpuMicrosPerTask,
                m.gcCpuMicrosPerTask,
                m.topThreads,
                rounds.stream().map(SideThroughput::tasksPerSecond).toList());
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("side", side);
        m.put("tasks", tasks);
        m.put("dead_letters", deadLetters);
        m.put("first_decision_seconds", Json.finiteOrNull(firstDecisionSeconds));
        m.put("tasks_per_second", Json.finiteOrNull(tasksPerSecond));
        m.put("tasks_per_second_from_start", Json.finiteOrNull(tasksPerSecondFromStart));
        m.put("cpu_us_per_task", Json.finiteOrNull(cpuMicrosPerTask));
        m.put("process_cpu_us_per_task", Json.finiteOrNull(processCpuMicrosPerTask));
        m.put("jit_cpu_us_per_task", Json.finiteOrNull(jitCpuMicrosPerTask));
        m.put("gc_cpu_us_per_task", Json.finiteOrNull(gcCpuMicrosPerTask));
        m.put("top_threads_cpu_ms", topThreads);
        m.put(
                "rounds_tasks_per_second",
                roundsTasksPerSecond.stream().map(Json::finiteOrNull).toList());
        return m;
    }
}
