package io.qrouter.job.operators;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UpdateDelaysTest {

    @Test
    void keepsEachServersNewestDelayUntilItIsForgotten() {
        UpdateDelays delays = new UpdateDelays(1);
        delays.received("a", 40);
        delays.received("a", 7);
        delays.received("b", 900);
        assertThat(delays.ofServer("a")).isEqualTo(7);
        assertThat(delays.ofServer("b")).isEqualTo(900);
        delays.forget("b");
        assertThat(delays.ofServer("b")).isNull();
    }

    @Test
    void drawsNothingWhenNoUpdateCameSinceTheLastDraw() {
        UpdateDelays delays = new UpdateDelays(1);
        assertThat(delays.drawSinceLast()).isNull();
        delays.received("a", 12);
        assertThat(delays.drawSinceLast()).isEqualTo(12);
        assertThat(delays.drawSinceLast()).isNull();
    }

    /**
     * Between two draws come four updates of delays 0, 1, 2, 3: over 40,000 draws each must be
     * drawn a quarter of the time (the binomial standard deviation is 87; 5 of them allowed), and
     * only those four, so a draw never reaches back past the previous one.
     */
    @Test
    void drawsUniformlyAmongTheUpdatesSinceTheLastDraw() {
        UpdateDelays delays = new UpdateDelays(42);
        int[] counts = new int[4];
        for (int draw = 0; draw < 40_000; draw++) {
            for (int d = 0; d < 4; d++) {
                delays.received("s" + d, 10L * draw + d);
            }
            long drawn = delays.drawSinceLast();
            assertThat(drawn / 10).isEqualTo(draw);
            counts[(int) (drawn % 10)]++;
        }
        for (int count : counts) {
            assertThat(count).isBetween(10_000 - 435, 10_000 + 435);
        }
    }
}
