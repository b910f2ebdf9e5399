package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BlackHolesTest {
    @Test
    void overdueOnlyWhenATaskDecidedMoreThanTheTimeoutLaterCameBack() {
        BlackHoles holes = new BlackHoles(1_000, 5_000);
        assertThat(holes.overdue(Long.MAX_VALUE, 9_500, 9_500))
                .as("nothing unacknowledged")
                .isFalse();
        assertThat(holes.overdue(8_500, Long.MIN_VALUE, 9_500))
                .as("nothing came back yet: the pipeline is silent, not the server")
                .isFalse();
        assertThat(holes.overdue(8_500, 9_500, 9_500)).isFalse();
        assertThat(holes.overdue(8_499, 9_500, 9_500)).isTrue();
        assertThat(holes.overdueBefore(9_500, 9_500)).isEqualTo(8_500);
        assertThat(holes.overdueBefore(Long.MIN_VALUE, 9_500)).isEqualTo(Long.MIN_VALUE);
        BlackHoles off = new BlackHoles(0, 5_000);
        assertThat(off.overdue(0, 9_500, 9_500)).isFalse();
        assertThat(off.overdueBefore(9_500, 9_500)).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void aProofOlderThanTheTimeoutStopsJudgingForOneTimeout() {
        BlackHoles holes = new BlackHoles(1_000, 5_000);
        assertThat(holes.judging(0)).isTrue();
        holes.loopProven(4_000, 5_000);
        assertThat(holes.judging(5_000)).as("a round trip of exactly the timeout").isTrue();
        holes.loopProven(4_000, 5_001);
        assertThat(holes.judging(5_001)).isFalse();
        assertThat(holes.judging(6_000)).isFalse();
        holes.loopProven(5_950, 6_000);
        assertThat(holes.judging(6_000)).as("a fresh proof does not shorten it").isFalse();
        assertThat(holes.judging(6_001)).isTrue();
        assertThat(holes.stalls()).as("one stall, extended once").isEqualTo(1);
        holes.loopProven(5_000, 7_000);
        assertThat(holes.stalls()).isEqualTo(2);
        BlackHoles off = new BlackHoles(0, 5_000);
        off.loopProven(0, 60_000);
        assertThat(off.judging(60_000)).isTrue();
    }

    @Test
    void theEjectionDoublesEachTimeUpToSixteenfoldAndEnds() {
        BlackHoles holes = new BlackHoles(1_000, 5_000);
        long[] expected = {5_000, 10_000, 20_000, 40_000, 80_000, 80_000};
        long now = 0;
        for (long length : expected) {
            assertThat(holes.eject("h", now)).isEqualTo(now + length);
            assertThat(holes.isEjected("h")).isTrue();
            assertThat(holes.returning(now + length - 1)).isEmpty();
            assertThat(holes.returning(now + length)).containsExactly("h");
            assertThat(holes.isEjected("h")).isFalse();
            now += length;
        }
        holes.forget("h");
        assertThat(holes.eject("h", now)).isEqualTo(now + 5_000);
    }

    @Test
    void returningKeepsTheOthersEjected() {
        BlackHoles holes = new BlackHoles(1_000, 5_000);
        holes.eject("a", 0);
        holes.eject("b", 1_000);
        assertThat(holes.returning(5_500)).containsExactly("a");
        assertThat(holes.ejectedCount()).isEqualTo(1);
        assertThat(holes.returning(6_000)).containsExactly("b");
    }
}
