package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A recorded delay keeps the run's bursts where they were: each time takes its nearest sample. */
class RecordedDelayTest {
    private final Delay stall =
            Delay.recorded(
                    new double[] {0, 1, 2, 3, 4}, new double[] {0.01, 0.01, 0.5, 0.01, 0.02});
    private final SplittableRandom random = new SplittableRandom(1);

    @Test
    void informationSentDuringTheStallIsAsLateAsTheStall() {
        assertThat(stall.sample(2, random)).isEqualTo(0.5);
        assertThat(stall.sample(1.6, random)).isEqualTo(0.5);
        assertThat(stall.sample(2.4, random)).isEqualTo(0.5);
        assertThat(stall.sample(1.4, random)).isEqualTo(0.01);
        assertThat(stall.sample(2.6, random)).isEqualTo(0.01);
    }

    @Test
    void beforeTheFirstAndAfterTheLastRecordingTheEndsHold() {
        assertThat(stall.sample(-5, random)).isEqualTo(0.01);
        assertThat(stall.sample(100, random)).isEqualTo(0.02);
        assertThat(stall.mean()).isEqualTo((0.01 + 0.01 + 0.5 + 0.01 + 0.02) / 5);
        assertThat(stall.isZero()).isFalse();
        assertThat(Delay.recorded(new double[] {0}, new double[] {0}).isZero()).isTrue();
    }

    @Test
    void refusesUnorderedTimesNegativeDelaysAndNothing() {
        assertThatThrownBy(() -> Delay.recorded(new double[] {1, 0}, new double[] {0, 0}))
                .hasMessageContaining("ascend");
        assertThatThrownBy(() -> Delay.recorded(new double[] {0}, new double[] {-1}))
                .hasMessageContaining(">= 0");
        assertThatThrownBy(() -> Delay.recorded(new double[0], new double[0]))
                .hasMessageContaining("at least one");
        assertThatThrownBy(() -> Delay.recorded(new double[] {0, 1}, new double[] {0}))
                .hasMessageContaining("each with its time");
    }
}
