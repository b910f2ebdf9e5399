package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ServiceRateBeliefTest {

    @Test
    void asManyCompletionsAsTheNominalWeightMeetHalfWayInServiceTime() {
        // 200 completions of mean 0.5 s against a nominal 1 s: mean 0.75 s, μ = 4/3
        double mu = ServiceRateBelief.mu(Estimate.known(2.0, 200), 1.0);
        assertThat(mu).isCloseTo(4.0 / 3, within(1e-12));
    }

    @Test
    void fewCompletionsLeanOnTheNominalRateAndManyOnTheEstimate() {
        double few = ServiceRateBelief.mu(Estimate.known(2.0, 20), 1.0);
        double many = ServiceRateBelief.mu(Estimate.known(2.0, 20_000), 1.0);
        // (20 + 200) / (20/2 + 200/1) = 220/210
        assertThat(few).isCloseTo(220.0 / 210, within(1e-12));
        assertThat(many).isCloseTo(20_200.0 / 10_200, within(1e-12));
        assertThat(many).isBetween(1.98, 2.0);
    }

    @Test
    void withoutANominalRateTheEstimateAloneAndWithoutAnEstimateNothing() {
        assertThat(ServiceRateBelief.mu(Estimate.known(3.0, 5), 0)).isEqualTo(3.0);
        assertThat(ServiceRateBelief.mu(Estimate.unknown(4), 7.0)).isZero();
    }
}
