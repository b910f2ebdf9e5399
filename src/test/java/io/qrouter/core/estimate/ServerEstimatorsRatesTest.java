package io.qrouter.core.estimate;

import static io.qrouter.core.estimate.TaskLifecycle.ABANDONED;
import static io.qrouter.core.estimate.TaskLifecycle.COMPLETED;
import static io.qrouter.core.estimate.TaskLifecycle.ENQUEUED;
import static io.qrouter.core.estimate.TaskLifecycle.RESTORED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each estimator recovers the known rate of a seeded synthetic stream. Tolerance: 4 standard errors
 * of the estimate, i.e. rate/sqrt(n) for a rate made of n counted events (Poisson count, or the
 * exponential MLE n/total-exposure, whose relative standard error is 1/sqrt(n)); a correct
 * estimator fails this about once in 16 000 seeds, a biased one by more than 4 SE always does.
 */
class ServerEstimatorsRatesTest {
    private static final double LAMBDA = 5, MU = 6, ALPHA_C = 2, ETA = 0.5;
    private static final double SECONDS = 2_000;

    /**
     * A window holding the whole stream: 2020 s in 101 buckets of 20 s (the newest bucket starts at
     * the end).
     */
    private static ServerEstimators wholeStreamEstimators() {
        EstimatorConfig config = new EstimatorConfig();
        config.setWindowMillis(2_020_000);
        config.setBucketCount(101);
        return new ServerEstimators(config);
    }

    private static final List<LifecycleEvent> RENEGING =
            SyntheticStreams.reneging(7, LAMBDA, MU, ALPHA_C, SECONDS, 0, "t");
    private static final EstimatorSnapshot RENEGING_SNAPSHOT = snapshotAtEnd(RENEGING);

    private static EstimatorSnapshot snapshotAtEnd(List<LifecycleEvent> events) {
        ServerEstimators estimators = wholeStreamEstimators();
        LifecycleEvent.feedAll(events, estimators);
        return estimators.snapshot(Math.round(SECONDS * 1000));
    }

    private static double fourStandardErrors(double rate, long n) {
        return 4 * rate / Math.sqrt(n);
    }

    @Test
    void lambdaIsTheArrivalCountOverTheObservedTime() {
        long arrivals = LifecycleEvent.count(RENEGING, ENQUEUED);
        Estimate lambda = RENEGING_SNAPSHOT.lambdaPerSecond();
        assertThat(lambda.count()).isEqualTo(arrivals);
        assertThat(lambda.value()).isCloseTo(LAMBDA, within(fourStandardErrors(LAMBDA, arrivals)));
    }

    @Test
    void muFollowsEquationTwoOverCompletedServices() {
        long completions = LifecycleEvent.count(RENEGING, COMPLETED);
        Estimate mu = RENEGING_SNAPSHOT.muPerSecond();
        assertThat(mu.count()).isEqualTo(completions);
        assertThat(mu.value()).isCloseTo(MU, within(fourStandardErrors(MU, completions)));
    }

    @Test
    void alphaCIsTheExponentialPatienceMleOverAllWaits() {
        long abandonments = LifecycleEvent.count(RENEGING, ABANDONED);
        assertThat(abandonments).as("the stream must exercise patience").isGreaterThan(1_000);
        assertThat(RENEGING_SNAPSHOT.alphaCPerSecond().value())
                .isCloseTo(ALPHA_C, within(fourStandardErrors(ALPHA_C, abandonments)));
    }

    @Test
    void thetaCountsCompletionsAndAbandonments() {
        long exits =
                LifecycleEvent.count(RENEGING, COMPLETED)
                        + LifecycleEvent.count(RENEGING, ABANDONED);
        assertThat(RENEGING_SNAPSHOT.exitRateThetaPerSecond().count()).isEqualTo(exits);
        // in steady state every arrival leaves: theta estimates lambda
        assertThat(RENEGING_SNAPSHOT.exitRateThetaPerSecond().value())
                .isCloseTo(LAMBDA, within(fourStandardErrors(LAMBDA, exits)));
    }

    @Test
    void etaIsRecoveriesOverTimeCancelled() {
        List<LifecycleEvent> events = SyntheticStreams.cancelRestore(11, 2, ETA, SECONDS);
        long recoveries = LifecycleEvent.count(events, RESTORED);
        EstimatorSnapshot snapshot = snapshotAtEnd(events);
        assertThat(snapshot.etaPerSecond().value())
                .isCloseTo(ETA, within(fourStandardErrors(ETA, recoveries)));
        // the waits ended by cancellation saw no abandonment
        assertThat(snapshot.alphaCPerSecond().value()).isZero();
    }

    @Test
    void theSameStreamMixedWithAnotherKeepsEachRate() {
        List<LifecycleEvent> mixed = new ArrayList<>(RENEGING);
        mixed.addAll(SyntheticStreams.cancelRestore(13, 1, ETA, SECONDS));
        mixed.sort(Comparator.comparingLong(LifecycleEvent::timeMillis));
        EstimatorSnapshot snapshot = snapshotAtEnd(mixed);
        long recoveries = LifecycleEvent.count(mixed, RESTORED);
        long completions = LifecycleEvent.count(mixed, COMPLETED);
        assertThat(snapshot.muPerSecond().value())
                .isCloseTo(MU, within(fourStandardErrors(MU, completions)));
        assertThat(snapshot.etaPerSecond().value())
                .isCloseTo(ETA, within(fourStandardErrors(ETA, recoveries)));
        assertThat(snapshot.unmatchedEvents()).isZero();
    }
}
