package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The batch-means interval: a case worked by hand, and its coverage on known means. */
class MeanIntervalTest {
    /** t quantile 0.975 with 9 degrees of freedom, from a printed table. */
    private static final double T_975_9 = 2.262157;

    @Test
    void tenBatchesOfAlternatingMeansGiveTheIntervalWorkedByHand() {
        // 100 observations: ten batches of ten, whose means alternate 1, 3 (lag-1 negative, so no
        // halving); within a batch the values spread around the batch mean
        double[] x = new double[100];
        for (int b = 0; b < 10; b++) {
            for (int i = 0; i < 10; i++) {
                x[b * 10 + i] = (b % 2 == 0 ? 1 : 3) + (i % 2 == 0 ? 0.5 : -0.5);
            }
        }
        MeanInterval ci = MeanInterval.of(x).orElseThrow();

        // batch means 1,3,1,3,…: mean 2, sample variance 10 / 9
        double half = T_975_9 * Math.sqrt(10.0 / 9 / 10);
        assertThat(ci.batches()).isEqualTo(10);
        assertThat(ci.mean()).isCloseTo(2, within(1e-12));
        assertThat(ci.low()).isCloseTo(2 - half, within(1e-6));
        assertThat(ci.high()).isCloseTo(2 + half, within(1e-6));
    }

    @Test
    void independentSkewedObservationsAreCoveredNinetyFivePercentOfTheTime() {
        SplittableRandom random = new SplittableRandom(7);
        int covered = 0;
        int runs = 400;
        for (int r = 0; r < runs; r++) {
            // exponential, mean 0.3
            double[] x = new double[2_000];
            Arrays.setAll(x, i -> -0.3 * Math.log(1 - random.nextDouble()));
            MeanInterval ci = MeanInterval.of(x).orElseThrow();
            covered += ci.low() <= 0.3 && 0.3 <= ci.high() ? 1 : 0;
        }
        assertThat((double) covered / runs).isBetween(0.91, 0.98);
    }

    @Test
    void correlatedObservationsAreCoveredWhereTheirOwnStandardErrorWouldNotBe() {
        SplittableRandom random = new SplittableRandom(11);
        double phi = 0.95;
        int runs = 300;
        int byBatches = 0;
        int byOwnError = 0;
        for (int r = 0; r < runs; r++) {
            // AR(1) around 5, started in its stationary law: like waits, each near the one before
            double[] x = new double[20_000];
            double e = gaussian(random) / Math.sqrt(1 - phi * phi);
            for (int i = 0; i < x.length; i++) {
                e = i == 0 ? e : phi * e + gaussian(random);
                x[i] = 5 + e;
            }
            MeanInterval ci = MeanInterval.of(x).orElseThrow();
            byBatches += ci.low() <= 5 && 5 <= ci.high() ? 1 : 0;
            double mean = Arrays.stream(x).average().orElseThrow();
            double sd =
                    Math.sqrt(
                            Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum()
                                    / (x.length - 1));
            byOwnError += Math.abs(mean - 5) <= 1.96 * sd / Math.sqrt(x.length) ? 1 : 0;
        }
        assertThat((double) byBatches / runs).isBetween(0.89, 0.99);
        assertThat((double) byOwnError / runs).isLessThan(0.5);
    }

    @Test
    void aSlowSwingHalvesTheBatchesUntilTheirMeansAreNearlyIndependent() {
        SplittableRandom random = new SplittableRandom(3);
        // one slow cycle over the run: neighbouring batches of 20 are alike, of 5 less so
        double[] x = new double[4_000];
        Arrays.setAll(x, i -> Math.sin(2 * Math.PI * i / x.length) + 0.1 * gaussian(random));
        assertThat(MeanInterval.of(x).orElseThrow().batches()).isEqualTo(5);
    }

    @Test
    void tooFewObservationsGiveNoIntervalAndNanIsNoObservation() {
        double[] x = new double[60];
        Arrays.fill(x, Double.NaN);
        Arrays.fill(x, 0, 49, 1.0);
        assertThat(MeanInterval.of(x)).isEmpty();
        x[49] = 1.0;
        MeanInterval ci = MeanInterval.of(x).orElseThrow();
        assertThat(ci.batches()).isEqualTo(5);
        assertThat(ci.low()).isEqualTo(1.0);
        assertThat(ci.high()).isEqualTo(1.0);
    }

    @Test
    void aFloorRaisesOnlyTheLowEnd() {
        MeanInterval ci = new MeanInterval(0.001, -0.002, 0.004, 20).atLeast(0);
        assertThat(ci).isEqualTo(new MeanInterval(0.001, 0, 0.004, 20));
        assertThat(new MeanInterval(1, 0.5, 1.5, 20).atLeast(0))
                .isEqualTo(new MeanInterval(1, 0.5, 1.5, 20));
    }

    private static double gaussian(SplittableRandom random) {
        // Box-Muller: SplittableRandom has no nextGaussian on Java 17
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble()))
                * Math.cos(2 * Math.PI * random.nextDouble());
    }
}
