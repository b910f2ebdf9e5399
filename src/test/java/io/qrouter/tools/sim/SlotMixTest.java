package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SlotMixTest {

    @Test
    void oneNumberGivesEveryServerThatManySlots() {
        SlotMix four = SlotMix.parse("4");
        assertThat(four.assign(5, new SplittableRandom(1))).containsOnly(4).hasSize(5);
        assertThat(four.singleSlot()).isFalse();
        assertThat(SlotMix.parse("1").singleSlot()).isTrue();
    }

    @Test
    void aMixGivesEachKindItsShareOfTheServersExactly() {
        SlotMix mix = SlotMix.parse("1:0.5,4:0.3,16:0.2");
        assertThat(mix.counts(10)).containsExactly(5, 3, 2);
        // 7 servers: 3.5, 2.1, 1.4 → floors 3, 2, 1; the one left goes to the largest remainder
        assertThat(mix.counts(7)).containsExactly(4, 2, 1);
        int[] slots = mix.assign(1000, new SplittableRandom(7));
        assertThat(Arrays.stream(slots).filter(c -> c == 1).count()).isEqualTo(500);
        assertThat(Arrays.stream(slots).filter(c -> c == 4).count()).isEqualTo(300);
        assertThat(Arrays.stream(slots).filter(c -> c == 16).count()).isEqualTo(200);
        assertThat(mix.maxSlots()).isEqualTo(16);
    }

    @Test
    void whichServerGetsWhichFollowsTheSeed() {
        SlotMix mix = SlotMix.parse("1:0.5,8:0.5");
        int[] a = mix.assign(40, new SplittableRandom(3));
        assertThat(mix.assign(40, new SplittableRandom(3))).isEqualTo(a);
        assertThat(mix.assign(40, new SplittableRandom(4))).isNotEqualTo(a);
        // shuffled, not the first half one kind and the second the other
        assertThat(Arrays.copyOf(a, 20)).contains(1, 8);
    }

    @Test
    void sharesMustSumToOneAndBadFormsNameTheSetting() {
        // 0.1 + 0.2 + 0.7 is 1 only within rounding
        assertThat(SlotMix.parse("1:0.1,2:0.2,3:0.7").counts(10)).containsExactly(1, 2, 7);
        assertThatThrownBy(() -> SlotMix.parse("1:0.5,4:0.4"))
                .hasMessageStartingWith("the slots per server shares must sum to 1 (got 0.9");
        assertThatThrownBy(() -> SlotMix.parse("1:0.5,4"))
                .hasMessageContaining("must be SLOTS or SLOTS:SHARE,…")
                .hasMessageContaining("1:0.5,4:0.3,16:0.2");
        assertThatThrownBy(() -> SlotMix.parse("0"))
                .hasMessageContaining("SLOTS must be in [1, 10000] (got 0)");
        assertThatThrownBy(() -> SlotMix.parse("2:0,1:1"))
                .hasMessageContaining("SHARE must be in (0.0, 1.0] (got 0)");
        assertThatThrownBy(() -> SlotMix.parse("two"))
                .hasMessageContaining("\"two\" is not an integer");
    }
}
