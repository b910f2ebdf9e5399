package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The model-free peers' rules on hand-worked cases. With two servers alive, the sample of two is
 * both, so each case has one right answer whatever the random draw.
 */
class PeerPoliciesTest {

    private static ServerSnapshot server(
            String id, int queue, double rate, int slots, double latency) {
        return ServerSnapshot.ofQueue(id, 0, queue, rate)
                .withSlots(slots)
                .withRecentTimes(0, latency);
    }

    private static String route(RoutingPolicy p) {
        return p.route("t", 0).orElseThrow().serverId();
    }

    private static RoutingPolicy create(PolicyName name, ServerSnapshot... servers) {
        RoutingPolicy p = Policies.create(PolicyConfig.of(name), new SplittableRandom(7));
        for (ServerSnapshot s : servers) {
            p.onSnapshot(s);
        }
        return p;
    }

    @Test
    void p2cEwmaJoinsTheLowerLatencyTimesInFlightPlusOne() {
        // a: 0.1 s × (3 + 1) = 0.4; b: 0.3 s × (0 + 1) = 0.3
        RoutingPolicy p =
                create(PolicyName.P2C_EWMA, server("a", 3, 10, 1, 0.1), server("b", 0, 10, 1, 0.3));
        assertThat(route(p)).isEqualTo("b");
        // b now holds one task: 0.3 × 2 = 0.6 > a's 0.4
        assertThat(route(p)).isEqualTo("a");
        assertThat(p.route("t", 0).orElseThrow().rule()).isEqualTo(Rule.P2C_EWMA);
    }

    @Test
    void p2cEwmaTriesAnUnmeasuredServerOnceButDoesNotFloodIt() {
        RoutingPolicy p =
                create(
                        PolicyName.P2C_EWMA,
                        server("new", 0, 10, 1, 0),
                        server("old", 5, 10, 1, 0.2));
        assertThat(route(p)).isEqualTo("new");
        // with one task in flight and still no latency, the penalty sends the rest elsewhere
        assertThat(route(p)).isEqualTo("old");
        assertThat(route(p)).isEqualTo("old");
    }

    @Test
    void leastRequestWeighsActiveRequestsByCapacity() {
        // a: (1 + 1) / (1 × 10) = 0.2; b: (5 + 1) / (4 × 10) = 0.15
        RoutingPolicy p =
                create(
                        PolicyName.LEAST_REQUEST,
                        server("a", 1, 10, 1, 0),
                        server("b", 5, 10, 4, 0));
        assertThat(route(p)).isEqualTo("b");
        // b: 7/40 = 0.175 still below 0.2; then 8/40 = 0.2 ties and 9/40 > 0.2
        assertThat(route(p)).isEqualTo("b");
        route(p);
        assertThat(route(p)).isEqualTo("a");
    }

    @Test
    void leastRequestWithEqualWeightsIsFewestActive() {
        RoutingPolicy p =
                create(
                        PolicyName.LEAST_REQUEST,
                        server("a", 4, 10, 1, 9),
                        server("b", 2, 10, 1, 0.01));
        assertThat(route(p)).isEqualTo("b");
        assertThat(route(p)).isEqualTo("b");
        assertThat(p.route("t", 0).orElseThrow().rule()).isEqualTo(Rule.LEAST_REQUEST);
    }

    @Test
    void everyPeerSkipsServersThatAreDown() {
        for (PolicyName name :
                new PolicyName[] {
                    PolicyName.PREQUAL, PolicyName.P2C_EWMA, PolicyName.LEAST_REQUEST
                }) {
            RoutingPolicy p = create(name, server("a", 0, 10, 1, 0.01), server("b", 50, 10, 1, 5));
            p.onSnapshot(ServerSnapshot.down("a", 1));
            for (int i = 0; i < 20; i++) {
                assertThat(p.route("t", 2).orElseThrow().serverId())
                        .as(name.configName())
                        .isEqualTo("b");
            }
        }
    }
}
