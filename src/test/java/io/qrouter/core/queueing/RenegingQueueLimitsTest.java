package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Rates the estimators can produce under heavy overload with rare abandonment. */
class RenegingQueueLimitsTest {

    @Test
    void aSeriesWhoseModeIsOutOfReachIsAnAnswerNotAnError() {
        // The mode of p_n lies near (lambda - mu)/alphaC ≈ 10^9 tasks, beyond the 2·10^8 terms the
        // sum may take.
        SteadyState<RenegingQueue> state = RenegingQueue.solve(1000, 1, 1e-6);
        assertThat(state).isInstanceOf(SteadyState.OutOfReach.class);
        assertThat(state.whyNoMetrics())
                .hasValueSatisfying(w -> assertThat(w).contains("does not converge"));
    }

    @Test
    void badRatesStillThrowSoABugNeverLooksLikeAnOverloadedServer() {
        assertThatThrownBy(() -> RenegingQueue.solve(Double.NaN, 1, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> LoadIndex.steadyState(1, -1, 1, 1, LoadIndexWeights.EQUAL))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theLoadIndexOfSuchAServerIsUndefinedLikeAnOverloadedOneInsteadOfAnError() {
        assertThat(LoadIndex.steadyState(1000, 1, 1e-6, 1, LoadIndexWeights.EQUAL)).isEmpty();
    }

    @Test
    void aReachableModeIsStillSummed() {
        assertThat(LoadIndex.steadyState(1000, 1, 1e-3, 1, LoadIndexWeights.EQUAL)).isPresent();
    }
}
