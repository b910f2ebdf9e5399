package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static io.qrouter.job.Records.task;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.Health;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.RouterOwnership;
import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Which server the router chooses: idle servers first, else the lowest live K counting its own
 * decisions in flight until an update acknowledges them; never a server that is down or cannot
 * serve.
 */
class RouterFunctionTest extends RouterFunctionTestBase {
    @Test
    void anIdleServerIsChosenFirst() throws Exception {
        var router = router("heartbeat-k-live");
        router.setProcessingTime(1_500);
        router.processBroadcastElement(snapshot("busy", 1_000, 0), 1_000);
        router.processBroadcastElement(snapshot("idle", 1_200, 0), 1_200);
        // "busy" reports one task more than "idle" would ever be given first.
        ServerUpdate busy = snapshot("busy", 1_300, 1);
        router.processBroadcastElement(busy, 1_300);

        router.processElement(task("t1", 1_400), 1_400);
        RoutingDecision d = single(router.extractOutputValues());
        assertThat(d.getServerId()).isEqualTo("idle");
        assertThat(d.getRule()).isEqualTo("IDLE_QUEUE");
        assertThat(d.getPolicy()).isEqualTo("heartbeat-k-live");
        assertThat(d.getTaskId()).isEqualTo("t1");
        assertThat(d.getDecidedAt().toEpochMilli()).isEqualTo(1_500);
        assertThat(d.getSnapshotAgeMillis()).isEqualTo(300);
        assertThat(d.getTaskCreatedAt().toEpochMilli()).isEqualTo(1_400);
        assertThat(d.getRouterSubtask()).isZero();
    }

    @Test
    void withoutAnIdleServerTheLowestLiveKWinsAndInFlightTasksCount() throws Exception {
        var router = router("heartbeat-k-live");
        ServerUpdate a = snapshot("a", 1_000, 3);
        ServerUpdate b = snapshot("b", 1_000, 1);
        ServerUpdate c = snapshot("c", 1_000, 2);
        for (ServerUpdate s : List.of(a, b, c)) {
            s.setMu(10.0);
            s.setAlphaC(1.0);
            router.processBroadcastElement(s, 1_000);
        }
        for (int i = 0; i < 3; i++) {
            router.processElement(task("t" + i, 1_100), 1_100);
        }
        List<RoutingDecision> out = router.extractOutputValues();
        assertThat(out).extracting(RoutingDecision::getRule).containsOnly("MIN_K");
        // Loads as the router sees them (reported + own in flight) start at a3 b1 c2: each task
        // goes to a server
        // of lowest load, so after three tasks all three have 3, whatever the tie-breaks.
        int[] load = {3, 1, 2};
        for (RoutingDecision d : out) {
            int chosen = "abc".indexOf(d.getServerId());
            int lowest = Math.min(load[0], Math.min(load[1], load[2]));
            assertThat(load[chosen]).as("decision %s", d).isEqualTo(lowest);
            assertThat(d.getChosenK()).isEqualTo(liveK(load[chosen]));
            assertThat(d.getRunnerUpServerId()).isNotNull().isNotEqualTo(d.getServerId());
            assertThat(d.getRunnerUpK()).isGreaterThanOrEqualTo(d.getChosenK());
            load[chosen]++;
        }
        assertThat(load).containsOnly(3);
    }

    @Test
    void downFailingAndGoneServersReceiveNothing() throws Exception {
        var router = router("round-robin");
        ServerUpdate down = snapshot("down", 1_000, 0);
        down.setAlive(false);
        ServerUpdate failing = snapshot("failing", 1_000, 0);
        failing.setHealth(Health.FAILING);
        ServerUpdate leaving = snapshot("leaving", 1_000, 0);
        router.processBroadcastElement(down, 1_000);
        router.processBroadcastElement(failing, 1_000);
        router.processBroadcastElement(leaving, 1_000);
        router.processBroadcastElement(snapshot("ok", 1_000, 0), 1_000);
        ServerUpdate gone = snapshot("leaving", 1_100, 0);
        gone.setAlive(false);
        gone.setGone(true);
        router.processBroadcastElement(gone, 1_100);

        for (int i = 0; i < 6; i++) {
            router.processElement(task("t" + i, 1_200), 1_200);
        }
        assertThat(router.extractOutputValues())
                .extracting(RoutingDecision::getServerId)
                .containsOnly("ok");
        assertThat(router.getBroadcastState(BroadcastStates.SERVER_UPDATES).contains("leaving"))
                .isFalse();
    }

