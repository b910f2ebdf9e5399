package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class AdaptiveHeartbeatTest {
    private final AdaptiveHeartbeat rule = new AdaptiveHeartbeat(100, 1000);

    @Test
    void idleServersReportAtTheMaximumAndLoadShortensTheIntervalMonotonically() {
        assertThat(rule.nextIntervalMillis(0, 0)).isEqualTo(1000);
        long previous = Long.MAX_VALUE;
        for (int n = 0; n < 200; n++) {
            long interval = rule.nextIntervalMillis(n, 0.3);
            assertThat(interval).isBetween(100L, 1000L).isLessThanOrEqualTo(previous);
            previous = interval;
        }
        assertThat(rule.nextIntervalMillis(1_000_000, 0)).isEqualTo(100);
        assertThat(rule.nextIntervalMillis(0, 5.0)).isEqualTo(100);
        assertThat(rule.nextIntervalMillis(0, Double.NaN)).isEqualTo(1000);
        assertThat(rule.nextIntervalMillis(0, 0.5)).isEqualTo(550);
    }

    @Test
    void badBoundsNameTheBound() {
        assertThatThrownBy(() -> new AdaptiveHeartbeat(0, 10)).hasMessageContaining("minimum");
        assertThatThrownBy(() -> new AdaptiveHeartbeat(10, 5)).hasMessageContaining("maximum");
    }
}
