package io.qrouter.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Rates the estimators can produce under heavy overload with rare abandonment. */
class RenegingQueueLimitsTest {

    @Test
    void aSeriesWhoseModeIsOutOfReachIsRefused() {
        // The mode of p_n lies near (lambda - mu)/alphaC ≈ 10^9 tasks, beyond the 2·10^8 terms the sum may take.
        assertThatThrownBy(() -> RenegingQueue.solve(1000, 1, 1e-6))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("did not converge");
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
