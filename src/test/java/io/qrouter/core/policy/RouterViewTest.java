package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RouterViewTest {

    @Test
    void aReportResetsInFlightAndAnOlderReportIsIgnored() {
        RouterView v = new RouterView();
        int slot = v.update(ServerSnapshot.ofQueue("a", 100, 2, 1));
        v.recordAssignment(slot);
        v.recordAssignment(slot);
        assertThat(v.load(slot)).isEqualTo(4);
        v.update(ServerSnapshot.ofQueue("a", 50, 9, 1));
        assertThat(v.load(slot)).isEqualTo(4);
        v.update(ServerSnapshot.ofQueue("a", 200, 3, 1));
        assertThat(v.inFlight(slot)).isZero();
        assertThat(v.load(slot)).isEqualTo(3);
    }

    @Test
    void downAndRemovedServersReceiveNothing() {
        RoutingPolicy p = Policies.create("least-connections", new SplittableRandom(1));
        p.onSnapshot(ServerSnapshot.ofQueue("a", 1, 0, 1));
        p.onSnapshot(ServerSnapshot.ofQueue("b", 1, 5, 1));
        p.onSnapshot(ServerSnapshot.down("a", 2));
        assertThat(p.route("t", 3).orElseThrow().serverId()).isEqualTo("b");
        p.onServerRemoved("b");
        assertThat(p.route("t", 3)).isEmpty();
        assertThat(p.view().size()).isEqualTo(1);
        // a reused slot serves a new server correctly
        p.onSnapshot(ServerSnapshot.ofQueue("c", 4, 1, 1));
        assertThat(p.route("t", 5).orElseThrow().serverId()).isEqualTo("c");
    }

    @Test
    void everyPolicyRoutesToNothingWithoutServersAndToTheOnlyServerOtherwise() {
        for (PolicyName name : PolicyName.values()) {
            RoutingPolicy p = Policies.create(PolicyConfig.of(name), new SplittableRandom(5));
            assertThat(p.name()).isEqualTo(name);
            assertThat(p.route("t", 0)).isEmpty();
            p.onSnapshot(new ServerSnapshot("only", 0, true, 3, true, 1, 0.5, 1, 0.1));
            Decision d = p.route("t", 10).orElseThrow();
            assertThat(d.serverId()).isEqualTo("only");
            assertThat(d.policy()).isEqualTo(name);
            assertThat(d.snapshotAgeMillis()).isEqualTo(10);
            assertThat(d.chosenLoad()).isEqualTo(3);
            assertThat(p.route("t", 10).orElseThrow().chosenLoad()).isEqualTo(4);
        }
    }

    @Test
    void leastConnectionsCountsItsOwnInFlightBetweenReports() {
        RoutingPolicy p = Policies.create("least-connections", new SplittableRandom(1));
        p.onSnapshot(ServerSnapshot.ofQueue("a", 1, 0, 1));
        p.onSnapshot(ServerSnapshot.ofQueue("b", 1, 2, 1));
        // a: 0 → 1 → 2, then ties with b at 2; four decisions spread a,a, then one each
        int toA = 0;
        for (int i = 0; i < 4; i++) {
            if (p.route("t", 2).orElseThrow().serverId().equals("a")) {
                toA++;
            }
        }
        assertThat(toA).isEqualTo(3);
        assertThat(p.view().load(p.view().slotOf("a")) + p.view().load(p.view().slotOf("b")))
                .isEqualTo(6);
    }

    @Test
    void unknownPolicyNameListsTheValidOnes() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> PolicyName.parse("fastest"))
                .hasMessageContaining("fastest")
                .hasMessageContaining("heartbeat-k-live");
    }
}
