package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Not-yet-known estimates, the sliding window, late and out-of-order events, bounded memory,
 * settings.
 */
class ServerEstimatorsWindowTest {

    private static EstimatorConfig window(long windowMillis, int bucketCount) {
        EstimatorConfig config = new EstimatorConfig();
        config.setWindowMillis(windowMillis);
        config.setBucketCount(bucketCount);
        return config;
    }

    @Test
    void nothingIsKnownBeforeAnyEvent() {
        ServerEstimators empty = new ServerEstimators();
        EstimatorSnapshot snapshot = empty.snapshot(123_456);
        assertThat(
                        List.of(
                                snapshot.lambdaPerSecond(),
                                snapshot.muPerSecond(),
                                snapshot.alphaCPerSecond(),
                                snapshot.etaPerSecond(),
                                snapshot.exitRateThetaPerSecond()))
                .containsOnly(Estimate.unknown(0));
        assertThat(snapshot.observedMillis()).isZero();
    }

    @Test
    void anEstimateIsUnknownWithItsCountUntilTheMinimumIsReached() {
        ServerEstimators estimators = new ServerEstimators(); // minArrivals = minCompletions = 20
        for (int i = 0; i < 19; i++) {
            estimators.onEnqueued("t" + i, i * 100L);
            estimators.onStarted("t" + i, i * 100L);
            estimators.onCompleted("t" + i, i * 100L + 50);
        }
        EstimatorSnapshot few = estimators.snapshot(2_000);
        assertThat(few.lambdaPerSecond()).isEqualTo(Estimate.unknown(19));
        assertThat(few.muPerSecond()).isEqualTo(Estimate.unknown(19));
        assertThat(few.lambdaPerSecond().orNull()).isNull();
        assertThatThrownBy(() -> few.lambdaPerSecond().value())
                .isInstanceOf(IllegalStateException.class);

        estimators.onEnqueued("t19", 1_900);
        estimators.onStarted("t19", 1_900);
        estimators.onCompleted("t19", 1_950);
        EstimatorSnapshot enough = estimators.snapshot(2_000);
        // 20 arrivals in the 2 s since the first event; 20 services of 50 ms each
        assertThat(enough.lambdaPerSecond()).isEqualTo(Estimate.known(10.0, 20));
        assertThat(enough.muPerSecond()).isEqualTo(Estimate.known(20.0, 20));
    }

    @Test
    void noElapsedTimeMeansUnknownNotInfinite() {
        ServerEstimators estimators = new ServerEstimators();
        for (int i = 0; i < 50; i++) {
            estimators.onEnqueued("t" + i, 5_000);
            estimators.onStarted("t" + i, 5_000);
            estimators.onCompleted("t" + i, 5_000);
        }
        EstimatorSnapshot snapshot = estimators.snapshot(5_000);
        assertThat(snapshot.lambdaPerSecond()).isEqualTo(Estimate.unknown(50));
        assertThat(snapshot.muPerSecond()).isEqualTo(Estimate.unknown(50));
        assertThat(snapshot.alphaCPerSecond()).isEqualTo(Estimate.unknown(50));
    }

    @Test
    void beforeTheWindowFillsTIsTheTimeSinceTheFirstEvent() {
        ServerEstimators estimators = new ServerEstimators(window(60_000, 60));
        for (int i = 0; i < 40; i++) {
            estimators.onEnqueued("t" + i, 100_000 + i * 250L); // 4 per second from t = 100 s
        }
        EstimatorSnapshot snapshot = estimators.snapshot(110_000);
        assertThat(snapshot.observedMillis()).isEqualTo(10_000);
        assertThat(snapshot.lambdaPerSecond().value()).isCloseTo(4.0, within(1e-12));
        // once full, the window is the bucket of now and the 59 before it: T runs from the oldest
        // one's start
        assertThat(estimators.snapshot(200_500).observedMillis())
                .isEqualTo(59_500); // 59.5 buckets of 1 s
    }

