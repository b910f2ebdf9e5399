package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StallWatchTest {
    @Test
    void aQuietRouterIsNoStallAStoppedOneIs() {
        StallWatch watch = new StallWatch(5);
        assertThat(watch.check(100, 0, 0)).as("nothing waiting: quiet, not stalled").isNull();
        assertThat(watch.check(100, 96, 40)).as("a decision 4 s ago").isNull();
        assertThat(watch.check(101, 96, 40))
                .isEqualTo("STALL: 40 tasks waiting and no decision for 5.0 s");
        assertThat(watch.stalled()).isTrue();
        assertThat(watch.check(105, 96, 900)).as("said once").isNull();
        assertThat(watch.stalls(107)).containsExactly(new StallWatch.Stall(96, 11, 900));

        assertThat(watch.check(108, 107.5, 10))
                .isEqualTo("routing resumed after a stall of 11.5 s (up to 900 tasks waiting)");
        assertThat(watch.stalled()).isFalse();
        assertThat(watch.check(109, 108.9, 10)).isNull();
        assertThat(watch.stalls(200)).containsExactly(new StallWatch.Stall(96, 11.5, 900));
    }

    @Test
    void unknownWaitingIsNeverAStall() {
        assertThat(new StallWatch(1).check(100, 0, -1)).isNull();
    }

    @Test
    void theThresholdMustBePositive() {
        assertThatThrownBy(() -> new StallWatch(0))
                .hasMessageStartingWith("--stall-after must be a duration > 0s");
    }
}
