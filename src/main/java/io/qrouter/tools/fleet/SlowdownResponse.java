package io.qrouter.tools.fleet;

import io.qrouter.tools.sim.ShareHalving;
import io.qrouter.tools.sim.Slowdowns;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How fast a run's routing turned away from the servers that slowed down ({@link ShareHalving}),
 * from its task timelines: the measured tasks (created after the warm-up) that were decided to a
 * server, at their decision times, from the end of the warm-up to the last decision, over a window
 * of one mean service time (N / Σμ_i seconds). The real run and its twin are measured by this one
 * piece of code.
 */
final class SlowdownResponse {
    private SlowdownResponse() {}

    static ShareHalving.Result of(
            List<TaskTimeline> tasks,
            List<String> serverIds,
            double[] mu,
            Slowdowns slowdowns,
            double warmupSeconds) {
        if (slowdowns.none()) {
            return ShareHalving.Result.NO_ANTAGONISTS;
        }
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < serverIds.size(); i++) {
            index.put(serverIds.get(i), i);
        }
        List<TaskTimeline> decided =
                tasks.stream()
                        .filter(t -> t.createdAt() >= warmupSeconds)
                        .filter(t -> Double.isFinite(t.decidedAt()))
                        .filter(t -> t.serverId() != null && index.containsKey(t.serverId()))
                        .sorted(Comparator.comparingDouble(TaskTimeline::decidedAt))
                        .toList();
        double[] times = decided.stream().mapToDouble(TaskTimeline::decidedAt).toArray();
        int[] servers = decided.stream().mapToInt(t -> index.get(t.serverId())).toArray();
        double sumMu = 0;
        for (double m : mu) {
            sumMu += m;
        }
        double window = mu.length / sumMu;
        // measured from the end of the warm-up, when the measured tasks begin, to the last decision
        double to = times.length == 0 ? warmupSeconds : times[times.length - 1];
        return ShareHalving.of(times, servers, slowdowns, window, warmupSeconds, to);
    }
}
