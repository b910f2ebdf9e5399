package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class UnacknowledgedTasksTest {

    @Test
    void anUpdateRemovesTheTasksItAcknowledgesAndCountsTheRest() {
        UnacknowledgedTasks<String> tasks = new UnacknowledgedTasks<>(1_000, 100);
        tasks.routed("a", "t1", "t1", 10);
        tasks.routed("a", "t2", "t2", 20);
        tasks.routed("a", "t3", "t3", 30);
        tasks.routed("b", "t4", "t4", 30);
        assertThat(tasks.pendingAfter("a", List.of("t2", "unknown"), Long.MIN_VALUE, 40))
                .isEqualTo(2);
        assertThat(tasks.pending("a")).isEqualTo(2);
        assertThat(tasks.pending("b")).as("another server's tasks are untouched").isEqualTo(1);
        assertThat(tasks.pendingAfter("a", List.of("t1", "t3"), Long.MIN_VALUE, 50)).isZero();
        assertThat(tasks.pendingAfter("nobody", List.of(), Long.MIN_VALUE, 50)).isZero();
    }

    @Test
    void inOrderATaskOlderThanOneAcknowledgedIsOvertakenAndNoLongerCounts() {
        UnacknowledgedTasks<String> inOrder = new UnacknowledgedTasks<>(1_000, 100, true);
        UnacknowledgedTasks<String> anyOrder = new UnacknowledgedTasks<>(1_000, 100);
        for (UnacknowledgedTasks<String> tasks : List.of(inOrder, anyOrder)) {
            tasks.routed("a", "t1", "t1", 10);
            tasks.routed("a", "t2", "t2", 20);
            tasks.routed("a", "t3", "t3", 20);
            tasks.routed("a", "t4", "t4", 30);
            tasks.routed("b", "t5", "t5", 5);
        }
        // t2 acknowledged: t1, decided before it, is passed over; t3, decided in the same
        // millisecond, may still come
        assertThat(inOrder.pendingAfter("a", List.of("t2"), Long.MIN_VALUE, 40)).isEqualTo(2);
        assertThat(inOrder.overtaken()).isEqualTo(1);
        assertThat(inOrder.pendingAt("a", 1)).isEqualTo(20);
        assertThat(inOrder.pending("b")).as("another server's tasks are untouched").isEqualTo(1);
        assertThat(anyOrder.pendingAfter("a", List.of("t2"), Long.MIN_VALUE, 40)).isEqualTo(3);
        assertThat(anyOrder.overtaken()).isZero();
        // an update that acknowledges nothing passes nothing over
        assertThat(inOrder.pendingAfter("a", List.of(), Long.MIN_VALUE, 50)).isEqualTo(2);
        assertThat(inOrder.pendingAfter("a", List.of("t4"), Long.MIN_VALUE, 60)).isZero();
        assertThat(inOrder.overtaken()).isEqualTo(2);
    }

    @Test
    void theRoundTripIsARunningMeanOfTheTasksAcknowledgedByName() {
        UnacknowledgedTasks<String> tasks = new UnacknowledgedTasks<>(1_000, 100);
        assertThat(tasks.meanRoundTripMillis()).isNaN();
        tasks.routed("a", "t1", "t1", 10);
        tasks.routed("a", "t2", "t2", 20);
        tasks.routed("a", "t3", "t3", 30);
        tasks.pendingAfter("a", List.of("t1"), Long.MIN_VALUE, 110);
        assertThat(tasks.meanRoundTripMillis()).as("the first: 110 - 10").isEqualTo(100.0);
        tasks.pendingAfter("a", List.of("t2"), Long.MIN_VALUE, 248);
        // 100 + (228 - 100) / 64 = 102
        assertThat(tasks.meanRoundTripMillis()).isEqualTo(102.0);
        // covered by an overflow or dropped by the timeout: no round trip known, none counted
        tasks.pendingAfter("a", List.of(), 30, 2_000);
        assertThat(tasks.meanRoundTripMillis()).isEqualTo(102.0);
    }

    @Test
    void tasksOlderThanTheTimeoutOrCoveredByAnOverflowNoLongerCount() {
        UnacknowledgedTasks<String> tasks = new UnacknowledgedTasks<>(100, 100);
        for (int i = 0; i < 10; i++) {
            tasks.routed("a", "t" + i, "t" + i, 10L * i);
        }
        // At 145 the timeout drops tasks decided before 45: t0..t4.
        assertThat(tasks.pendingAfter("a", List.of(), Long.MIN_VALUE, 145)).isEqualTo(5);
        // An incomplete acknowledgement list up to 70 covers t5..t7.
        assertThat(tasks.pendingAfter("a", List.of(), 70, 145)).isEqualTo(2);
        tasks.forget("a");
        assertThat(tasks.pending("a")).isZero();
    }

    @Test
    void aServerKeepsAtMostTheConfiguredNumberOfEntries() {
        UnacknowledgedTasks<String> tasks = new UnacknowledgedTasks<>(1_000_000, 3);
        for (int i = 0; i < 10; i++) {
            tasks.routed("a", "t" + i, "t" + i, i);
        }
        assertThat(tasks.pending("a")).isEqualTo(3);
        // The newest three are kept.
        assertThat(tasks.pendingAfter("a", List.of("t7", "t8", "t9"), Long.MIN_VALUE, 10)).isZero();
    }

    @Test
    void overdueNamesOnlyServersWhoseOldestTaskIsOlderThanTheCutoff() {
        UnacknowledgedTasks<String> tasks = new UnacknowledgedTasks<>(1_000_000, 100);
        tasks.routed("a", "t1", "t1", 10);
        tasks.routed("a", "t2", "t2", 50);
        tasks.routed("b", "t3", "t3", 40);
        tasks.routed("c", "t4", "t4", 5);
        assertThat(tasks.overdue(30, 1)).containsExactlyInAnyOrder("a", "c");
        assertThat(tasks.overdue(30, 2)).as("a second task before the cutoff").isEmpty();
        assertThat(tasks.overdue(51, 2)).containsExactly("a");
        assertThat(tasks.pendingAt("a", 1)).isEqualTo(10);
        assertThat(tasks.pendingAt("a", 2)).isEqualTo(50);
        assertThat(tasks.pendingAt("a", 3)).isEqualTo(Long.MAX_VALUE);
        // acknowledged, emptied, drained or forgotten: no longer overdue
        tasks.pendingAfter("c", List.of("t4"), Long.MIN_VALUE, 60);
        assertThat(tasks.overdue(30, 1)).containsExactly("a");
        assertThat(tasks.drain("a")).containsExactly("t1", "t2");
        assertThat(tasks.overdue(1_000, 1)).containsExactly("b");
        tasks.forget("b");
        assertThat(tasks.overdue(1_000, 1)).isEmpty();
        // a server routed to again after it emptied is watched again
        tasks.routed("c", "t5", "t5", 70);
        assertThat(tasks.overdue(1_000, 1)).containsExactly("c");
        assertThat(tasks.drain("nobody")).isEmpty();
    }

    @Test
    void theNewestAcknowledgedDecisionIsTheLatestTaskAnyServerListedOrAnOverflowCovered() {
        UnacknowledgedTasks<String> tasks = new UnacknowledgedTasks<>(100, 100);
        tasks.routed("a", "t1", "t1", 10);
        tasks.routed("a", "t2", "t2", 20);
        tasks.routed("b", "t3", "t3", 30);
        tasks.routed("b", "t4", "t4", 40);
        assertThat(tasks.newestAcknowledgedDecisionAt()).isEqualTo(Long.MIN_VALUE);
        tasks.pendingAfter("a", List.of("t2", "not-ours"), Long.MIN_VALUE, 50);
        assertThat(tasks.newestAcknowledgedDecisionAt()).isEqualTo(20);
        tasks.pendingAfter("a", List.of("t1"), Long.MIN_VALUE, 60);
        assertThat(tasks.newestAcknowledgedDecisionAt()).as("never goes back").isEqualTo(20);
        tasks.pendingAfter("b", List.of(), 35, 60);
        assertThat(tasks.newestAcknowledgedDecisionAt()).as("t3, by the overflow").isEqualTo(30);
        tasks.pendingAfter("b", List.of(), Long.MIN_VALUE, 200);
        assertThat(tasks.newestAcknowledgedDecisionAt())
                .as("t4 expired, which acknowledges nothing")
                .isEqualTo(30);
    }

    @Test
    void badBoundsAreRefused() {
        assertThatThrownBy(() -> new UnacknowledgedTasks<String>(0, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UnacknowledgedTasks<String>(1, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
