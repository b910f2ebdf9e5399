package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RefillRiskTest {

    @Test
    void aRouterThatTookNoIdleServerYetSeesNoRisk() {
        RefillRisk risk = new RefillRisk();
        assertThat(risk.horizonSeconds()).isZero();
        assertThat(risk.probability(1, 2.0)).isZero();
        assertThat(risk.movedSinceKeyed()).isFalse();
    }

    @Test
    void allTasksInServiceEndWithinTwiceTheMeanReportAge() {
        RefillRisk risk = new RefillRisk();
        risk.idleReportTaken(100);
        // one age of 100 ms: the report's delay and the decision's, 0.2 s
        assertThat(risk.horizonSeconds()).isCloseTo(0.2, within(1e-12));
        double oneEnds = 1 - Math.exp(-2.0 * 0.2);
        assertThat(risk.probability(1, 2.0)).isCloseTo(oneEnds, within(1e-12));
        assertThat(risk.probability(3, 2.0))
                .as("all three of them")
                .isCloseTo(oneEnds * oneEnds * oneEnds, within(1e-12));
        // a running mean over about the last 64: 100 + (164 - 100) / 64 = 101 ms
        risk.idleReportTaken(164);
        assertThat(risk.horizonSeconds()).isCloseTo(0.202, within(1e-12));
    }

    @Test
    void anUnknownRateOrAReportFromTheFutureBringsNoRisk() {
        RefillRisk risk = new RefillRisk();
        risk.idleReportTaken(-50);
        assertThat(risk.horizonSeconds()).as("a clock ahead of the router's counts as 0").isZero();
        risk.idleReportTaken(64);
        assertThat(risk.probability(1, 0)).isZero();
        assertThat(risk.probability(1, Double.NaN)).isZero();
        assertThat(risk.probability(1, Double.POSITIVE_INFINITY)).isZero();
        assertThat(risk.probability(1, 1.0)).isPositive();
    }

    @Test
    void keysAreComputedAgainOnlyWhenTheHorizonMovedByAQuarter() {
        RefillRisk risk = new RefillRisk();
        risk.idleReportTaken(100);
        assertThat(risk.movedSinceKeyed()).as("from nothing to 0.2 s").isTrue();
        assertThat(risk.movedSinceKeyed()).isFalse();
        risk.idleReportTaken(200); // mean 101.6 ms
        assertThat(risk.movedSinceKeyed()).isFalse();
        for (int i = 0; i < 64; i++) {
            risk.idleReportTaken(400);
        }
        assertThat(risk.horizonSeconds()).isGreaterThan(0.2 * 1.25 / 0.75);
        assertThat(risk.movedSinceKeyed()).isTrue();
        assertThat(risk.movedSinceKeyed()).isFalse();
    }
}
