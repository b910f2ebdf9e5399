package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A router behind the placer takes the server the placement names, by the placer's rule, while its
 * own view holds that server alive: the placer decided knowing every task in flight, the router
 * only its own. Policies without an idle queue ignore the placement.
 */
class PlacedRouteTest {
    private static final int ROUTERS = 2;

    private static ServerSnapshot report(String id, long at, int queue, long received) {
        return new ServerSnapshot(id, at, true, queue, queue > 0, 1, 0, 0, 0)
                .withTasksReceived(received);
    }

    /** Router 0 of two, knowing "fast" idle and owned by it, and "named" busy. */
    private static RoutingPolicy router(PolicyName name, int namedQueue) {
        RoutingPolicy router =
                Policies.create(
                        TaskPlacer.behindPlacer(PolicyConfig.of(name).withRouter(0, ROUTERS)),
                        new SplittableRandom(5));
        String fast = ownedByRouter0();
        router.onSnapshot(
                new ServerSnapshot(fast, 0, true, 0, false, 9, 0, 0, 0).withTasksReceived(0));
        router.onSnapshot(report("named", 0, namedQueue, 4));
        return router;
    }

    private static Decision routeNaming(
            RoutingPolicy router, String task, String serverId, Rule rule) {
        return router.route(task, 10, new TaskPlacer.Placement(0, serverId, rule)).orElseThrow();
    }

    private static String ownedByRouter0() {
        for (int i = 0; ; i++) {
            if (RouterOwnership.ownerOf("s" + i, 0, ROUTERS) == 0) {
                return "s" + i;
            }
        }
    }

    @Test
    void theNamedServerIsTakenByThePlacersRuleWhateverTheRoutersOwnViewShows() {
        RoutingPolicy router = router(PolicyName.HEARTBEAT_K_LIVE, 1);
        Decision idle = routeNaming(router, "t", "named", Rule.IDLE_QUEUE);
        assertThat(idle.serverId()).isEqualTo("named");
        assertThat(idle.rule()).isEqualTo(Rule.IDLE_QUEUE);
        // busy and with this router's task in flight, where its own choice would be "fast"
        Decision busy = routeNaming(router, "u", "named", Rule.MIN_K);
        assertThat(busy.serverId()).isEqualTo("named");
        assertThat(busy.rule()).isEqualTo(Rule.MIN_K);
        assertThat(busy.chosenLoad()).isEqualTo(2);
    }

    @Test
    void aServerTheRoutersViewDoesNotHoldAliveIsNotTaken() {
        RoutingPolicy router = router(PolicyName.HEARTBEAT_K_LIVE, 1);
        assertThat(routeNaming(router, "t", "unseen", Rule.IDLE_QUEUE).serverId())
                .isEqualTo(ownedByRouter0());
        router.onSnapshot(ServerSnapshot.down("named", 5));
        Decision d = routeNaming(router, "u", "named", Rule.MIN_K);
        assertThat(d.serverId()).isEqualTo(ownedByRouter0());
    }

    @Test
    void aPolicyWithoutAnIdleQueueIgnoresThePlacement() {
        RoutingPolicy router = router(PolicyName.JSQ, 3);
        Decision d = routeNaming(router, "t", "named", Rule.IDLE_QUEUE);
        assertThat(d.serverId()).isEqualTo(ownedByRouter0());
    }
}
