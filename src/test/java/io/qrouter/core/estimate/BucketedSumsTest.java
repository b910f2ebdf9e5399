package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The ring's kept totals give what summing the window's buckets gives: against a plain list of
 * every millisecond and value the ring took, any order of adds, spreads, windows and reads from
 * state.
 */
class BucketedSumsTest {
    private static final long BUCKET_MILLIS = 10;
    private static final int SERIES = 2;

    /** One step: an add, a spread, a window read at a time, or the ring read back from state. */
    record Step(int kind, int series, long time, long value) {}

    /** What the ring took: a value in a bucket of a series. */
    record Taken(int series, long bucket, long value) {}

    @Property(tries = 1_000)
    void windowsAreTheSumsOfTheirBuckets(
            @ForAll @IntRange(min = 1, max = 12) int bucketCount,
            @ForAll("steps") List<Step> steps) {
        BucketedSums sums = new BucketedSums(BUCKET_MILLIS, bucketCount, SERIES);
        List<Taken> taken = new ArrayList<>();
        long newest = Long.MIN_VALUE;
        for (Step step : steps) {
            switch (step.kind()) {
                case 0 -> {
                    long bucket = Math.floorDiv(step.time(), BUCKET_MILLIS);
                    newest = Math.max(newest, bucket);
                    boolean inRing = bucket > newest - bucketCount;
                    assertThat(sums.add(step.series(), step.time(), step.value()))
                            .isEqualTo(inRing);
                    if (inRing) {
                        taken.add(new Taken(step.series(), bucket, step.value()));
                    }
                }
                case 1 -> {
                    long end = step.time() + step.value();
                    newest = Math.max(newest, Math.floorDiv(end, BUCKET_MILLIS));
                    sums.addSpread(step.series(), step.time(), end);
                    for (long ms = step.time(); ms < end; ms++) {
                        long bucket = Math.floorDiv(ms, BUCKET_MILLIS);
                        if (bucket > newest - bucketCount) {
                            taken.add(new Taken(step.series(), bucket, 1));
                        }
                    }
                }
                case 2 -> sums = step.value() % 2 == 0 ? sums.copy() : readBack(sums);
                default -> {
                    long now = Math.floorDiv(step.time(), BUCKET_MILLIS);
                    long oldestKept = newest == Long.MIN_VALUE ? newest : newest - bucketCount + 1;
                    long from = Math.max(now - bucketCount + 1, oldestKept);
                    long recentFrom = Math.max(from, now - 1);
                    double[][] got = sums.sums(from, recentFrom, now);
                    assertThat(got[0]).containsExactly(expected(taken, oldestKept, from, now));
                    assertThat(got[1])
                            .containsExactly(expected(taken, oldestKept, recentFrom, now));
                }
            }
        }
    }

    /** The ring as the job's serializer reads it back: its buckets, without the kept totals. */
    private static BucketedSums readBack(BucketedSums written) {
        BucketedSums read = new BucketedSums();
        read.setBucketMillis(written.getBucketMillis());
        read.setBucketCount(written.getBucketCount());
        read.setSeriesCount(written.getSeriesCount());
        read.setNewestBucket(written.getNewestBucket());
        read.setRing(written.copy().getRing());
        return read;
    }

    private static double[] expected(List<Taken> taken, long oldestKept, long from, long to) {
        double[] sums = new double[SERIES];
        for (Taken t : taken) {
            if (t.bucket() >= oldestKept && t.bucket() >= from && t.bucket() <= to) {
                sums[t.series()] += t.value();
            }
        }
        return sums;
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        return Combinators.combine(
                        Arbitraries.integers().between(0, 3),
                        Arbitraries.integers().between(0, SERIES - 1),
                        Arbitraries.longs().between(-50, 1_500),
                        Arbitraries.longs().between(0, 300))
                .as(Step::new)
                .list()
                .ofMaxSize(60);
    }
}
