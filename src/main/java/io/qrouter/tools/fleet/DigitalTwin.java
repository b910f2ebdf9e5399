package io.qrouter.tools.fleet;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.sim.Delay;
import io.qrouter.tools.sim.Replay;
import io.qrouter.tools.sim.ShareHalving;
import io.qrouter.tools.sim.SimConfig;
import io.qrouter.tools.sim.Simulation;
import io.qrouter.tools.sim.Slowdowns;
import io.qrouter.tools.sim.Workload;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The simulator's prediction of a real run: the very tasks the pipeline routed (their times, work
 * and patience: the service times the run drew), the same servers (rates, slots, and the times they
 * ran slow), policy and router count, and the delays the pipeline showed — each decision reaches
 * its server as late as it really did, and server updates reach the routers as late as the updates
 * the routers drew at random around that time. Its figures are computed from the replay exactly as
 * the run's are ({@link FleetResult}), over the same measured tasks, so a real run far worse than
 * its twin is a defect of the pipeline, not of the model.
 */
public final class DigitalTwin {

    /**
     * What the twin takes from the job it models.
     *
     * @param policy the routing policy
     * @param routers the router subtasks
     * @param heartbeat the job's adaptive heartbeat bounds
     * @param estimators the job's estimator window and minimum counts
     * @param loadIndexTimeUnitSeconds the job's K time unit ({@code router.k-time-unit.ms} in
     *     seconds)
     * @param slowStartSeconds the job's slow-start window ({@code router.slow-start.ms} in seconds;
     *     0: off)
     * @param placeTasks {@code router.placement=idle-servers}: tasks go to the router holding an
     *     idle server
     */
    public record JobModel(
            PolicyName policy,
            int routers,
            AdaptiveHeartbeat heartbeat,
            EstimatorConfig estimators,
            double loadIndexTimeUnitSeconds,
            double slowStartSeconds,
            boolean placeTasks) {}

    /**
     * The servers of the run the twin mirrors.
     *
     * @param ids their ids, in the fleet's order
     * @param mu each one's rate per slot
     * @param slots each one's slots
     * @param slowdowns when they ran slow, in the run's seconds
     */
    public record Servers(List<String> ids, double[] mu, int[] slots, Slowdowns slowdowns) {
        static Servers of(FleetResult run) {
            return new Servers(
                    run.servers().stream().map(FleetResult.ServerSummary::serverId).toList(),
                    run.servers().stream().mapToDouble(FleetResult.ServerSummary::mu).toArray(),
                    run.servers().stream().mapToInt(FleetResult.ServerSummary::slots).toArray(),
                    run.slowdowns());
        }
    }

    private DigitalTwin() {}

    /**
     * The twin's figures under the names report.json uses for the measured ones ({@code decided},
     * {@code completed}, {@code abandoned}, {@code wait_seconds}, {@code sojourn_seconds}); null
     * when no task was decided.
     */
    public static Map<String, Object> predict(FleetResult run, JobModel job, long seed) {
        return predict(Servers.of(run), run.timelines(), run.config().warmupSeconds(), job, seed);
    }

    /**
     * What a recorded run would have given under other settings ({@link WhatIf#AS_RUN}: the run's
     * own twin).
     */
    public static Map<String, Object> predict(
            RecordedRun run, JobModel job, WhatIf whatIf, long seed) {
        return predict(
                whatIf.servers(run.servers()),
                whatIf.tasks(run.tasks(), run.load()),
                run.warmupSeconds() * whatIf.timeScale(run.load()),
                whatIf.job(job),
                seed);
    }

    /**
     * The same from a run's servers, its {@code tasks.csv} and its warm-up (tasks created before it
     * are replayed but not counted).
     */
    public static Map<String, Object> predict(
            Servers servers,
            List<TaskTimeline> tasks,
            double warmupSeconds,
            JobModel job,
            long seed) {
        List<TaskTimeline> decided =
                tasks.stream()
                        .filter(TaskTimeline::delivered)
                        .sorted(Comparator.comparingDouble(TaskTimeline::decidedAt))
                        .toList();
        if (decided.isEmpty()) {
            return null;
        }
        Workload workload =
                new Workload(
                        servers.mu(),
                        servers.slots(),
                        servers.slowdowns(),
                        decided.stream().mapToDouble(TaskTimeline::decidedAt).toArray(),
                        decided.stream().mapToDouble(TaskTimeline::work).toArray(),
                        decided.stream().mapToDouble(TaskTimeline::patienceSeconds).toArray(),
                        decided.stream()
                                .mapToDouble(t -> Math.max(0, t.receivedAt() - t.decidedAt()))
                                .toArray());
        // each delay at about the time its update was sent: the decision's time less the delay
        ToDoubleFunction<TaskTimeline> delay = TaskTimeline.pipelineUpdateDelay(decided);
        List<TaskTimeline> seen =
                decided.stream()
                        .filter(t -> delay.applyAsDouble(t) >= 0)
                        .sorted(
                                Comparator.comparingDouble(
                                        t -> t.decidedAt() - delay.applyAsDouble(t)))
                        .toList();
        double[] updateDelays = seen.stream().mapToDouble(delay).toArray();
        double[] updateSentAt =
                seen.stream().mapToDouble(t -> t.decidedAt() - delay.applyAsDouble(t)).toArray();
        SimConfig config =
                SimConfig.builder()
                        .policy(job.policy())
                        .servers(servers.mu().length)
                        .tasks(decided.size())
                        .routers(job.routers())
                        .placeTasks(job.placeTasks())
                        .heartbeat(job.heartbeat())
                        .idleHeartbeat(false)
                        .reportEveryChange(true)
                        .updateDelay(
                                updateDelays.length == 0
                                        ? Delay.none()
                                        : Delay.recorded(updateSentAt, updateDelays))
                        .estimators(job.estimators())
                        .loadIndexTimeUnit(job.loadIndexTimeUnitSeconds())
                        .slowStart(job.slowStartSeconds())
                        .seed(seed)
                        .build();
        Replay replay = Simulation.replay(config, workload);
        List<TaskTimeline> replayed = new ArrayList<>(decided.size());
        for (int i = 0; i < decided.size(); i++) {
            TaskTimeline t = decided.get(i);
            boolean finished = !Double.isNaN(replay.finishedAt()[i]);
            replayed.add(
                    new TaskTimeline(
                            t.taskId(),
                            t.createdAt(),
                            t.sentAt(),
                            t.appendedAt(),
                            t.decidedAt(),
                            t.decisionAppendedAt(),
                            replay.receivedAt()[i],
                            replay.startedAt()[i],
                            replay.finishedAt()[i],
                            replay.completed()[i] ? "COMPLETED" : finished ? "ABANDONED" : "QUEUED",
                            replay.server()[i] >= 0 ? servers.ids().get(replay.server()[i]) : null,
                            null,
                            t.work(),
                            t.patienceSeconds(),
                            t.updateDelaySeconds(),
                            t.sampledUpdateDelaySeconds()));
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("model", "simulator replay of the run's tasks with its delays");
        out.putAll(RunFigures.of(replayed, warmupSeconds).toJson());
        out.put("update_delay_seconds", Percentiles.of(updateDelays.clone()).summary());
        ShareHalving.Result halving =
                SlowdownResponse.of(
                        replayed, servers.ids(), servers.mu(), servers.slowdowns(), warmupSeconds);
        out.put("antagonist_halving_seconds", halving.time());
        out.put("antagonist_halving", halving.toJson());
        return out;
    }
}