    @Test
    void twoRouterSubtasksNeverSendToTheSameIdleServer() throws Exception {
        int routers = 2;
        RouterSettings settings = settings("heartbeat-k-live");
        List<ServerUpdate> idle = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            idle.add(snapshot("s" + i, 1_000, 0));
        }
        Set<String> idleChoices = new HashSet<>();
        int idleDecisions = 0;
        for (int r = 0; r < routers; r++) {
            var router = router(settings, routers, r, null);
            for (ServerUpdate s : idle) {
                router.processBroadcastElement(s, 1_000);
            }
            for (String taskId : taskIdsOfSubtask(r, routers, idle.size())) {
                router.processElement(task(taskId, 1_100), 1_100);
            }
            for (RoutingDecision d : router.extractOutputValues()) {
                assertThat(d.getRouterSubtask()).isEqualTo(r);
                if (d.getRule().equals("IDLE_QUEUE")) {
                    // the owner of each idle server's next task (it has received none yet)
                    assertThat(RouterOwnership.ownerOf(d.getServerId(), 0, routers)).isEqualTo(r);
                    idleChoices.add(d.getServerId());
                    idleDecisions++;
                }
            }
        }
        // Every idle server was handed out through an idle queue exactly once, by its owner.
        assertThat(idleDecisions).isEqualTo(idle.size());
        assertThat(idleChoices).hasSize(idle.size());
    }

    @Test
    void aServerReportingNoServiceRateGetsNoTaskAndBreaksNothing() throws Exception {
        for (PolicyName name : PolicyName.values()) {
            var router = router(name.configName());
            ServerUpdate stalled = snapshot("stalled", 0, 1);
            stalled.setServiceRatePerSecond(0);
            router.processBroadcastElement(stalled, 0);
            router.processBroadcastElement(snapshot("ok", 0, 3), 0);
            for (int i = 0; i < 3; i++) {
                router.processElement(task("t" + i, 0), 0);
            }
            assertThat(router.extractOutputValues())
                    .as(name.configName())
                    .extracting(RoutingDecision::getServerId)
                    .containsOnly("ok");
        }
    }

    @Test
    void everyConfiguredPolicyRoutesToALiveServer() throws Exception {
        for (PolicyName name : PolicyName.values()) {
            var router = router(name.configName());
            ServerUpdate down = snapshot("down", 0, 0);
            down.setAlive(false);
            router.processBroadcastElement(down, 0);
            router.processBroadcastElement(snapshot("a", 0, 2), 0);
            router.processBroadcastElement(snapshot("b", 0, 1), 0);
            for (int i = 0; i < 5; i++) {
                router.processElement(task("t" + i, 0), 0);
            }
            List<RoutingDecision> out = router.extractOutputValues();
            assertThat(out).as(name.configName()).hasSize(5);
            assertThat(out)
                    .extracting(RoutingDecision::getServerId)
                    .as(name.configName())
                    .doesNotContain("down");
            assertThat(out).extracting(RoutingDecision::getPolicy).containsOnly(name.configName());
        }
    }

    // --- In flight until acknowledged: a burst a heartbeat cannot see yet still counts. ---

    /**
     * A snapshot of a server with mu 10 and alpha_c 1 (so K is known), acknowledging {@code
     * enqueued}.
     */
    private static ServerUpdate estimated(
            String serverId, long heartbeatAt, int queueLength, String... enqueued) {
        ServerUpdate s = snapshot(serverId, heartbeatAt, queueLength);
        s.setMu(10.0);
        s.setAlphaC(1.0);
        s.setEnqueuedSinceLastSnapshot(new ArrayList<>(List.of(enqueued)));
        return s;
    }

    private static double liveK(int load) {
        RouterSettings s = settings("heartbeat-k-live");
        return LoadIndex.live(
                load, 10.0, 1.0, s.loadIndexTimeUnit().toMillis() / 1000.0, s.weights());
    }

    /**
     * a holds 1 and b 4: a burst of three goes to a, which then holds 4 as far as this router
     * knows.
     */
    private RouterHarness burstOfThreeToA(RouterSettings settings) throws Exception {
        var router = router(settings, 1, 0, null);
        router.setProcessingTime(1_000);
        router.processBroadcastElement(estimated("a", 1_000, 1), 1_000);
        router.processBroadcastElement(estimated("b", 1_000, 4), 1_000);
        for (String id : List.of("t1", "t2", "t3")) {
            router.processElement(task(id, 1_100), 1_100);
        }
        assertThat(router.extractOutputValues())
                .extracting(RoutingDecision::getServerId)
                .containsOnly("a");
        return router;
    }

    @Test
    void aBurstTheNextSnapshotDoesNotAcknowledgeStillCounts() throws Exception {
        var router = burstOfThreeToA(settings("heartbeat-k-live"));
        router.setProcessingTime(2_000);
        // a's heartbeat came before the burst was delivered: it still reports 1 and acknowledges
        // nothing.
        router.processBroadcastElement(estimated("a", 2_000, 1), 2_000);
        router.processBroadcastElement(estimated("b", 2_000, 3), 2_000);
        router.processElement(task("t4", 2_100), 2_100);

        RoutingDecision next = last(router.extractOutputValues());
        assertThat(next.getServerId()).as("a holds 1 + 3 unacknowledged, b 3").isEqualTo("b");
        assertThat(next.getChosenK()).isEqualTo(liveK(3));
        assertThat(next.getRunnerUpK()).isEqualTo(liveK(4));
    }

    @Test
    void acknowledgedTasksStopCountingAsInFlight() throws Exception {
        var router = burstOfThreeToA(settings("heartbeat-k-live"));
        router.setProcessingTime(2_000);
        // a's heartbeat counts t1 and t2 (queue 1 + 2) and lists them; t3 is still on its way.
        router.processBroadcastElement(estimated("a", 2_000, 3, "t1", "t2"), 2_000);
        router.processBroadcastElement(estimated("b", 2_000, 5), 2_000);
        router.processElement(task("t4", 2_100), 2_100);
        RoutingDecision next = last(router.extractOutputValues());
        assertThat(next.getServerId()).isEqualTo("a");
        assertThat(next.getChosenK())
                .as("3 reported + t3, acknowledged tasks not counted twice")
                .isEqualTo(liveK(4));

        // The next snapshot lists t3 and t4 and counts them: nothing of this router's is pending
        // any more.
        router.processBroadcastElement(estimated("a", 3_000, 5, "t3", "t4"), 3_000);
        router.processElement(task("t5", 3_100), 3_100);
        assertThat(last(router.extractOutputValues()).getChosenK()).isEqualTo(liveK(5));
    }

    @Test
    void anOverflowingAcknowledgementClearsTasksDecidedByTheHeartbeat() throws Exception {
        var router = burstOfThreeToA(settings("heartbeat-k-live"));
        router.setProcessingTime(2_000);
        ServerUpdate a = estimated("a", 2_000, 4);
        a.setEnqueuedOverflow(true);
        router.processBroadcastElement(a, 2_000);
        router.processElement(task("t4", 2_100), 2_100);
        assertThat(last(router.extractOutputValues()).getChosenK()).isEqualTo(liveK(4));
    }

    @Test
    void unacknowledgedTasksAreDroppedAfterTheTimeout() throws Exception {
        RouterSettings settings =
                settings("heartbeat-k-live", "router.in-flight-timeout.ms", "500");
        var router = burstOfThreeToA(settings);
        // Decided at 1 000; at 1 601 they are older than the 500 ms timeout and no longer counted.
        router.setProcessingTime(1_601);
        router.processBroadcastElement(estimated("a", 1_600, 1), 1_600);
        router.processBroadcastElement(estimated("b", 1_600, 3), 1_600);
        router.processElement(task("t4", 1_650), 1_650);
        RoutingDecision next = last(router.extractOutputValues());
        assertThat(next.getServerId()).isEqualTo("a");
        assertThat(next.getChosenK()).isEqualTo(liveK(1));
    }

    @Test
    void aServerWithUnacknowledgedTasksIsNotIdle() throws Exception {
        var router = router("heartbeat-k-live");
        router.setProcessingTime(1_000);
        router.processBroadcastElement(estimated("a", 1_000, 0), 1_000);
        router.processBroadcastElement(estimated("b", 1_000, 2), 1_000);
        router.processElement(task("t1", 1_100), 1_100);
        assertThat(last(router.extractOutputValues()).getRule()).isEqualTo("IDLE_QUEUE");

        // a's next heartbeat still says idle: t1 has not reached it. a must not go back into the
        // idle queue.
        router.processBroadcastElement(estimated("a", 2_000, 0), 2_000);
        router.processElement(task("t2", 2_100), 2_100);
        RoutingDecision next = last(router.extractOutputValues());
        assertThat(next.getRule()).isEqualTo("MIN_K");
        assertThat(next.getServerId()).isEqualTo("a");
        assertThat(next.getChosenK()).isEqualTo(liveK(1));

        // Once t1 and t2 are acknowledged and done, an idle heartbeat makes a idle again.
        router.processBroadcastElement(estimated("a", 3_000, 0, "t1", "t2"), 3_000);
        router.processElement(task("t3", 3_100), 3_100);
        assertThat(last(router.extractOutputValues()).getRule()).isEqualTo("IDLE_QUEUE");
    }

    @Test
    void aBurstBetweenTwoUpdatesSpreadsOverTheServersInsteadOfHerding() throws Exception {
        for (String policy : List.of("heartbeat-k-live", "jsq", "least-connections")) {
            var router = router(policy);
            router.setProcessingTime(1_000);
            for (String server : List.of("a", "b", "c", "d")) {
                router.processBroadcastElement(estimated(server, 1_000, 1), 1_000);
            }
            // Twelve decisions and no update in between: each server's own count rises with every
            // task sent to it.
            for (int i = 0; i < 12; i++) {
                router.processElement(task(policy + "-" + i, 1_010), 1_010);
            }
            assertThat(
                            router.extractOutputValues().stream()
                                    .collect(
                                            Collectors.groupingBy(
                                                    RoutingDecision::getServerId,
                                                    Collectors.counting())))
                    .as(policy)
                    .containsOnlyKeys("a", "b", "c", "d")
                    .allSatisfy((server, n) -> assertThat(n).isEqualTo(3));
        }
    }

    @Test
    void eachDecisionCarriesHowLateTheChosenServersNewestUpdateArrived() throws Exception {
        var router = router("jsq");
        router.setProcessingTime(1_250);
        router.processBroadcastElement(estimated("a", 1_200, 0), 1_200);
        router.setProcessingTime(1_400);
        router.processElement(task("t1", 1_400), 1_400);
        RoutingDecision d = single(router.extractOutputValues());
        assertThat(d.getUpdateDelayMillis())
                .as("arrived at 1250 for an event at 1200")
                .isEqualTo(50);
        assertThat(d.getSnapshotAgeMillis()).as("information 200 ms old when used").isEqualTo(200);
    }

    @Test
    void eachDecisionCarriesOneUpdateDelayDrawnSinceThePreviousDecisionFromAnyServer()
            throws Exception {
        var router = router("jsq");
        router.setProcessingTime(1_300);
        router.processBroadcastElement(estimated("late", 1_000, 5), 1_300);
        router.setProcessingTime(1_320);
        router.processBroadcastElement(estimated("idle", 1_310, 0), 1_320);
        router.processElement(task("t1", 1_400), 1_400);
        router.processElement(task("t2", 1_410), 1_410);
        List<RoutingDecision> out = router.extractOutputValues();
        assertThat(out).extracting(RoutingDecision::getServerId).containsExactly("idle", "idle");
        assertThat(out.get(0).getSampledUpdateDelayMillis())
                .as("one of the two updates before it, whichever server sent it")
                .isIn(300L, 10L);
        assertThat(out.get(1).getSampledUpdateDelayMillis())
                .as("no update arrived since the first decision")
                .isNull();
    }
}