    @Test
    void theWindowForgetsOldRatesAndTracksAChange() {
        List<LifecycleEvent> events =
                new ArrayList<>(SyntheticStreams.reneging(3, 2, 10, 0, 300, 0, "a"));
        events.addAll(SyntheticStreams.reneging(4, 8, 32, 0, 300, 300_000, "b"));
        ServerEstimators estimators = new ServerEstimators(window(60_000, 60));
        List<EstimatorSnapshot> snapshots = new ArrayList<>();
        for (LifecycleEvent event : events) {
            if (snapshots.isEmpty() && event.timeMillis() > 290_000) {
                snapshots.add(estimators.snapshot(290_000));
            }
            event.feed(estimators);
        }
        EstimatorSnapshot before = snapshots.get(0);
        EstimatorSnapshot after = estimators.snapshot(600_000);
        assertThat(before.lambdaPerSecond().value())
                .isCloseTo(2, within(4 * 2 / Math.sqrt(before.lambdaPerSecond().count())));
        assertThat(before.muPerSecond().value())
                .isCloseTo(10, within(4 * 10 / Math.sqrt(before.muPerSecond().count())));
        assertThat(after.lambdaPerSecond().value())
                .isCloseTo(8, within(4 * 8 / Math.sqrt(after.lambdaPerSecond().count())));
        assertThat(after.muPerSecond().value())
                .isCloseTo(32, within(4 * 32 / Math.sqrt(after.muPerSecond().count())));
        // a window later with no events, everything is forgotten
        assertThat(estimators.snapshot(700_000).lambdaPerSecond()).isEqualTo(Estimate.unknown(0));
    }

    @Test
    void outOfOrderEventsInsideTheWindowGiveTheSameEstimatesAsInOrder() {
        List<LifecycleEvent> inOrder =
                new ArrayList<>(SyntheticStreams.reneging(5, 5, 6, 2, 600, 0, "t"));
        inOrder.addAll(SyntheticStreams.cancelRestore(6, 1, 0.5, 600));
        inOrder.sort(Comparator.comparingLong(LifecycleEvent::timeMillis));
        // each task delayed by its own random 0-5 s: tasks interleave out of time order, a task's
        // own order holds
        Random random = new Random(8);
        java.util.Map<String, Long> delayByTask = new java.util.HashMap<>();
        List<LifecycleEvent> shuffled = new ArrayList<>(inOrder);
        shuffled.sort(
                Comparator.comparingLong(
                        event ->
                                event.timeMillis()
                                        + delayByTask.computeIfAbsent(
                                                event.taskId(),
                                                id -> (long) random.nextInt(5_000))));
        assertThat(shuffled).isNotEqualTo(inOrder);

        EstimatorConfig config = window(60_000, 60);
        ServerEstimators ordered = new ServerEstimators(config);
        ServerEstimators late = new ServerEstimators(config);
        LifecycleEvent.feedAll(inOrder, ordered);
        LifecycleEvent.feedAll(shuffled, late);

        EstimatorSnapshot expected = ordered.snapshot(600_000);
        EstimatorSnapshot actual = late.snapshot(600_000);
        assertThat(actual.lambdaPerSecond()).isEqualTo(expected.lambdaPerSecond());
        assertThat(actual.muPerSecond()).isEqualTo(expected.muPerSecond());
        assertThat(actual.alphaCPerSecond()).isEqualTo(expected.alphaCPerSecond());
        assertThat(actual.etaPerSecond()).isEqualTo(expected.etaPerSecond());
        assertThat(actual.lateEvents()).isZero();
        assertThat(actual.muPerSecond().isKnown()).isTrue();
    }

    @Test
    void aLateCompletionCountsInItsOwnBucketWhileThatBucketIsInTheWindow() {
        ServerEstimators estimators = new ServerEstimators(window(10_000, 10));
        EstimatorConfig config = estimators.getConfig();
        config.setMinCompletions(1);
        estimators.onEnqueued("x", 1_000);
        estimators.onStarted("x", 1_000);
        estimators.onEnqueued(
                "y", 9_500); // the newest event: the window now reaches back to bucket 0
        estimators.onCompleted("x", 1_500); // late, in bucket 1
        assertThat(estimators.snapshot(9_900).muPerSecond()).isEqualTo(Estimate.known(2.0, 1));
        assertThat(estimators.getLateEvents()).isZero();

        estimators.onEnqueued("z", 25_000); // the window moves to buckets 16..25
        estimators.onStarted(
                "y", 2_000); // older than the window: ignored by the sums, counted as late
        assertThat(estimators.getLateEvents()).isEqualTo(1);
        assertThat(estimators.snapshot(25_000).muPerSecond()).isEqualTo(Estimate.unknown(0));
    }

