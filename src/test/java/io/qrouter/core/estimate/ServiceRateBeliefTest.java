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

    @Test
    void fewRecentCompletionsWeighAgainstSixteenOfTheLongRun() {
        // long run: 200 completions of mean 1 s against nominal 1 s, μ = 1; recent: 4 completions
        // and 8 s on test, against 16 completions' worth of the long run (16 s): μ = 20 / 24
        double mu =
                ServiceRateBelief.mu(Estimate.known(1.0, 200), new ServiceEvidence(4, 8.0), 1.0);
        assertThat(mu).isCloseTo(20.0 / 24, within(1e-12));
    }

    @Test
    void manyRecentCompletionsMoveTheBeliefByAQuarterAtMost() {
        // a server three times slower: 10 completions in 30 s on test, against three times as
        // many completions' worth of the long run (30 at 1 s): μ = 40 / 60, a third slower, not
        // three times
        double mu =
                ServiceRateBelief.mu(Estimate.known(1.0, 200), new ServiceEvidence(10, 30.0), 1.0);
        assertThat(mu).isCloseTo(40.0 / 60, within(1e-12));
    }

    @Test
    void aServiceStillRunningLowersTheBeliefWithoutAnyCompletion() {
        double before = ServiceRateBelief.mu(Estimate.known(2.0, 200), ServiceEvidence.NONE, 2.0);
        double stuck =
                ServiceRateBelief.mu(Estimate.known(2.0, 200), new ServiceEvidence(0, 4.0), 2.0);
        assertThat(before).isCloseTo(2.0, within(1e-12));
        // 16 completions' worth at 0.5 s = 8 s, plus 4 s on test without an end: 16 / 12 s
        assertThat(stuck).isCloseTo(16.0 / 12, within(1e-12));
    }

    @Test
    void noLongRunBeliefMeansNoRecentOneEither() {
        assertThat(ServiceRateBelief.mu(Estimate.unknown(3), new ServiceEvidence(5, 1.0), 0))
                .isZero();
    }
}
