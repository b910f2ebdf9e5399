package io.qrouter.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class DeliveryLegsTest {
    private static final long T0 = 1_800_000_000_000L;

    /**
     * 100 decisions with known legs in whole milliseconds: the way in 3 ms for 98 of them and 20 ms
     * for two, the way out (i mod 5) ms. Sorted, the way in's 50th and 99th values are 3 and 20 ms;
     * the way out's 50th is 2 ms and its 99th 4 ms.
     */
    @Test
    void splitsEachLatencyAtItsDecisionTime() {
        DeliveryLegs legs = new DeliveryLegs();
        for (int i = 0; i < 100; i++) {
            long in = i >= 98 ? 20 : 3;
            long out = i % 5;
            long sentAt = T0 + 1000L * i;
            long decidedAt = sentAt + in;
            long receivedAt = decidedAt + out;
            legs.add((receivedAt - sentAt) * 1000, receivedAt, decidedAt);
        }

        DeliveryLegs.Summary s = legs.summary();

        assertThat(s.inP50Millis()).isCloseTo(3.0, within(0.01));
        assertThat(s.inP99Millis()).isCloseTo(20.0, within(0.03));
        assertThat(s.outP50Millis()).isCloseTo(2.0, within(0.01));
        assertThat(s.outP99Millis()).isCloseTo(4.0, within(0.01));
    }

    /** Millisecond clocks can put a decision after its receipt, or before its task was sent. */
    @Test
    void keepsBothLegsWithinTheMeasuredLatency() {
        DeliveryLegs after = new DeliveryLegs();
        after.add(1_500, T0, T0 + 1); // decided "after" it was read back: all of it on the way in
        assertThat(after.summary().outP99Millis()).isZero();
        assertThat(after.summary().inP99Millis()).isCloseTo(1.5, within(0.01));

        DeliveryLegs before = new DeliveryLegs();
        before.add(1_500, T0, T0 - 2); // 2 ms before receipt, of 1.5 ms in all: all on the way out
        assertThat(before.summary().inP99Millis()).isZero();
        assertThat(before.summary().outP99Millis()).isCloseTo(1.5, within(0.01));
    }

    @Test
    void hasNoFiguresWithoutDecisions() {
        DeliveryLegs.Summary s = new DeliveryLegs().summary();
        assertThat(s.inP99Millis()).isNaN();
        assertThat(s.toJson().get("in_p99_ms")).isNull();
    }
}
