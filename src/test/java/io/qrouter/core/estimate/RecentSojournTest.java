package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The recent sojourn time the model-free peers use as a server's latency, on hand-worked events.
 */
class RecentSojournTest {

    /** One-second buckets over ten seconds: the recent span is the newest two buckets. */
    private static ServerEstimators estimators() {
        EstimatorConfig config = new EstimatorConfig();
        config.setWindowMillis(10_000);
        config.setBucketCount(10);
        return new ServerEstimators(config);
    }

    private static void serve(ServerEstimators e, String task, long at, long wait, long service) {
        e.onEnqueued(task, at);
        e.onStarted(task, at + wait);
        e.onCompleted(task, at + wait + service);
    }

    /** Wait plus service, in seconds. */
    private static double sojourn(EstimatorSnapshot s) {
        return s.recentWaitSeconds().value() + s.recentServiceSeconds().value();
    }

    @Test
    void unknownUntilATaskCompletes() {
        ServerEstimators e = estimators();
        e.onEnqueued("t1", 100);
        assertThat(e.snapshot(500).recentServiceSeconds().isKnown()).isFalse();
    }

    @Test
    void isTheMeanWaitPlusTheMeanServiceOfTheRecentTasks() {
        ServerEstimators e = estimators();
        // two tasks in bucket 0: waits 100 and 300 ms, services 200 and 400 ms
        serve(e, "t1", 0, 100, 200);
        serve(e, "t2", 100, 300, 400);
        EstimatorSnapshot s = e.snapshot(900);
        assertThat(s.recentWaitSeconds().value()).isCloseTo(0.2, within(1e-12));
        assertThat(s.recentServiceSeconds().value()).isCloseTo(0.3, within(1e-12));
    }

    @Test
    void followsASlowdownWithinTwoBucketsNotTheWholeWindow() {
        ServerEstimators e = estimators();
        for (int i = 0; i < 5; i++) {
            serve(e, "fast" + i, i * 1000L, 0, 100);
        }
        // in buckets 6 and 7 the server takes 900 ms a task; the window still holds the fast ones
        serve(e, "slow1", 6_000, 0, 900);
        serve(e, "slow2", 7_000, 0, 900);
        assertThat(sojourn(e.snapshot(7_950))).isCloseTo(0.9, within(1e-12));
        assertThat(e.snapshot(7_950).muPerSecond().isKnown()).isFalse(); // fewer than 20 yet
    }

    @Test
    void aTaskStillWaitingCountsByLittlesLaw() {
        ServerEstimators e = estimators();
        serve(e, "t1", 0, 0, 200);
        // t2 waits from 1000 ms and is still waiting at 1800 ms: the span's 800 ms of waiting over
        // the one wait that ended there (t1's, of 0 ms) is a mean wait of 800 ms
        e.onEnqueued("t2", 1_000);
        assertThat(sojourn(e.snapshot(1_800))).isCloseTo(0.8 + 0.2, within(1e-12));
    }

    @Test
    void withoutARecentCompletionTheWindowsMeanServiceStandsIn() {
        ServerEstimators e = estimators();
        serve(e, "t1", 0, 0, 300);
        serve(e, "t2", 1_000, 0, 500);
        // at 5.5 s the span (buckets 4 and 5) holds nothing: 0 wait + the window's mean service
        assertThat(sojourn(e.snapshot(5_500))).isCloseTo(0.4, within(1e-12));
    }

    @Test
    void theRecentServiceEvidenceCountsTheNewestBucketsCompletionsAndTheOpenServiceSoFar() {
        ServerEstimators e = estimators();
        serve(e, "old", 5_000, 0, 700); // completes in bucket 5, before the recent span
        serve(e, "done", 8_000, 0, 300); // completes in bucket 8
        e.onEnqueued("running", 9_000);
        e.onStarted("running", 9_000);
        ServiceEvidence recent = e.snapshot(9_800).recentService();
        assertThat(recent.completions()).isEqualTo(1);
        assertThat(recent.serviceSeconds()).isCloseTo(0.3 + 0.8, within(1e-12));
    }
}
