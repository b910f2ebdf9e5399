package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * One slot is the M/M/1+M of before there were slots, to the bit. {@code mm1m-values-44d335d.txt}
 * holds what {@link #oneSlotValues()} printed when run against the RenegingQueue and LoadIndex of
 * commit 44d335d (their own series and closed forms, before ErlangA). Both now come from ErlangA
 * with c = 1 (RenegingQueue is a view of it, the one-slot LoadIndex signatures call the c-slot
 * ones), so this pins ErlangA at c = 1 as well. Doubles are printed by Double.toString, which tells
 * every two doubles apart.
 */
class ErlangAOneSlotTest {
    private static final double[] LAMBDAS = {0, 1e-12, 0.3, 0.9, 1, 1.7, 5, 1000};
    private static final double[] MUS = {0.5, 1, 2.5};
    private static final double[] ALPHAS = {0, 1e-6, 1e-3, 0.1, 0.5, 2};
    private static final int[] TASKS = {0, 1, 2, 3, 7, 31, 32, 33, 100, 1000, 100_000, 20_000_000};
    private static final LoadIndexWeights W = new LoadIndexWeights(0.5, 0.3, 0.2);
    private static final double TIME_UNIT = 0.7;

    /** Uses only the API of commit 44d335d, so that it can run against it. */
    static List<String> oneSlotValues() {
        List<String> lines = new ArrayList<>();
        for (double lambda : LAMBDAS) {
            for (double mu : MUS) {
                for (double alphaC : ALPHAS) {
                    String at = "lambda=" + lambda + " mu=" + mu + " alphaC=" + alphaC + ": ";
                    SteadyState<RenegingQueue> state = RenegingQueue.solve(lambda, mu, alphaC);
                    if (!(state instanceof SteadyState.Stable<RenegingQueue> stable)) {
                        lines.add(at + state.whyNoMetrics().orElseThrow());
                        continue;
                    }
                    RenegingQueue q = stable.metrics();
                    lines.add(
                            at
                                    + Arrays.asList(
                                            q.p0(),
                                            q.meanInSystem(),
                                            q.meanWaiting(),
                                            q.throughput(),
                                            q.abandonProbability(),
                                            q.meanWait(),
                                            q.meanSojourn(),
                                            q.virtualWait(),
                                            q.meanWaitOfAbandoned(),
                                            LoadIndex.steadyState(q, TIME_UNIT, W),
                                            LoadIndex.steadyState(
                                                    lambda, mu, alphaC, TIME_UNIT, W)));
                }
            }
        }
        for (double mu : MUS) {
            for (double alphaC : ALPHAS) {
                for (int n : TASKS) {
                    lines.add(
                            "n="
                                    + n
                                    + " mu="
                                    + mu
                                    + " alphaC="
                                    + alphaC
                                    + ": "
                                    + Arrays.asList(
                                            RenegingQueue.conditionalMeanWait(n, mu, alphaC),
                                            RenegingQueue.conditionalServedProbability(
                                                    n, mu, alphaC),
                                            RenegingQueue.conditionalVirtualWait(n, mu, alphaC),
                                            LoadIndex.live(n, mu, alphaC, TIME_UNIT, W)));
                }
            }
        }
        return lines;
    }

    @Test
    void oneSlotGivesTheValuesOfCommit44d335dBitForBit() throws IOException {
        List<String> expected;
        try (InputStream in =
                Objects.requireNonNull(getClass().getResourceAsStream("mm1m-values-44d335d.txt"))) {
            expected = List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
        }
        assertThat(oneSlotValues()).containsExactlyElementsOf(expected);
    }
}
