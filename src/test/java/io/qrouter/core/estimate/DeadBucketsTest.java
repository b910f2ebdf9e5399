package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The window's ring drops the buckets that have left it, and the estimates do not change. */
class DeadBucketsTest {

    /** A 10 s window in ten 1 s buckets, estimates known from the first event. */
    private static EstimatorConfig config() {
        EstimatorConfig c = new EstimatorConfig();
        c.setWindowMillis(10_000);
        c.setBucketCount(10);
        c.setMinArrivals(1);
        c.setMinCompletions(1);
        c.setMinExits(1);
        c.setMinWaits(1);
        c.setMinRecoveries(1);
        return c;
    }

    private static void serve(ServerEstimators e, String task, long at) {
        e.onEnqueued(task, at);
        e.onStarted(task, at + 100);
        e.onCompleted(task, at + 400);
    }

    private static List<Long> bucketsHeld(ServerEstimators e) {
        List<Long> held = new ArrayList<>();
        for (WindowBucket bucket : e.getWindow().getRing()) {
            if (bucket != null) {
                held.add(bucket.getBucket());
            }
        }
        held.sort(null);
        return held;
    }

    @Test
    void aQuietServerKeepsOnlyTheBucketsItsWindowCanStillCount() {
        ServerEstimators e = new ServerEstimators(config());
        for (int i = 0; i < 10; i++) {
            serve(e, "early" + i, i * 1_000L + 200); // one task in each of buckets 0..9
        }
        assertThat(bucketsHeld(e)).hasSize(10);
        serve(e, "late", 25_200); // bucket 25: buckets 0..15 leave the ring
        e.snapshot(25_900);
        assertThat(bucketsHeld(e)).containsExactly(25L);
    }

    @Test
    void theEstimatesAreThoseOfTheBucketsStillInTheWindow() {
        ServerEstimators e = new ServerEstimators(config());
        ServerEstimators onlyRecent = new ServerEstimators(config());
        for (int i = 0; i < 10; i++) {
            serve(e, "early" + i, i * 1_000L + 200);
        }
        for (int i = 0; i < 4; i++) {
            serve(e, "late" + i, 25_200L + i * 1_000);
            serve(onlyRecent, "late" + i, 25_200L + i * 1_000);
        }
        EstimatorSnapshot first = e.snapshot(28_900);
        EstimatorSnapshot again = e.snapshot(28_900);
        EstimatorSnapshot independent = onlyRecent.snapshot(28_900);
        assertThat(bucketsHeld(e)).containsExactly(25L, 26L, 27L, 28L);
        assertThat(again).isEqualTo(first);
        // four arrivals over the window from the start of bucket 19 to 28.9 s (the other server's
        // starts at its first event, so only the per-task figures compare)
        assertThat(first.lambdaPerSecond().value()).isCloseTo(4 / 9.9, within(1e-12));
        assertThat(first.muPerSecond()).isEqualTo(independent.muPerSecond());
        assertThat(first.recentService()).isEqualTo(independent.recentService());
    }
}
