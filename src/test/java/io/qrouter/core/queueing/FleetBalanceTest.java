package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FleetBalanceTest {
    @Test
    void varianceIsThePopulationVariance() {
        assertThat(FleetBalance.loadIndexVariance(1, 2, 3, 4)).isCloseTo(1.25, within(1e-15));
        assertThat(FleetBalance.loadIndexVariance(7)).isZero();
        assertThatThrownBy(() -> FleetBalance.loadIndexVariance(1, Double.POSITIVE_INFINITY))
                .hasMessageContaining("finite");
        assertThatThrownBy(FleetBalance::loadIndexVariance)
                .hasMessageContaining("at least one server");
    }

    @Test
    void idleShareCountsServers() {
        assertThat(FleetBalance.idleShare(3, 12)).isEqualTo(0.25);
        assertThatThrownBy(() -> FleetBalance.idleShare(5, 4)).hasMessageContaining("[0, 4]");
        assertThatThrownBy(() -> FleetBalance.idleShare(0, 0))
                .hasMessageContaining("servers must be >= 1");
    }

    @Test
    void zWeighsLoadAgainstIdleCapacity() {
        assertThat(FleetBalance.strategyMeasureZ(0.5, 2, 2, 0.25)).isCloseTo(1.5, within(1e-15));
        assertThatThrownBy(() -> FleetBalance.strategyMeasureZ(-1, 2, 2, 0.25))
                .hasMessageContaining("delta");
    }
}
