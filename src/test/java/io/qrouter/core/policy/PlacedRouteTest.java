package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A router behind the placer takes the idle server the placement names unless its own view knows
 * the server is no longer idle: its report counts more tasks received, or the router has a task of
 * its own in flight there. Policies without an idle queue ignore the placement.
 */
class PlacedRouteTest {
    private static final int ROUTERS = 2;

    private static ServerSnapshot report(String id, long at, int queue, long received) {
        return new ServerSnapshot(id, at, true, queue, queue > 0, 1, 0, 0, 0)
                .withTasksReceived(received);
    }

    /** Router 0 of two, knowing "fast" idle and owned by it, and "named" busy. */
    private static RoutingPolicy router(PolicyName name, long namedReceived, int namedQueue) {
        RoutingPolicy router =
                Policies.create(
                        TokenPlacer.behindPlacer(PolicyConfig.of(name).withRouter(0, ROUTERS)),
                        new SplittableRandom(5));
        String fast = ownedByRouter0();
        router.onSnapshot(
                new ServerSnapshot(fast, 0, true, 0, false, 9, 0, 0, 0).withTasksReceived(0));
        router.onSnapshot(report("named", 0, namedQueue, namedReceived));
        return router;
    }

    /**
     * Routes a task the placer placed on router 0 for {@code serverId}, idle at {@code received}.
     */
    private static Decision routeNaming(
            RoutingPolicy router, String task, long at, String serverId, long received) {
        return router.route(task, at, new TokenPlacer.Placement(0, serverId, received))
                .orElseThrow();
    }

    private static String ownedByRouter0() {
        for (int i = 0; ; i++) {
            if (RouterOwnership.ownerOf("s" + i, 0, ROUTERS) == 0) {
                return "s" + i;
            }
        }
    }

    @Test
    void aServerTheRoutersViewStillShowsBusyIsTakenWhenTheReportCountsNoMoreTasks() {
        RoutingPolicy router = router(PolicyName.HEARTBEAT_K_LIVE, 4, 1);
        Decision d = routeNaming(router, "t", 10, "named", 4);
        assertThat(d.serverId()).isEqualTo("named");
        assertThat(d.rule()).isEqualTo(Rule.IDLE_QUEUE);
        // now in flight there: a second placement naming it is not taken
        Decision next = routeNaming(router, "u", 11, "named", 4);
        assertThat(next.serverId()).isEqualTo(ownedByRouter0());
    }

    @Test
    void aServerWhoseNewerReportCountsMoreTasksIsNotTaken() {
        RoutingPolicy router = router(PolicyName.HEARTBEAT_K_LIVE, 5, 1);
        Decision d = routeNaming(router, "t", 10, "named", 4);
        assertThat(d.serverId()).isEqualTo(ownedByRouter0());
        assertThat(d.rule()).isEqualTo(Rule.IDLE_QUEUE);
    }

    @Test
    void anUnknownServerIsNotTaken() {
        RoutingPolicy router = router(PolicyName.HEARTBEAT_K_LIVE, 4, 1);
        Decision d = routeNaming(router, "t", 10, "unseen", 4);
        assertThat(d.serverId()).isEqualTo(ownedByRouter0());
    }

    @Test
    void aPolicyWithoutAnIdleQueueIgnoresThePlacement() {
        RoutingPolicy router = router(PolicyName.JSQ, 4, 3);
        Decision d = routeNaming(router, "t", 10, "named", 4);
        assertThat(d.serverId()).isEqualTo(ownedByRouter0());
    }
}
