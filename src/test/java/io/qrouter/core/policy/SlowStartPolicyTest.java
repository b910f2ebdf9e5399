package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A simulated join: ten loaded servers (four tasks each, kept there), an empty server of the same
 * speed joins, and 100 tasks per second arrive for the ramp's window. The newcomer serves one task
 * per 100 ms and reports its queue every 50 ms, the others report theirs.
 */
class SlowStartPolicyTest {
    private static final long WINDOW = 10_000;
    private static final long JOIN = 60_000;
    private static final double MU = 10;

    /** Decision times (ms after the join) of the tasks sent to the newcomer. */
    private static List<Long> join(RoutingPolicy policy) {
        for (int i = 0; i < 10; i++) {
            policy.onSnapshot(ServerSnapshot.ofQueue("s" + i, 0, 4, MU));
        }
        List<Long> toNew = new ArrayList<>();
        int newQueue = 0;
        for (long t = JOIN; t < JOIN + WINDOW; t += 10) {
            if (t % 50 == 0) {
                for (int i = 0; i < 10; i++) {
                    policy.onSnapshot(ServerSnapshot.ofQueue("s" + i, t, 4, MU));
                }
                policy.onSnapshot(ServerSnapshot.ofQueue("new", t, newQueue, MU));
            }
            if (t % 100 == 0 && newQueue > 0) {
                newQueue--;
            }
            String chosen = policy.route("t" + t, t).orElseThrow().serverId();
            if (chosen.equals("new")) {
                toNew.add(t - JOIN);
                newQueue++;
            }
        }
        return toNew;
    }

    private static RoutingPolicy kLive() {
        return Policies.create(
                PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE), new SplittableRandom(5));
    }

    @Test
    void withoutSlowStartTheNewcomerTakesABurst() {
        List<Long> toNew = join(kLive());
        // the first decisions after the join all go to the empty server: four tasks within 40 ms
        assertThat(toNew.subList(0, 4)).containsExactly(0L, 10L, 20L, 30L);
    }

    @Test
    void withSlowStartItsShareStaysWithinTheRamp() {
        SlowStartPolicy policy = new SlowStartPolicy(kLive(), WINDOW);
        List<Long> toNew = join(policy);
        // Allowance after k decisions: the sum over them of max(0.1, t/W)/11 (11 live servers),
        // plus the one
        // decision that may use it up.
        int index = 0;
        double allowed = 0;
        for (long t = 0; t < WINDOW; t += 10) {
            allowed += Math.max(SlowStartPolicy.MIN_SHARE, (double) t / WINDOW) / 11;
            while (index < toNew.size() && toNew.get(index) <= t) {
                index++;
            }
            assertThat((double) index)
                    .as("tasks sent to the newcomer by %d ms", t)
                    .isLessThanOrEqualTo(allowed + 1);
        }
        assertThat(toNew.stream().filter(t -> t < 1_000).count())
                .as("first second: at most a tenth of a fair share")
                .isLessThanOrEqualTo(2);
        assertThat(toNew.size()).as("it still gets work during the ramp").isGreaterThan(20);
        assertThat(policy.ramping("new")).isTrue();
        policy.route("after", JOIN + WINDOW);
        assertThat(policy.ramping("new")).as("an ordinary server after the window").isFalse();
    }

    @Test
    void theFleetARouterStartsWithIsNotRampedButAReturningServerIs() {
        SlowStartPolicy policy = new SlowStartPolicy(kLive(), WINDOW);
        policy.onSnapshot(ServerSnapshot.ofQueue("a", 0, 0, MU));
        policy.onSnapshot(ServerSnapshot.ofQueue("b", 500, 0, MU));
        assertThat(policy.ramping("a")).isFalse();
        assertThat(policy.ramping("b")).isFalse();
        policy.onSnapshot(ServerSnapshot.down("b", 20_000));
        policy.onSnapshot(ServerSnapshot.ofQueue("b", 30_000, 0, MU));
        assertThat(policy.ramping("b")).isTrue();
    }
}
