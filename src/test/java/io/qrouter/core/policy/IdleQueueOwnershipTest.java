package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class IdleQueueOwnershipTest {

    @Test
    void severalRoutersSendToDisjointIdleServersCoveringAllOfThem() {
        int routers = 4;
        int servers = 400;
        for (PolicyName name :
                List.of(PolicyName.JIQ, PolicyName.HEARTBEAT_K, PolicyName.HEARTBEAT_K_LIVE)) {
            List<RoutingPolicy> rs = new ArrayList<>();
            for (int r = 0; r < routers; r++) {
                rs.add(
                        Policies.create(
                                PolicyConfig.of(name).withRouter(r, routers),
                                new SplittableRandom(r)));
            }
            for (int i = 0; i < servers; i++) {
                ServerSnapshot idle =
                        new ServerSnapshot("srv-" + i, 0, true, 0, false, 1, 0.2, 1, 0.1);
                rs.forEach(p -> p.onSnapshot(idle));
            }
            Set<String> taken = new HashSet<>();
            int[] perRouter = new int[routers];
            for (int r = 0; r < routers; r++) {
                RoutingPolicy p = rs.get(r);
                int idleBefore = countIdleFor(r, routers, servers);
                for (int t = 0; t < idleBefore; t++) {
                    Decision d = p.route("t", 1).orElseThrow();
                    assertThat(d.rule())
                            .as("%s router %d task %d", name, r, t)
                            .isEqualTo(Rule.IDLE_QUEUE);
                    assertThat(RouterOwnership.ownerOf(d.serverId(), routers)).isEqualTo(r);
                    assertThat(taken.add(d.serverId()))
                            .as("server sent twice from an idle queue")
                            .isTrue();
                    assertThat(d.idleQueueLength()).isEqualTo(idleBefore - t - 1);
                }
                perRouter[r] = idleBefore;
                // its own idle queue is now empty: the next task is not an idle-queue decision
                assertThat(p.route("t", 1).orElseThrow().rule()).isNotEqualTo(Rule.IDLE_QUEUE);
            }
            assertThat(taken).hasSize(servers);
            for (int r = 0; r < routers; r++) {
                // a hash partition: every router owns a fair share (binomial, sd ≈ 9 of 100)
                assertThat(perRouter[r]).isBetween(60, 140);
            }
        }
    }

    @Test
    void aServerRejoinsTheIdleQueueOnlyWhenAReportSaysItIsIdleAgain() {
        RoutingPolicy p = Policies.create("jiq", new SplittableRandom(1));
        p.onSnapshot(ServerSnapshot.ofQueue("a", 0, 0, 1));
        p.onSnapshot(ServerSnapshot.ofQueue("b", 0, 3, 1));
        assertThat(p.route("t", 1).orElseThrow().rule()).isEqualTo(Rule.IDLE_QUEUE);
        assertThat(p.route("t", 1).orElseThrow().rule()).isEqualTo(Rule.RANDOM);
        p.onSnapshot(ServerSnapshot.ofQueue("a", 2, 1, 1));
        p.onSnapshot(ServerSnapshot.ofQueue("a", 3, 0, 1));
        Decision d = p.route("t", 4).orElseThrow();
        assertThat(d.rule()).isEqualTo(Rule.IDLE_QUEUE);
        assertThat(d.serverId()).isEqualTo("a");
        p.onSnapshot(ServerSnapshot.ofQueue("a", 5, 0, 1));
        p.onSnapshot(ServerSnapshot.down("a", 6));
        assertThat(p.route("t", 7).orElseThrow().serverId()).isEqualTo("b");
    }

    @Test
    void aFallbackRouterCountsTheOwnersTaskOnTopOfTheTasksItSentThere() {
        String othersIdle = idOwnedBy(1, 2);
        RoutingPolicy router0 =
                Policies.create(
                        TaskPlacer.behindPlacer(
                                PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE).withRouter(0, 2)),
                        new SplittableRandom(5));
        // idle, but router 1's: its owner is sending it a task, so it ranks as holding one
        router0.onSnapshot(new ServerSnapshot(othersIdle, 0, true, 0, false, 1.0, 0.5, 1.0, 0));
        // two a little faster servers, each with a task in service and one waiting
        for (String busy : List.of("busy-1", "busy-2")) {
            router0.onSnapshot(new ServerSnapshot(busy, 0, true, 2, true, 1.1, 0.5, 1.1, 0));
        }
        Decision first = router0.route("t1", 1).orElseThrow();
        assertThat(first.serverId()).as("one task ahead beats two").isEqualTo(othersIdle);
        // now it holds the owner's task and this router's: two, on a slower server
        Decision second = router0.route("t2", 2).orElseThrow();
        assertThat(second.serverId()).isIn("busy-1", "busy-2");
    }

    /**
     * Two servers alike, each with one task in service and none waiting: the one whose next idle
     * period router 1 owns may empty and get router 1's task before this router's arrives. Once
     * router 0 knows its decisions take 0.8 s to show in the updates, it prefers its own; before,
     * they tie and it takes either.
     */
    @Test
    void aFallbackRouterPrefersABusyServerWhoseNextIdlePeriodItOwns() {
        String own = idOwnedBy("busy-", 0, 2);
        String others = idOwnedBy("busy-", 1, 2);
        Set<String> withoutRoundTrip = new HashSet<>();
        for (int seed = 0; seed < 20; seed++) {
            RoutingPolicy router0 = fallbackRouterWith(own, others, seed);
            withoutRoundTrip.add(router0.route("t", 1_000).orElseThrow().serverId());
        }
        assertThat(withoutRoundTrip)
                .as("a tie, broken at random")
                .containsExactlyInAnyOrder(own, others);
        for (int seed = 0; seed < 20; seed++) {
            RoutingPolicy router0 = fallbackRouterWith(own, others, seed);
            router0.acknowledgementRoundTrip(800);
            assertThat(router0.route("t", 1_000).orElseThrow().serverId())
                    .as("seed %d", seed)
                    .isEqualTo(own);
        }
    }

    private static RoutingPolicy fallbackRouterWith(String own, String others, int seed) {
        RoutingPolicy router0 =
                Policies.create(
                        TaskPlacer.behindPlacer(
                                PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE).withRouter(0, 2)),
                        new SplittableRandom(seed));
        for (String busy : List.of(own, others)) {
            router0.onSnapshot(new ServerSnapshot(busy, 500, true, 1, true, 1.0, 0.5, 1.0, 0));
        }
        return router0;
    }

    private static String idOwnedBy(int router, int routers) {
        return idOwnedBy("idle-", router, routers);
    }

    private static String idOwnedBy(String prefix, int router, int routers) {
        for (int i = 0; ; i++) {
            if (RouterOwnership.ownerOf(prefix + i, routers) == router) {
                return prefix + i;
            }
        }
    }

    private static int countIdleFor(int router, int routers, int servers) {
        int n = 0;
        for (int i = 0; i < servers; i++) {
            if (RouterOwnership.ownerOf("srv-" + i, routers) == router) {
                n++;
            }
        }
        return n;
    }
}
