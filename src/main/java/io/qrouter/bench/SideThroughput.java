package io.qrouter.bench;

import io.qrouter.report.Json;
import java.util.LinkedHashMap;
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
 * @param topThreads the side's busiest threads over that span: CPU milliseconds by thread name
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
        Map<String, Double> topThreads) {

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
        m.put("top_threads_cpu_ms", topThreads);
        return m;
    }
}
