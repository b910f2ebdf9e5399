package io.qrouter.bench;

import io.qrouter.core.queueing.ChainP;
import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.core.queueing.QbdSolver;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of the load index on the routing hot path (live K per candidate server) and of the
 * steady-state models. Run: java -cp target/test-classes:target/classes:$(cat cp.txt)
 * org.openjdk.jmh.Main LoadIndexBench -f 1 -wi 3 -i 5 -w 1s -r 1s
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LoadIndexBench {
    private static final LoadIndexWeights W = LoadIndexWeights.EQUAL;

    @Param({"1", "10", "100", "1000"})
    public int tasksPresent;

    @Benchmark
    public double liveK() {
        return LoadIndex.live(tasksPresent, 2.0, 0.3, 0.5, W);
    }

    /** rho about 0.9 of mu: ~100 series terms. */
    @Benchmark
    public double steadyStateKModerateLoad() {
        return LoadIndex.steadyState(1.8, 2.0, 0.3, 0.5, W).orElseThrow();
    }

    /** lambda = 5 mu, alphaC = mu/10: the series runs to ~500 terms. */
    @Benchmark
    public double steadyStateKOverload() {
        return LoadIndex.steadyState(10, 2.0, 0.2, 0.5, W).orElseThrow();
    }

    @Benchmark
    public double chainPQbdSolve() {
        return QbdSolver.solve(ChainP.qbdBlocks(1.8, 2.0, 0.3, 1.0)).orElseThrow().meanLevel();
    }
}
