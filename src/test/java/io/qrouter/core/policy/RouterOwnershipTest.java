package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RouterOwnershipTest {

    @Test
    void withoutATaskCountTheOwnerIsTheServersFixedHashOwner() {
        for (int i = 0; i < 100; i++) {
            String id = "srv-" + i;
            assertThat(RouterOwnership.ownerOf(id, ServerSnapshot.TASKS_RECEIVED_UNKNOWN, 7))
                    .isEqualTo((int) Math.floorMod(StableHash.of(id), 7L));
        }
    }

    @Test
    void theOwnerOfAServerChangesFromTaskToTaskAndCoversEveryRouter() {
        Set<Integer> owners = new HashSet<>();
        for (long received = 0; received < 200; received++) {
            owners.add(RouterOwnership.ownerOf("srv-1", received, 8));
        }
        assertThat(owners).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7);
    }

    @Test
    void ownersAreSpreadEvenlyOverTheRouters() {
        int routers = 32;
        int draws = 64_000;
        int[] perRouter = new int[routers];
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < draws; i++) {
            perRouter[RouterOwnership.ownerOf("s" + random.nextInt(1000), i, routers)]++;
        }
        // chi-square with 31 degrees of freedom: its 99.9% quantile is about 61.1
        double expected = (double) draws / routers;
        double chiSquare = 0;
        for (int n : perRouter) {
            chiSquare += (n - expected) * (n - expected) / expected;
        }
        assertThat(chiSquare).isLessThan(61.1);
    }

    @Test
    void noRoutersIsRejected() {
        assertThatThrownBy(() -> RouterOwnership.ownerOf("a", 3, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
