package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FleetPatienceTest {

    @Test
    void isTheMeanOfTheEstimatesOfTheServersKnownAliveZerosIncluded() {
        FleetPatience patience = new FleetPatience();
        assertThat(patience.alphaC()).as("nothing known: nobody abandons").isZero();
        assertThat(patience.track(0, 0.6)).isTrue();
        assertThat(patience.alphaC()).isCloseTo(0.6, within(1e-12));
        // a server that saw no abandonment counts, as 0
        assertThat(patience.track(1, 0)).isTrue();
        assertThat(patience.alphaC()).isCloseTo(0.3, within(1e-12));
        assertThat(patience.track(2, 0.9)).isTrue();
        assertThat(patience.alphaC()).isCloseTo(0.5, within(1e-12));
        // a server down or gone leaves the mean
        assertThat(patience.track(2, Double.NaN)).isTrue();
        assertThat(patience.alphaC()).isCloseTo(0.3, within(1e-12));
        assertThat(patience.track(0, Double.NaN)).isTrue();
        assertThat(patience.alphaC()).isZero();
    }

    @Test
    void changesOnlyWhenTheMeanDriftedMoreThanTwoPercent() {
        FleetPatience patience = new FleetPatience();
        for (int s = 0; s < 100; s++) {
            patience.track(s, 1.0);
        }
        double before = patience.alphaC();
        // one server of a hundred at 1.5 moves the mean by 0.5 %: keys stay as they are
        assertThat(patience.track(7, 1.5)).isFalse();
        assertThat(patience.alphaC()).isEqualTo(before);
        assertThat(patience.track(8, 4.0)).as("now 3.5 %").isTrue();
        assertThat(patience.alphaC()).isCloseTo(1.035, within(1e-12));
    }

    @Test
    void aFleetWhoseEstimatesAllReturnedToZeroIsBackAtZero() {
        FleetPatience patience = new FleetPatience();
        patience.track(0, 0.1);
        patience.track(1, 0.2);
        patience.track(2, 0.3);
        patience.track(0, 0);
        patience.track(1, 0);
        patience.track(2, 0);
        assertThat(patience.alphaC()).isZero();
        assertThat(patience.track(1, 0)).isFalse();
    }
}
