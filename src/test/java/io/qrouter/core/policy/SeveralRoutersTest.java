package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SeveralRoutersTest {

    private static List<RoutingPolicy> routers(int count) {
        List<RoutingPolicy> rs = new ArrayList<>();
        for (int r = 0; r < count; r++) {
            rs.add(
                    Policies.create(
                            PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE).withRouter(r, count),
                            new SplittableRandom(100 + r)));
        }
        return rs;
    }

    private static ServerSnapshot report(String id, long at, int queue, long received) {
        return ServerSnapshot.ofQueue(id, at, queue, 1.0).withTasksReceived(received);
    }

    @Test
    void eachIdlePeriodOfAServerBelongsToTheOwnerOfItsTaskCountAlone() {
        int count = 4;
        List<RoutingPolicy> rs = routers(count);
        for (long received = 10; received < 30; received++) {
            ServerSnapshot busy = report("busy", received, 5, 0);
            ServerSnapshot idle = report("a", received, 0, received);
            long at = received;
            rs.forEach(p -> p.onSnapshot(busy));
            rs.forEach(p -> p.onSnapshot(idle));
            int owner = RouterOwnership.ownerOf("a", received, count);
            for (int r = 0; r < count; r++) {
                Decision d = rs.get(r).route("t", at).orElseThrow();
                if (r == owner) {
                    assertThat(d.rule()).isEqualTo(Rule.IDLE_QUEUE);
                    assertThat(d.serverId()).isEqualTo("a");
                } else {
                    assertThat(d.rule())
                            .as("router %d, count %d", r, received)
                            .isEqualTo(Rule.MIN_K);
                }
            }
        }
    }

    @Test
    void routersWithTheSameViewSpreadTheirFallbackInsteadOfAllTakingTheMinimum() {
        int count = 16;
        List<RoutingPolicy> rs = routers(count);
        List<RoutingPolicy> single = routers(1);
        for (int i = 0; i < 1000; i++) {
            // every server busy; the queues rise with the index, so srv-0 has the lowest K
            ServerSnapshot s = report("srv-" + i, 0, 1 + i / 10, 100);
            rs.forEach(p -> p.onSnapshot(s));
            single.forEach(p -> p.onSnapshot(s));
        }
        Set<String> chosen = new HashSet<>();
        for (RoutingPolicy p : rs) {
            chosen.add(p.route("t", 1).orElseThrow().serverId());
        }
        assertThat(single.get(0).route("t", 1).orElseThrow().serverId())
                .isIn(
                        "srv-0", "srv-1", "srv-2", "srv-3", "srv-4", "srv-5", "srv-6", "srv-7",
                        "srv-8", "srv-9");
        // 16 routers each drawing 8 of 1000 rarely share a minimum (a herd would be one server)
        assertThat(chosen.size()).isGreaterThan(10);
    }

    @Test
    void theFallbackTakesTheLowestKOfItsSample() {
        int count = 2;
        int lowerChosen = 0;
        int trials = 200;
        for (int t = 0; t < trials; t++) {
            RoutingPolicy p =
                    Policies.create(
                            PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE).withRouter(0, count),
                            new SplittableRandom(t));
            p.onSnapshot(report("short", 0, 1, 7));
            p.onSnapshot(report("long", 0, 6, 7));
            if (p.route("t", 1).orElseThrow().serverId().equals("short")) {
                lowerChosen++;
            }
        }
        // the longer queue is chosen only when all 8 draws miss the shorter: (1/2)^8 per trial
        assertThat(lowerChosen).isGreaterThanOrEqualTo(trials - 5);
        assertThat(HeartbeatKPolicy.FALLBACK_SAMPLES).isEqualTo(8);
    }
}
