package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ArrivalTimesRingTest {

    @Test
    void gapsAreThoseOfTheSortedKeptTimesInRangeWhetherInOrderOrNot() {
        SplittableRandom random = new SplittableRandom(3);
        for (int trial = 0; trial < 200; trial++) {
            int capacity = 1 + random.nextInt(64);
            int added = random.nextInt(3 * capacity);
            boolean shuffled = random.nextBoolean();
            ArrivalTimesRing ring = new ArrivalTimesRing(capacity);
            List<Long> all = new ArrayList<>();
            long t = 0;
            for (int i = 0; i < added; i++) {
                t += random.nextInt(50);
                long time = shuffled ? t + random.nextInt(200) : t;
                ring.add(time);
                all.add(time);
            }
            long from = random.nextInt(500);
            long to = from + random.nextInt(5000);
            // independently: the last `capacity` added, filtered, sorted
            long[] kept =
                    all.subList(Math.max(0, all.size() - capacity), all.size()).stream()
                            .mapToLong(Long::longValue)
                            .filter(x -> x >= from && x <= to)
                            .sorted()
                            .toArray();
            double[] expected = new double[Math.max(0, kept.length - 1)];
            for (int i = 0; i < expected.length; i++) {
                expected[i] = (kept[i + 1] - kept[i]) / 1000.0;
            }
            assertThat(ring.interarrivalSeconds(from, to))
                    .as("trial %d", trial)
                    .containsExactly(expected);
        }
    }
}
