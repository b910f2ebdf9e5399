package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FleetServiceTimeTest {

    @Test
    void followsTheMeanServiceTimeOfTheServersWithAKnownRate() {
        FleetServiceTime unit = new FleetServiceTime(PolicyConfig.FLEET_MEAN_SERVICE_TIME);
        assertThat(unit.seconds()).as("nothing known: one second").isEqualTo(1.0);
        assertThat(unit.track(0, 20)).isTrue();
        assertThat(unit.seconds()).isCloseTo(0.05, within(1e-12));
        assertThat(unit.track(1, 30)).isTrue();
        assertThat(unit.seconds()).as("2 servers / 50 per second").isCloseTo(0.04, within(1e-12));
        // A server going down (rate 0) leaves the mean: back to 1/20.
        assertThat(unit.track(1, 0)).isTrue();
        assertThat(unit.seconds()).isCloseTo(0.05, within(1e-12));
    }

    @Test
    void changesOnlyWhenTheFleetsMeanDriftedMoreThanTwoPercent() {
        FleetServiceTime unit = new FleetServiceTime(PolicyConfig.FLEET_MEAN_SERVICE_TIME);
        for (int s = 0; s < 100; s++) {
            unit.track(s, 10);
        }
        double before = unit.seconds();
        // One server of a hundred 50% faster moves the mean by 0.5%: keys stay as they are.
        assertThat(unit.track(7, 15)).isFalse();
        assertThat(unit.seconds()).isEqualTo(before);
        for (int s = 0; s < 10; s++) {
            unit.track(s, 15);
        }
        assertThat(unit.seconds())
                .isCloseTo(100 / (90 * 10 + 10 * 15.0), within(0.02 * unit.seconds()));
    }

    @Test
    void aFixedUnitNeverMoves() {
        FleetServiceTime unit = new FleetServiceTime(0.25);
        assertThat(unit.track(0, 1000)).isFalse();
        assertThat(unit.seconds()).isEqualTo(0.25);
    }
}
