package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The fallback of one of several routers when its idle queue is empty. */
class FallbackRuleTest {
    private static final long RECEIVED = 40;

    private static RoutingPolicy router(int index, int count, FallbackRule rule, long seed) {
        return Policies.create(
                PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE)
                        .withRouter(index, count)
                        .withFallback(rule, PolicyConfig.DEFAULT_STALENESS_WINDOW_SECONDS),
                new SplittableRandom(seed));
    }

    /** A server id whose idle period at {@link #RECEIVED} tasks router {@code owner} owns. */
    private static String ownedBy(int owner, int count, String prefix) {
        for (int i = 0; ; i++) {
            String id = prefix + i;
            if (RouterOwnership.ownerOf(id, RECEIVED, count) == owner) {
                return id;
            }
        }
    }

    private static ServerSnapshot report(String id, int queue, double mu) {
        return new ServerSnapshot(id, 0, true, queue, queue > 0, mu, 0, 0, 0)
                .withTasksReceived(RECEIVED);
    }

    @Test
    void anIdleServerOfAnotherRouterRanksAsHoldingOneTask() {
        FallbackRule rule = FallbackRule.SAMPLED_MINIMUM;
        {
            String othersIdle = ownedBy(1, 2, "idle-");
            // one task on a twice-as-fast server beats the other router's idle server, which its
            // owner is about to fill (without the rule K = 0 would win every time)
            RoutingPolicy p = router(0, 2, rule, 11);
            p.onSnapshot(report(othersIdle, 0, 1.0));
            p.onSnapshot(report("fast-busy", 1, 2.0));
            for (int i = 0; i < 50; i++) {
                Decision d = p.route("t", i).orElseThrow();
                assertThat(d.rule()).isEqualTo(Rule.MIN_K);
                assertThat(d.serverId()).as("%s decision %d", rule, i).isEqualTo("fast-busy");
                // the next report of fast-busy acknowledges the task: its queue is 1 again
                p.onSnapshot(report("fast-busy", 1, 2.0));
            }
            // but it still beats two tasks on a server of its own speed
            RoutingPolicy q = router(0, 2, rule, 12);
            q.onSnapshot(report(othersIdle, 0, 1.0));
            q.onSnapshot(report("two-queued", 2, 1.0));
            assertThat(q.route("t", 0).orElseThrow().serverId())
                    .as("%s", rule)
                    .isEqualTo(othersIdle);
        }
    }

    @Test
    void theRouterStillTakesItsOwnIdleServersFirst() {
        String mine = ownedBy(0, 2, "mine-");
        RoutingPolicy p = router(0, 2, FallbackRule.SAMPLED_MINIMUM, 13);
        p.onSnapshot(report(mine, 0, 1.0));
        p.onSnapshot(report("fast-busy", 1, 2.0));
        Decision d = p.route("t", 0).orElseThrow();
        assertThat(d.rule()).isEqualTo(Rule.IDLE_QUEUE);
        assertThat(d.serverId()).isEqualTo(mine);
    }

    @Test
    void waterFillingDrawsOnlyFromTheLeastLoadedAndSpreadsOverThem() {
        RoutingPolicy p = router(0, 4, FallbackRule.WATER_FILLING, 14);
        for (int i = 0; i < 200; i++) {
            // 100 servers holding one task, 100 holding five, all of rate 1
            p.onSnapshot(report("s-" + i, i < 100 ? 1 : 5, 1.0));
        }
        Set<String> chosen = new HashSet<>();
        for (int t = 0; t < 400; t++) {
            // a decision every 10 ms: 100 fallbacks per second × 4 routers × 0.2 s = 80 tasks
            // poured, far below the 400 that would lift the level to the five-task servers
            Decision d = p.route("t", 10L * t).orElseThrow();
            int i = Integer.parseInt(d.serverId().substring(2));
            assertThat(i).as("decision %d", t).isLessThan(100);
            chosen.add(d.serverId());
            p.onSnapshot(report(d.serverId(), 1, 1.0)); // acknowledged; it finished one meanwhile
        }
        // a herd would keep to a few servers; 400 draws over 100 equal ones cover nearly all
        assertThat(chosen.size()).isGreaterThan(90);
    }
}
