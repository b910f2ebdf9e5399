package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AntagonistsTest {

    @Test
    void theSimulatorWritesMeanServiceTimesAndTheFleetDurations() {
        assertThat(Antagonists.parse("4:3:10/20", false)).isEqualTo(new Antagonists(4, 3, 10, 20));
        assertThat(Antagonists.parse("4:3:10s/20s", true)).isEqualTo(new Antagonists(4, 3, 10, 20));
        assertThat(Antagonists.parse("1:1.5:250ms/2m", true))
                .isEqualTo(new Antagonists(1, 1.5, 0.25, 120));
        assertThat(Antagonists.parse("2:2:5/5", true)).isEqualTo(new Antagonists(2, 2, 5, 5));
        assertThat(Antagonists.parse("none", false).none()).isTrue();
        assertThatThrownBy(() -> Antagonists.parse("4:3:10s/20s", false))
                .hasMessageContaining(
                        "ON is in mean service times, a plain number, e.g. 4:3:10/20");
        assertThatThrownBy(() -> Antagonists.parse("4:3:10", false))
                .hasMessageStartingWith("the antagonists must be none or COUNT:FACTOR:ON/OFF");
        assertThatThrownBy(() -> Antagonists.parse("4:1:10/20", false))
                .hasMessageContaining("FACTOR must be in (1.0, 1000.0] (got 1)");
        assertThatThrownBy(() -> Antagonists.parse("4:3:0/20", false))
                .hasMessageContaining("ON must be in (0.0, 1.0E9] (got 0)");
        assertThatThrownBy(() -> Antagonists.parse("0:3:1/2", false))
                .hasMessageContaining("COUNT must be in [1,");
        assertThatThrownBy(() -> Antagonists.parse("5:3:1/2", false).requireAmong(4))
                .hasMessageContaining("COUNT must be at most the number of servers (got 5 of 4)");
    }

    @Test
    void theScheduleSlowsCountDistinctServersAtSeededPhases() {
        Antagonists a = new Antagonists(4, 3, 10, 20);
        Slowdowns s = a.schedule(50, new SplittableRandom(9));
        assertThat(a.schedule(50, new SplittableRandom(9)).phase()).isEqualTo(s.phase());
        assertThat(a.schedule(50, new SplittableRandom(10)).phase()).isNotEqualTo(s.phase());
        int slowed = 0;
        for (int server = 0; server < 50; server++) {
            if (s.slows(server)) {
                slowed++;
                assertThat(s.phase()[server]).isBetween(0.0, 30.0);
            }
        }
        assertThat(slowed).isEqualTo(4);
        assertThat(Antagonists.NONE.schedule(50, new SplittableRandom(9)).none()).isTrue();
    }

    @Test
    void episodesStartAtThePhaseAndEveryPeriodAfter() {
        Slowdowns s = new Slowdowns(3, 10, 20, new double[] {Double.NaN, 5, 12});
        List<Slowdowns.Episode> e = s.episodes(10, 70);
        assertThat(e)
                .containsExactly(
                        new Slowdowns.Episode(2, 12),
                        new Slowdowns.Episode(1, 35),
                        new Slowdowns.Episode(2, 42),
                        new Slowdowns.Episode(1, 65));
        // toggle 2k starts the k-th slowdown, 2k + 1 ends it
        assertThat(s.toggleAt(1, 0)).isEqualTo(5);
        assertThat(s.toggleAt(1, 1)).isEqualTo(15);
        assertThat(s.toggleAt(1, 4)).isCloseTo(65, within(1e-12));
        assertThat(s.slows(0)).isFalse();
    }
}
