package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TaskPlacerTest {
    private static final PolicyConfig CONFIG =
            PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE).withRouter(0, 3);

    /** A one-slot server's report: idle or holding {@code queue} tasks, of nominal rate mu. */
    private static ServerSnapshot report(
            String id, long at, int queue, double mu, long tasksReceived) {
        return new ServerSnapshot(id, at, true, queue, queue > 0, mu, 0, 0, 0)
                .withTasksReceived(tasksReceived);
    }

    private static TaskPlacer placer(int routers, long expiryMillis, long seed) {
        return new TaskPlacer(
                routers,
                expiryMillis,
                Policies.create(TaskPlacer.asOneRouter(CONFIG), new SplittableRandom(seed)));
    }

    private static void beat(TaskPlacer placer, ServerSnapshot report, long now) {
        placer.onSnapshot(report, List.of(), Long.MIN_VALUE, now);
    }

    /**
     * Two idle servers, "fast" and "slow". A report of "fast" sent before the first task reached it
     * still shows it idle: the placer counts that task in flight and sends the next to "slow",
     * where a router seeing only that report would send it to "fast" too.
     */
    @Test
    void aPlacedTaskCountsOnItsServerUntilAReportAcknowledgesIt() {
        TaskPlacer placer = placer(2, 2_000, 1);
        beat(placer, report("fast", 0, 0, 9, 0), 0);
        beat(placer, report("slow", 0, 0, 1, 0), 0);
        TaskPlacer.Placement first = placer.place("t1", "t1", 10);
        assertThat(first.serverId()).isEqualTo("fast");
        assertThat(first.rule()).isEqualTo(Rule.IDLE_QUEUE);
        beat(placer, report("fast", 5, 0, 9, 0), 20);
        TaskPlacer.Placement second = placer.place("t2", "t2", 30);
        assertThat(second.serverId()).isEqualTo("slow");
        assertThat(second.rule()).isEqualTo(Rule.IDLE_QUEUE);
        // both busy, in flight: the third goes to the lowest K, the fast server's second task
        TaskPlacer.Placement third = placer.place("t3", "t3", 40);
        assertThat(third.serverId()).isEqualTo("fast");
        assertThat(third.rule()).isEqualTo(Rule.MIN_K);
        // "fast" served t1 and t3 and reports idle, acknowledging both: it is idle again
        placer.onSnapshot(report("fast", 60, 0, 9, 2), List.of("t1", "t3"), Long.MIN_VALUE, 70);
        TaskPlacer.Placement fourth = placer.place("t4", "t4", 80);
        assertThat(fourth.serverId()).isEqualTo("fast");
        assertThat(fourth.rule()).isEqualTo(Rule.IDLE_QUEUE);
    }

    @Test
    void aTaskNoReportAcknowledgesStopsCountingAfterTheExpiry() {
        TaskPlacer placer = placer(2, 500, 1);
        beat(placer, report("fast", 0, 0, 9, 0), 0);
        beat(placer, report("slow", 0, 0, 1, 0), 0);
        assertThat(placer.place("t1", "t1", 100).serverId()).isEqualTo("fast");
        beat(placer, report("fast", 550, 0, 9, 0), 600);
        assertThat(placer.place("t2", "t2", 600).serverId()).isEqualTo("slow");
        beat(placer, report("fast", 650, 0, 9, 0), 601);
        assertThat(placer.place("t3", "t3", 601).serverId()).isEqualTo("fast");
    }

    @Test
    void aListCutShortAcknowledgesEveryTaskPlacedByItsTime() {
        TaskPlacer placer = placer(2, 2_000, 1);
        beat(placer, report("fast", 0, 0, 9, 0), 0);
        beat(placer, report("slow", 0, 0, 1, 0), 0);
        placer.place("t1", "t1", 10);
        placer.onSnapshot(report("fast", 30, 0, 9, 1), List.of(), 10, 40);
        assertThat(placer.place("t2", "t2", 50).serverId()).isEqualTo("fast");
    }

    @Test
    void theRoutersTakeTurnsCarryingTheTasksOut() {
        TaskPlacer placer = placer(3, 2_000, 1);
        beat(placer, report("s", 0, 2, 1, 5), 0);
        List<Integer> routers = new ArrayList<>();
        for (int t = 0; t < 7; t++) {
            routers.add(placer.place("t" + t, "t" + t, t).router());
        }
        assertThat(routers).containsExactly(0, 1, 2, 0, 1, 2, 0);
    }

    @Test
    void withNoLiveServerNothingIsNamedAndAServerRemovedIsNotChosen() {
        TaskPlacer placer = placer(2, 2_000, 1);
        assertThat(placer.place("t0", "t0", 0).named()).isFalse();
        beat(placer, report("a", 0, 0, 9, 0), 0);
        beat(placer, report("b", 0, 3, 1, 4), 0);
        placer.onServerRemoved("a");
        TaskPlacer.Placement placed = placer.place("t1", "t1", 10);
        assertThat(placed.serverId()).isEqualTo("b");
        assertThat(placed.rule()).isEqualTo(Rule.MIN_K);
        beat(placer, ServerSnapshot.down("b", 20), 20);
        assertThat(placer.place("t2", "t2", 30)).isEqualTo(TaskPlacer.Placement.NONE);
    }

    /**
     * The placer against one router fed the same reports: tasks reach their servers at once and the
     * next report acknowledges them, so both see the same fleet and, with the same seed, choose the
     * same server by the same rule for every task.
     */
    @Test
    void itDecidesEveryTaskAsOneRouterWouldOverTheWholeFleet() {
        RoutingPolicy one =
                Policies.create(TaskPlacer.asOneRouter(CONFIG), new SplittableRandom(3));
        TaskPlacer placer = placer(4, 10_000, 3);
        SplittableRandom random = new SplittableRandom(11);
        int servers = 40; // speeds in three classes, so that ties are common
        long[] received = new long[servers];
        int[] queue = new int[servers];
        int idleDecisions = 0;
        for (int s = 0; s < servers; s++) {
            ServerSnapshot r = report("s" + s, 0, 0, 1 + s % 3, 0);
            one.onSnapshot(r);
            beat(placer, r, 0);
        }
        for (long t = 1; t <= 5_000; t++) {
            for (int k = random.nextInt(3); k > 0; k--) {
                int s = random.nextInt(servers);
                queue[s] = Math.max(0, queue[s] - 1);
                ServerSnapshot r = report("s" + s, t, queue[s], 1 + s % 3, received[s]);
                one.onSnapshot(r);
                beat(placer, r, t);
            }
            TaskPlacer.Placement placed = placer.place("task-" + t, "task-" + t, t);
            Decision d = one.route("task-" + t, t).orElseThrow();
            assertThat(placed.serverId()).as("task %d", t).isEqualTo(d.serverId());
            assertThat(placed.rule()).as("task %d", t).isEqualTo(d.rule());
            if (d.rule() == Rule.IDLE_QUEUE) {
                idleDecisions++;
            }
            int target = Integer.parseInt(d.serverId().substring(1));
            queue[target]++;
            received[target]++;
            ServerSnapshot ack =
                    report(d.serverId(), t, queue[target], 1 + target % 3, received[target]);
            one.onSnapshot(ack);
            placer.onSnapshot(ack, List.of("task-" + t), Long.MIN_VALUE, t);
        }
        assertThat(idleDecisions).isBetween(500, 4_500);
    }

    @Test
    void onlyRoutersWithAnIdleQueueArePlaced() {
        assertThat(TaskPlacer.appliesTo(PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE))).isFalse();
        assertThat(TaskPlacer.appliesTo(CONFIG)).isTrue();
        assertThat(TaskPlacer.appliesTo(PolicyConfig.of(PolicyName.JSQ).withRouter(0, 2)))
                .isFalse();
        assertThat(
                        TaskPlacer.appliesTo(
                                PolicyConfig.of(PolicyName.HEARTBEAT_K)
                                        .withRouter(0, 2)
                                        .withIdleQueue(false)))
                .isFalse();
        assertThat(TaskPlacer.asOneRouter(CONFIG).routerCount()).isEqualTo(1);
        assertThat(
                        TaskPlacer.behindPlacer(
                                        PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE)
                                                .withRouter(1, 2))
                                .fallback())
                .isEqualTo(FallbackRule.WHOLE_VIEW);
        assertThat(
                        TaskPlacer.behindPlacer(PolicyConfig.of(PolicyName.JSQ).withRouter(1, 2))
                                .fallback())
                .isEqualTo(PolicyConfig.DEFAULT_FALLBACK);
        assertThatThrownBy(() -> placer(0, 1, 1)).hasMessageContaining("routerCount");
    }
}
