package io.qrouter.tools.fleet;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.sim.Slowdowns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Other settings for a recorded run's digital twin, each left as the run had it when empty:
 *
 * <ul>
 *   <li>{@code policy} and {@code routers}: the job's routing;
 *   <li>{@code servers}: the same tasks on a fleet of N servers, the run's servers first and then
 *       copies of them in turn (same rate, slots and slowdowns), or its first N;
 *   <li>{@code load}: the same tasks arriving faster or slower, every arrival time scaled by the
 *       run's load over this one (work, patience and the pipeline's delays unchanged);
 *   <li>{@code delays}: the pipeline's delays scaled by this factor, each decision's way to its
 *       server and each server update's way to the routers (the twin replays a task from its
 *       decision, so the way in does not enter it): what a faster or a busier cluster would change.
 * </ul>
 */
public record WhatIf(
        Optional<PolicyName> policy,
        OptionalInt routers,
        OptionalInt servers,
        OptionalDouble load,
        OptionalDouble delays) {

    public static final WhatIf AS_RUN =
            new WhatIf(
                    Optional.empty(),
                    OptionalInt.empty(),
                    OptionalInt.empty(),
                    OptionalDouble.empty(),
                    OptionalDouble.empty());

    /** The job's routing only: policy and routers, the run's fleet, arrivals and delays. */
    public static WhatIf routing(Optional<PolicyName> policy, OptionalInt routers) {
        return new WhatIf(
                policy,
                routers,
                OptionalInt.empty(),
                OptionalDouble.empty(),
                OptionalDouble.empty());
    }

    public WhatIf {
        if (routers.isPresent() && routers.getAsInt() < 1) {
            throw new IllegalArgumentException(
                    "routers must be >= 1 (got " + routers.getAsInt() + ")");
        }
        if (servers.isPresent() && servers.getAsInt() < 1) {
            throw new IllegalArgumentException(
                    "servers must be >= 1 (got " + servers.getAsInt() + ")");
        }
        if (load.isPresent() && !(load.getAsDouble() > 0 && Double.isFinite(load.getAsDouble()))) {
            throw new IllegalArgumentException("load must be > 0 (got " + load.getAsDouble() + ")");
        }
        if (delays.isPresent()
                && !(delays.getAsDouble() >= 0 && Double.isFinite(delays.getAsDouble()))) {
            throw new IllegalArgumentException(
                    "delays must be a finite factor >= 0 (got " + delays.getAsDouble() + ")");
        }
    }

    public boolean asRun() {
        return equals(AS_RUN);
    }

    /** What changes, e.g. "policy jsq, 4 routers"; "as run" for nothing. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        policy.ifPresent(p -> parts.add("policy " + p.configName()));
        routers.ifPresent(r -> parts.add(r + (r == 1 ? " router" : " routers")));
        servers.ifPresent(n -> parts.add(n + " servers"));
        load.ifPresent(l -> parts.add("load " + l));
        delays.ifPresent(f -> parts.add("delays x" + f));
        return parts.isEmpty() ? "as run" : String.join(", ", parts);
    }

    DigitalTwin.JobModel job(DigitalTwin.JobModel run) {
        return new DigitalTwin.JobModel(
                policy.orElse(run.policy()),
                routers.orElse(run.routers()),
                run.heartbeat(),
                run.estimators(),
                run.loadIndexTimeUnitSeconds(),
                run.slowStartSeconds(),
                run.placeTasks());
    }

    DigitalTwin.Servers servers(DigitalTwin.Servers run) {
        if (servers.isEmpty() || servers.getAsInt() == run.ids().size()) {
            return run;
        }
        int n = servers.getAsInt();
        int had = run.ids().size();
        List<String> ids = new ArrayList<>(n);
        double[] mu = new double[n];
        int[] slots = new int[n];
        double[] phase = new double[n];
        Arrays.fill(phase, Double.NaN);
        Slowdowns slow = run.slowdowns();
        for (int i = 0; i < n; i++) {
            int of = i % had;
            ids.add(i < had ? run.ids().get(i) : run.ids().get(of) + "~" + (i / had));
            mu[i] = run.mu()[of];
            slots[i] = run.slots()[of];
            if (slow.slows(of)) {
                phase[i] = slow.phase()[of];
            }
        }
        Slowdowns slowdowns =
                slow.none()
                        ? Slowdowns.NONE
                        : new Slowdowns(slow.factor(), slow.on(), slow.off(), phase);
        return new DigitalTwin.Servers(ids, mu, slots, slowdowns);
    }

    /** The scale of the run's time axis: the run's load over this one (1 as run). */
    double timeScale(double runLoad) {
        return load.isPresent() && runLoad > 0 ? runLoad / load.getAsDouble() : 1;
    }

    /**
     * The run's tasks, their arrivals moved by {@link #timeScale} and their delays scaled by {@code
     * delays} (kept as run when empty).
     */
    List<TaskTimeline> tasks(List<TaskTimeline> run, double runLoad) {
        double f = timeScale(runLoad);
        double d = delays.orElse(1);
        if (f == 1 && d == 1) {
            return run;
        }
        List<TaskTimeline> out = new ArrayList<>(run.size());
        for (TaskTimeline t : run) {
            double shift = t.decidedAt() * (f - 1);
            out.add(
                    new TaskTimeline(
                            t.taskId(),
                            t.createdAt() + shift,
                            t.sentAt() + shift,
                            t.appendedAt() + shift,
                            t.decidedAt() + shift,
                            t.decisionAppendedAt() + shift,
                            t.decidedAt() + shift + d * (t.receivedAt() - t.decidedAt()),
                            t.startedAt(),
                            t.finishedAt(),
                            t.outcome(),
                            t.serverId(),
                            t.rule(),
                            t.work(),
                            t.patienceSeconds(),
                            d * t.updateDelaySeconds(),
                            d * t.sampledUpdateDelaySeconds()));
        }
        return out;
    }
}
