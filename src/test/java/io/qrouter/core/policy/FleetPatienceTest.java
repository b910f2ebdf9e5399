package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FleetPatienceTest {

    @Test
    void isTheMeanOfTheEstimatesOfTheServersKnownAliveZerosIncluded() {
        FleetPatience patience = new FleetPatience();
        assertThat(patience.alphaC()).as("nothing known: nobody abandons").isZero();
        assertThat(patience.track(0, 0.6, 0)).isTrue();
        assertThat(patience.alphaC()).isCloseTo(0.6, within(1e-12));
        // a server that saw no abandonment counts, as 0
        assertThat(patience.track(1, 0, 0)).isTrue();
        assertThat(patience.alphaC()).isCloseTo(0.3, within(1e-12));
        assertThat(patience.track(2, 0.9, 0)).isTrue();
        assertThat(patience.alphaC()).isCloseTo(0.5, within(1e-12));
        // a server down or gone leaves the mean
        assertThat(patience.track(2, Double.NaN, 0)).isTrue();
        assertThat(patience.alphaC()).isCloseTo(0.3, within(1e-12));
        assertThat(patience.track(0, Double.NaN, 0)).isTrue();
        assertThat(patience.alphaC()).isZero();
    }

    @Test
    void changesOnlyWhenTheMeanDriftedMoreThanTwoPercent() {
        FleetPatience patience = new FleetPatience();
        for (int s = 0; s < 100; s++) {
            patience.track(s, 1.0, 0);
        }
        double before = patience.alphaC();
        // one server of a hundred at 1.5 moves the mean by 0.5 %: keys stay as they are
        assertThat(patience.track(7, 1.5, 0)).isFalse();
        assertThat(patience.alphaC()).isEqualTo(before);
        assertThat(patience.track(8, 4.0, 0)).as("now 3.5 %").isTrue();
        assertThat(patience.alphaC()).isCloseTo(1.035, within(1e-12));
    }

    @Test
    void aChangeNegligibleNextToTheReferenceServiceRateChangesNothing() {
        FleetPatience patience = new FleetPatience();
        // 1,000 servers serving 10 tasks a second, one of them seeing rare abandonment
        for (int s = 0; s < 1000; s++) {
            patience.track(s, 0, 10);
        }
        assertThat(patience.track(3, 0.5, 10)).as("the mean is 0.0005/s, against μ 10").isFalse();
        assertThat(patience.alphaC()).isZero();
        for (int s = 0; s < 500; s++) {
            patience.track(s, 0.5, 10);
        }
        assertThat(patience.alphaC())
                .as("the mean, 0.25/s, within 2 %")
                .isCloseTo(0.25, within(0.005));
    }

    @Test
    void aFleetWhoseEstimatesAllReturnedToZeroIsBackAtZero() {
        FleetPatience patience = new FleetPatience();
        patience.track(0, 0.1, 0);
        patience.track(1, 0.2, 0);
        patience.track(2, 0.3, 0);
        patience.track(0, 0, 0);
        patience.track(1, 0, 0);
        patience.track(2, 0, 0);
        assertThat(patience.alphaC()).isZero();
        assertThat(patience.track(1, 0, 0)).isFalse();
    }
}