    @Test
    void waitingTimeOfTasksStillWaitingCountsAsExposure() {
        EstimatorConfig config = window(100_000, 10);
        config.setMinWaits(1);
        ServerEstimators estimators = new ServerEstimators(config);
        estimators.onEnqueued("a", 0);
        estimators.onAbandoned("a", 10_000); // waited 10 s, abandoned
        estimators.onEnqueued(
                "b", 0); // still waiting at 30 s: 30 s of exposure without an abandonment
        assertThat(estimators.snapshot(30_000).alphaCPerSecond())
                .isEqualTo(Estimate.known(1 / 40.0, 1));
    }

    @Test
    void memoryStaysBoundedUnderAHugeEventRate() {
        EstimatorConfig config = window(10_000, 10);
        config.setMaxOpenTasks(1_000);
        ServerEstimators estimators = new ServerEstimators(config);
        int tasks = 100_000;
        TaskLifecycle[] lifecycle = {
            TaskLifecycle.ENQUEUED, TaskLifecycle.STARTED, TaskLifecycle.COMPLETED
        };
        for (int i = 0; i < tasks; i++) {
            long timeMillis = i / 100; // 100 000 tasks per second
            estimators.onEnqueued("never-ends-" + i, timeMillis);
            for (TaskLifecycle type : lifecycle) {
                estimators.onEvent(type, "t" + i, timeMillis);
            }
        }
        int open = estimators.getOpenTasks().getByTaskId().size();
        assertThat(open).isLessThanOrEqualTo(1_000);
        assertThat(estimators.getOpenTasks().getEvicted()).isEqualTo(tasks - open);
        assertThat(estimators.getWindow().getRing()).hasSize(10);
        EstimatorSnapshot snapshot = estimators.snapshot(999);
        assertThat(snapshot.lambdaPerSecond().value()).isCloseTo(200_000, within(200_000 * 0.01));
    }

    @Test
    void evictionDropsTheLeastRecentlyChangedTasks() {
        EstimatorConfig config = new EstimatorConfig();
        config.setMaxOpenTasks(32);
        ServerEstimators estimators = new ServerEstimators(config);
        Map<String, OpenTask> open = estimators.getOpenTasks().getByTaskId();
        estimators.onEnqueued("old", 0);
        for (int i = 1; i < 32; i++) {
            estimators.onEnqueued("t" + i, 1_000 + i);
        }
        estimators.onStarted("old", 5_000); // now the most recently changed
        estimators.onEnqueued("newcomer", 6_000); // full: evicts the two oldest (32/16)
        assertThat(open).containsKeys("old", "newcomer").doesNotContainKeys("t1", "t2").hasSize(31);
        assertThat(estimators.getOpenTasks().getEvicted()).isEqualTo(2);
        estimators.onStarted("t1", 7_000);
        assertThat(estimators.getUnmatchedEvents()).isEqualTo(1);
    }

    @Test
    void anUnknownEventTypeChangesNothingButTheUnmatchedCount() {
        ServerEstimators estimators = new ServerEstimators();
        estimators.onEvent(TaskLifecycle.UNKNOWN, "t", 1_000);
        assertThat(estimators.getUnmatchedEvents()).isEqualTo(1);
        assertThat(estimators.snapshot(2_000).lambdaPerSecond()).isEqualTo(Estimate.unknown(0));
    }

    @Test
    void settingsOutOfRangeAreRejectedByName() {
        EstimatorConfig config = window(1_000, 7);
        assertThatThrownBy(() -> new ServerEstimators(config))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("windowMillis")
                .hasMessageContaining("1000");
        EstimatorConfig noOpenTasks = new EstimatorConfig();
        noOpenTasks.setMaxOpenTasks(0);
        assertThatThrownBy(() -> new ServerEstimators(noOpenTasks))
                .hasMessage("maxOpenTasks must be >= 1 (got 0)");
        EstimatorConfig zeroMinimum = new EstimatorConfig();
        zeroMinimum.setMinWaits(0);
        assertThatThrownBy(() -> new ServerEstimators(zeroMinimum))
                .hasMessage("minWaits must be >= 1 (got 0)");
    }
}
