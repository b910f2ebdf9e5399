package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class HashPolicyTest {
    private static final int SERVERS = 50;
    private static final int KEYS = 20_000;

    @Test
    void aJoiningServerTakesAboutOneNthOfTheKeysAndOnlyMovesKeysToItself() {
        RoutingPolicy p = Policies.create("hash", new SplittableRandom(1));
        for (int i = 0; i < SERVERS; i++) {
            p.onSnapshot(ServerSnapshot.ofQueue("server-" + i, 0, 0, 1));
        }
        Map<String, String> before = placement(p);
        p.onSnapshot(ServerSnapshot.ofQueue("server-new", 1, 0, 1));
        Map<String, String> after = placement(p);
        int moved = 0;
        for (String key : before.keySet()) {
            if (!before.get(key).equals(after.get(key))) {
                moved++;
                assertThat(after.get(key)).isEqualTo("server-new");
            }
        }
        double expected = KEYS / (SERVERS + 1.0);
        // virtual-node shares vary by about 1/sqrt(160) ≈ 8%; allow ±40%
        assertThat((double) moved).isBetween(0.6 * expected, 1.4 * expected);
    }

    @Test
    void aLeavingServerGivesAwayOnlyItsOwnKeys() {
        RoutingPolicy p = Policies.create("hash", new SplittableRandom(1));
        for (int i = 0; i < SERVERS; i++) {
            p.onSnapshot(ServerSnapshot.ofQueue("server-" + i, 0, 0, 1));
        }
        Map<String, String> before = placement(p);
        p.onSnapshot(ServerSnapshot.down("server-7", 1));
        Map<String, String> after = placement(p);
        int moved = 0;
        for (String key : before.keySet()) {
            if (before.get(key).equals("server-7")) {
                moved++;
                assertThat(after.get(key)).isNotEqualTo("server-7");
            } else {
                assertThat(after.get(key)).isEqualTo(before.get(key));
            }
        }
        assertThat((double) moved).isBetween(0.6 * KEYS / SERVERS, 1.4 * KEYS / SERVERS);
        // and it comes back to the same keys
        p.onSnapshot(ServerSnapshot.ofQueue("server-7", 2, 0, 1));
        assertThat(placement(p)).isEqualTo(before);
    }

    @Test
    void placementDoesNotDependOnTheOrderServersWereSeenIn() {
        RoutingPolicy forward = Policies.create("hash", new SplittableRandom(1));
        RoutingPolicy backward = Policies.create("hash", new SplittableRandom(2));
        for (int i = 0; i < SERVERS; i++) {
            forward.onSnapshot(ServerSnapshot.ofQueue("server-" + i, 0, 0, 1));
            backward.onSnapshot(ServerSnapshot.ofQueue("server-" + (SERVERS - 1 - i), 0, 0, 1));
        }
        assertThat(placement(forward)).isEqualTo(placement(backward));
    }

    private static Map<String, String> placement(RoutingPolicy p) {
        Map<String, String> m = new HashMap<>();
        for (int k = 0; k < KEYS; k++) {
            Decision d = p.route("key-" + k, 0).orElseThrow();
            assertThat(d.rule()).isEqualTo(Rule.HASH);
            m.put("key-" + k, d.serverId());
        }
        return m;
    }
}
