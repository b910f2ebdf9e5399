package io.qrouter.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ChaosReportTest {
    @Test
    void theStallIsTheLongestTimeWithoutADecisionFromTheEndOfTheFault() {
        double[] arrivals = {1, 2, 9.0, 9.5, 12, 12.4, 19.8};
        // from 8.5 (fault over): 0.5 to the first, then 0.5, 2.5, 0.4, then 6.0 to the end of the
        // window at 18.4
        assertThat(ChaosReport.longestGap(arrivals, 8.5, 18.4)).isCloseTo(6.0, within(1e-9));
        assertThat(ChaosReport.longestGap(arrivals, 8.5, 12.4)).isCloseTo(2.5, within(1e-9));
        assertThat(ChaosReport.longestGap(arrivals, 2.5, 9.0))
                .as("nothing until 9.0")
                .isCloseTo(6.5, within(1e-9));
        assertThat(ChaosReport.longestGap(new double[0], 3, 7))
                .as("no decision at all")
                .isCloseTo(4, within(1e-9));
    }
}
