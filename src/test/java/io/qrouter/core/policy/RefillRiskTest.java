package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class RefillRiskTest {

    @Test
    void aRouterWhoseTasksNothingAcknowledgedYetSeesNoRisk() {
        RefillRisk risk = new RefillRisk();
        assertThat(risk.horizonSeconds()).isZero();
        assertThat(risk.probability(1, 2.0)).isZero();
        risk.roundTrip(Double.NaN);
        assertThat(risk.probability(1, 2.0)).isZero();
        assertThat(risk.movedSinceKeyed()).isFalse();
    }

    @Test
    void allTasksInServiceEndWithinTheAcknowledgementRoundTrip() {
        RefillRisk risk = new RefillRisk();
        risk.roundTrip(200);
        assertThat(risk.horizonSeconds()).isCloseTo(0.2, within(1e-12));
        double oneEnds = 1 - Math.exp(-2.0 * 0.2);
        assertThat(risk.probability(1, 2.0)).isCloseTo(oneEnds, within(1e-12));
        assertThat(risk.probability(3, 2.0))
                .as("all three of them")
                .isCloseTo(oneEnds * oneEnds * oneEnds, within(1e-12));
    }

    @Test
    void anUnknownRateOrRoundTripBringsNoRisk() {
        RefillRisk risk = new RefillRisk();
        risk.roundTrip(-50);
        assertThat(risk.horizonSeconds()).isZero();
        risk.roundTrip(64);
        assertThat(risk.probability(1, 0)).isZero();
        assertThat(risk.probability(1, Double.NaN)).isZero();
        assertThat(risk.probability(1, Double.POSITIVE_INFINITY)).isZero();
        assertThat(risk.probability(1, 1.0)).isPositive();
    }

    @Test
    void keysAreComputedAgainOnlyWhenTheHorizonMovedByAQuarter() {
        RefillRisk risk = new RefillRisk();
        risk.roundTrip(200);
        assertThat(risk.movedSinceKeyed()).as("from nothing to 0.2 s").isTrue();
        assertThat(risk.movedSinceKeyed()).isFalse();
        risk.roundTrip(240);
        assertThat(risk.movedSinceKeyed()).as("a fifth more").isFalse();
        risk.roundTrip(280);
        assertThat(risk.movedSinceKeyed()).as("0.28 against the 0.2 keyed").isTrue();
        assertThat(risk.movedSinceKeyed()).isFalse();
    }
}
