package io.qrouter.tools.experiments;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.sim.Delay;
import io.qrouter.tools.sim.SimConfig;
import io.qrouter.tools.sim.SimConfigBuilder;
import java.nio.file.Path;
import java.util.List;

/**
 * An experiment that is a sweep of independent simulator runs: one run per point of its plan,
 * spread over threads ({@link ParallelRuns}), then its files written from the points and their
 * results. Each sweep says what its points are, how one is simulated and what it writes.
 *
 * @param <P> a point of the plan; {@link #simulate} returns it with its result
 */
abstract class SimulationSweep<P> {
    private final String name;
    private final int threads;
    private final boolean progress;

    /**
     * @param name the experiment's name on the progress line
     * @param threads runs in parallel
     * @param progress draw the progress line
     */
    SimulationSweep(String name, int threads, boolean progress) {
        this.name = name;
        this.threads = threads;
        this.progress = progress;
    }

    /** Runs every point and writes the files into {@code out}; returns the points with results. */
    public List<P> run(Path out) {
        List<P> points = compute();
        write(out, points);
        return points;
    }

    /** The runs, without writing anything. */
    public List<P> compute() {
        return ParallelRuns.run(name, plan(), this::describe, this::simulate, threads, progress);
    }

    /** The points to run, in the order of the results, without results. */
    abstract List<P> plan();

    /** What the progress line says of a finished point. */
    abstract String describe(P point);

    /** The point with its simulation's result. */
    abstract P simulate(P point);

    abstract void write(Path out, List<P> points);

    /**
     * The setting of the Flink job the sweeps model: speeds spread uniformly over [0.5, 1.5], every
     * queue change reported, reports and decisions exp:0.1 mean service times late, steps of 10.
     */
    static SimConfigBuilder jobLike() {
        return SimConfig.builder()
                .heterogeneity("uniform:0.5,1.5")
                .reportEveryChange(true)
                .updateDelay(new Delay.Exponential(0.1))
                .decisionDelay(new Delay.Exponential(0.1))
                .stepLength(10);
    }

    /**
     * Whether a policy's line goes on a sweep's chart: hash and random wait ten times longer than
     * the rest, and would squash their lines together.
     */
    static boolean charted(PolicyName policy) {
        return policy != PolicyName.HASH && policy != PolicyName.RANDOM;
    }
}
