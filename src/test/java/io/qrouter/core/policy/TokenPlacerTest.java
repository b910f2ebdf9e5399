package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TokenPlacerTest {
    private static final int ROUTERS = 2;

    /** A one-slot server's report: idle or holding {@code queue} tasks, of nominal rate mu. */
    private static ServerSnapshot report(
            String id, long at, int queue, double mu, long tasksReceived) {
        return new ServerSnapshot(id, at, true, queue, queue > 0, mu, 0, 0, 0)
                .withTasksReceived(tasksReceived);
    }

    /** The first server ids "s0", "s1", … that router {@code r} owns while idle with 0 tasks. */
    private static List<String> ownedBy(int r, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; ids.size() < count; i++) {
            if (RouterOwnership.ownerOf("s" + i, 0, ROUTERS) == r) {
                ids.add("s" + i);
            }
        }
        return ids;
    }

    @Test
    void aTaskGoesToTheRouterWithTheMostIdleServersLeft() {
        TokenPlacer placer = new TokenPlacer(ROUTERS, 2_000, new SplittableRandom(1));
        for (String id : ownedBy(1, 3)) {
            placer.onSnapshot(report(id, 0, 0, 1, 0), 0);
        }
        placer.onSnapshot(report(ownedBy(0, 1).get(0), 0, 0, 1, 0), 0);
        // 1 holds three idle servers and 0 one: 1, 1, then a tie, then whoever has one left
        assertThat(placer.place(1).router()).isEqualTo(1);
        assertThat(placer.place(2).router()).isEqualTo(1);
        assertThat(placer.idleLeft(0)).isEqualTo(1);
        assertThat(placer.idleLeft(1)).isEqualTo(1);
        int third = placer.place(3).router();
        assertThat(placer.place(4).router()).isEqualTo(1 - third);
        assertThat(placer.idleLeft(0) + placer.idleLeft(1)).isZero();
    }

    @Test
    void withNoIdleServerAnywhereTasksGoToTheFallbackRouterAndMarkNothing() {
        TokenPlacer placer = new TokenPlacer(ROUTERS, 2_000, new SplittableRandom(7));
        placer.onSnapshot(report("busy", 0, 3, 1, 9), 0);
        for (int t = 0; t < 100; t++) {
            assertThat(placer.place(t).router()).isEqualTo(TokenPlacer.FALLBACK_ROUTER);
        }
        String idle = ownedBy(1, 1).get(0);
        placer.onSnapshot(report(idle, 1_000, 0, 1, 0), 1_000);
        assertThat(placer.place(1_001).router()).isEqualTo(1);
        assertThat(placer.place(1_002).router()).isEqualTo(TokenPlacer.FALLBACK_ROUTER);
    }

    @Test
    void aReportSentBeforeTheTaskArrivedKeepsTheServerTaken() {
        String id = ownedBy(0, 1).get(0);
        TokenPlacer placer = new TokenPlacer(ROUTERS, 2_000, new SplittableRandom(1));
        placer.onSnapshot(report(id, 0, 0, 1, 0), 0);
        assertThat(placer.place(10).router()).isEqualTo(0);
        // a heartbeat sent before the task reached the server: still idle, still 0 received
        placer.onSnapshot(report(id, 5, 0, 1, 0), 20);
        assertThat(placer.idleLeft(0)).isZero();
        // the task arrives and is served; the server is idle again with one task received,
        // a new idle period with an owner of its own
        placer.onSnapshot(report(id, 30, 1, 1, 1), 40);
        placer.onSnapshot(report(id, 50, 0, 1, 1), 60);
        int owner = RouterOwnership.ownerOf(id, 1, ROUTERS);
        assertThat(placer.idleLeft(owner)).isEqualTo(1);
        assertThat(placer.idleLeft(1 - owner)).isZero();
    }

    @Test
    void aTakenServerWhoseTaskNoReportAcknowledgesIsReleasedAfterTheExpiry() {
        String id = ownedBy(1, 1).get(0);
        TokenPlacer placer = new TokenPlacer(ROUTERS, 500, new SplittableRandom(1));
        placer.onSnapshot(report(id, 0, 0, 1, 0), 0);
        placer.place(100);
        placer.onSnapshot(report(id, 550, 0, 1, 0), 600);
        assertThat(placer.idleLeft(1)).isZero();
        placer.onSnapshot(report(id, 650, 0, 1, 0), 601);
        assertThat(placer.idleLeft(1)).isEqualTo(1);
    }

    @Test
    void aReportOvertakenByANewerOneIsIgnoredAsTheRoutersIgnoreIt() {
        String id = ownedBy(0, 1).get(0);
        TokenPlacer placer = new TokenPlacer(ROUTERS, 2_000, new SplittableRandom(1));
        placer.onSnapshot(report(id, 100, 2, 1, 5), 110);
        placer.onSnapshot(report(id, 50, 0, 1, 0), 120);
        assertThat(placer.idleLeft(0) + placer.idleLeft(1)).isZero();
        placer.onSnapshot(ServerSnapshot.down(id, 200), 210);
        placer.onSnapshot(report(id, 300, 0, 1, 0), 310);
        assertThat(placer.idleLeft(0)).isEqualTo(1);
        placer.onServerRemoved(id);
        assertThat(placer.idleLeft(0)).isZero();
    }

    /**
     * The mirror against the routers themselves: the same reports, in the same order, to four
     * heartbeat-k-live routers and the placer; every task placed where the placer expects an idle
     * server must be an idle-queue decision there, and every router's idle queue must be as long as
     * the placer's mirror of it after every decision.
     */
    @Test
    void theMirrorMatchesEveryRoutersIdleQueueDecisionByDecision() {
        int routers = 4;
        SplittableRandom random = new SplittableRandom(11);
        List<RoutingPolicy> rs = new ArrayList<>();
        for (int r = 0; r < routers; r++) {
            rs.add(
                    Policies.create(
                            PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE).withRouter(r, routers),
                            new SplittableRandom(100 + r)));
        }
        TokenPlacer placer = new TokenPlacer(routers, 10_000, new SplittableRandom(3));
        int servers = 40; // speeds in three classes, so that ties are common
        long[] received = new long[servers];
        int[] queue = new int[servers];
        int idleDecisions = 0;
        for (int s = 0; s < servers; s++) {
            ServerSnapshot r = report("s" + s, 0, 0, 1 + s % 3, 0);
            rs.forEach(p -> p.onSnapshot(r));
            placer.onSnapshot(r, 0);
        }
        for (long t = 1; t <= 5_000; t++) {
            // servers finish about one task per task sent, so idle servers come and go
            for (int k = random.nextInt(3); k > 0; k--) {
                int s = random.nextInt(servers);
                if (queue[s] > 0) {
                    queue[s]--;
                }
                ServerSnapshot r = report("s" + s, t, queue[s], 1 + s % 3, received[s]);
                rs.forEach(p -> p.onSnapshot(r));
                placer.onSnapshot(r, t);
            }
            boolean expectIdle = false;
            for (int i = 0; i < routers; i++) {
                expectIdle |= placer.idleLeft(i) > 0;
            }
            TokenPlacer.Placement placed = placer.place(t);
            int chosen = placed.router();
            Decision d = rs.get(chosen).route("task-" + t, t).orElseThrow();
            assertThat(d.rule() == Rule.IDLE_QUEUE).as("task %d", t).isEqualTo(expectIdle);
            assertThat(placed.named()).as("task %d", t).isEqualTo(expectIdle);
            if (expectIdle) {
                // the router, left to itself, takes the very server the placement names
                assertThat(d.serverId()).as("task %d", t).isEqualTo(placed.serverId());
            }
            assertThat(d.idleQueueLength()).as("task %d", t).isEqualTo(placer.idleLeft(chosen));
            if (expectIdle) {
                idleDecisions++;
            }
            // the task arrives at once: the server's next report counts it
            int target = Integer.parseInt(d.serverId().substring(1));
            queue[target]++;
            received[target]++;
            ServerSnapshot ack =
                    report(d.serverId(), t, queue[target], 1 + target % 3, received[target]);
            rs.forEach(p -> p.onSnapshot(ack));
            placer.onSnapshot(ack, t);
        }
        assertThat(idleDecisions).isBetween(500, 4_500);
    }

    @Test
    void onlyRoutersWithTheIdleQueueItMirrorsArePlaced() {
        assertThat(TokenPlacer.appliesTo(PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE))).isFalse();
        assertThat(
                        TokenPlacer.appliesTo(
                                PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE).withRouter(0, 2)))
                .isTrue();
        assertThat(TokenPlacer.appliesTo(PolicyConfig.of(PolicyName.JSQ).withRouter(0, 2)))
                .isFalse();
        assertThat(
                        TokenPlacer.appliesTo(
                                PolicyConfig.of(PolicyName.HEARTBEAT_K)
                                        .withRouter(0, 2)
                                        .withIdleQueue(false)))
                .isFalse();
        assertThat(
                        TokenPlacer.behindPlacer(
                                        PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE)
                                                .withRouter(1, 2))
                                .fallback())
                .isEqualTo(FallbackRule.WHOLE_VIEW);
        assertThat(
                        TokenPlacer.behindPlacer(PolicyConfig.of(PolicyName.JSQ).withRouter(1, 2))
                                .fallback())
                .isEqualTo(PolicyConfig.DEFAULT_FALLBACK);
        assertThatThrownBy(() -> new TokenPlacer(0, 1, new SplittableRandom(1)))
                .hasMessageContaining("routerCount");
    }
}
