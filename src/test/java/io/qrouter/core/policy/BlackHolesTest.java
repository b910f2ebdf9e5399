package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BlackHolesTest {
    @Test
    void overdueOnlyPastTheTimeoutAndNeverWhenOff() {
        BlackHoles holes = new BlackHoles(1_000, 5_000);
        assertThat(holes.overdue(Long.MAX_VALUE, 10_000)).isFalse();
        assertThat(holes.overdue(9_000, 10_000)).isFalse();
        assertThat(holes.overdue(8_999, 10_000)).isTrue();
        assertThat(new BlackHoles(0, 5_000).overdue(0, 10_000)).isFalse();
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
