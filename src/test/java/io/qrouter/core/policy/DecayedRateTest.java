package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DecayedRateTest {
    @Test
    void aSteadyStreamIsMeasuredAtItsRate() {
        DecayedRate r = new DecayedRate();
        for (long t = 0; t < 10_000; t += 4) { // 250 per second
            r.add(t);
        }
        assertThat(r.perSecond(10_000)).isCloseTo(250, within(5.0));
    }

    @Test
    void theFirstEventsAreNotDilutedByTheTimeConstant() {
        DecayedRate r = new DecayedRate();
        for (long t = 0; t < 100; t += 10) { // 100 per second for 0.1 s
            r.add(t);
        }
        assertThat(r.perSecond(100)).isCloseTo(100, within(10.0));
    }
}
