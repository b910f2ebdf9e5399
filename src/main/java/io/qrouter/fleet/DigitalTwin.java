package io.qrouter.fleet;

import io.qrouter.estimate.EstimatorConfig;
import io.qrouter.policy.AdaptiveHeartbeat;
import io.qrouter.policy.PolicyName;
import io.qrouter.sim.Delay;
import io.qrouter.sim.Replay;
import io.qrouter.sim.SimConfig;
import io.qrouter.sim.Simulation;
import io.qrouter.sim.Workload;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The simulator's prediction of a real run: the very tasks the pipeline routed (their times, work and patience),
 * the same servers, policy and router count, and the delays the pipeline showed — each decision reaches its server
 * as late as it really did, and server updates reach the routers with the update delays the decisions recorded.
 * Its figures are computed from the replay exactly as the run's are ({@link FleetResult}), over the same measured
 * tasks, so a real run far worse than its twin is a defect of the pipeline, not of the model.
 */
public final class DigitalTwin {

    /**
     * What the twin takes from the job it models.
     *
     * @param policy the routing policy
     * @param routers the router subtasks
     * @param heartbeat the job's adaptive heartbeat bounds
     * @param estimators the job's estimator window and minimum counts
     */
    public record JobModel(PolicyName policy, int routers, AdaptiveHeartbeat heartbeat, EstimatorConfig estimators) {}

    private DigitalTwin() {}

    /**
     * The twin's figures under the names report.json uses for the measured ones ({@code decided}, {@code completed},
     * {@code abandoned}, {@code wait_seconds}, {@code sojourn_seconds}, …); null when no task was decided.
     */
    public static Map<String, Object> predict(FleetResult run, JobModel job, long seed) {
        List<TaskRecord> decided = new ArrayList<>(run.tasks().stream()
                .filter(t -> !Double.isNaN(t.decidedAt) && !Double.isNaN(t.receivedAt))
                .sorted(Comparator.comparingDouble(t -> t.decidedAt))
                .toList());
        if (decided.isEmpty()) {
            return null;
        }
        int n = decided.size();
        Workload workload = new Workload(
                run.servers().stream().mapToDouble(FleetResult.ServerSummary::mu).toArray(),
                decided.stream().mapToDouble(t -> t.decidedAt).toArray(),
                decided.stream().mapToDouble(t -> t.task.work()).toArray(),
                decided.stream().mapToDouble(t -> t.task.patienceSeconds()).toArray(),
                decided.stream().mapToDouble(t -> Math.max(0, t.receivedAt - t.decidedAt)).toArray());
        double[] updateDelays = decided.stream().mapToDouble(t -> t.updateDelay).filter(d -> d >= 0).toArray();
        SimConfig config = SimConfig.builder()
                .policy(job.policy())
                .servers(run.servers().size())
                .tasks(n)
                .routers(job.routers())
                .heartbeat(job.heartbeat())
                .idleHeartbeat(false)
                .reportEveryChange(true)
                .updateDelay(updateDelays.length == 0 ? Delay.none() : Delay.empirical(updateDelays))
                .estimators(job.estimators())
                .seed(seed)
                .build();
        Replay replay = Simulation.replay(config, workload);
        return figures(run.config().warmupSeconds(), decided, replay, updateDelays);
    }

    private static Map<String, Object> figures(double warmupSeconds, List<TaskRecord> decided, Replay replay,
            double[] updateDelays) {
        long measured = 0;
        long completed = 0;
        long abandoned = 0;
        List<Double> waits = new ArrayList<>();
        List<Double> sojourns = new ArrayList<>();
        for (int i = 0; i < decided.size(); i++) {
            TaskRecord t = decided.get(i);
            if (t.createdAt < warmupSeconds) {
                continue;
            }
            measured++;
            double started = replay.startedAt()[i];
            waits.add(started - replay.receivedAt()[i]);
            if (replay.completed()[i]) {
                completed++;
                sojourns.add(replay.finishedAt()[i] - t.createdAt);
            } else if (!Double.isNaN(replay.finishedAt()[i])) {
                abandoned++;
            }
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("model", "simulator replay of the measured tasks with the run's delays");
        out.put("decided", measured);
        out.put("completed", completed);
        out.put("abandoned", abandoned);
        out.put("wait_seconds", summary(waits));
        out.put("sojourn_seconds", summary(sojourns));
        out.put("update_delay_seconds", Percentiles.of(updateDelays.clone()).summary());
        return out;
    }

    private static Map<String, Object> summary(List<Double> values) {
        return Percentiles.of(values.stream().mapToDouble(Double::doubleValue).toArray()).summary();
    }
}
