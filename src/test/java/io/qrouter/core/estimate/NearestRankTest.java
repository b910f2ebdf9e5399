package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NearestRankTest {
    /**
     * Checked against the definition itself: at least p of the values at or below q, fewer than p
     * strictly below.
     */
    @Test
    void isTheSmallestValueWithAtLeastAFractionPAtOrBelowIt() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 500; trial++) {
            int n = 1 + random.nextInt(50);
            double[] values = random.doubles(n, 0, 10).map(Math::floor).toArray();
            Arrays.sort(values);
            double p = random.nextDouble();
            double q = NearestRank.of(values, n, p);
            long atOrBelow = Arrays.stream(values).filter(v -> v <= q).count();
            long below = Arrays.stream(values).filter(v -> v < q).count();
            assertThat((double) atOrBelow / n).isGreaterThanOrEqualTo(p);
            assertThat((double) below / n).isLessThan(Math.max(p, Double.MIN_VALUE));
        }
    }

    @Test
    void extremesAreTheMinimumAndMaximum() {
        double[] values = {1, 2, 3, 4};
        assertThat(NearestRank.of(values, 4, 0)).isEqualTo(1);
        assertThat(NearestRank.of(values, 4, 1)).isEqualTo(4);
        assertThat(NearestRank.of(values, 2, 1)).isEqualTo(2);
    }

    @Test
    void noObservationsIsAnError() {
        assertThatThrownBy(() -> NearestRank.of(new double[0], 0, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
