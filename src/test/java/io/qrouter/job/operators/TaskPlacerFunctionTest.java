package io.qrouter.job.operators;

import static io.qrouter.job.Records.heartbeat;
import static io.qrouter.job.Records.task;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.FeedHarness;
import io.qrouter.job.Harnesses;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.ServerStateHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
import org.junit.jupiter.api.Test;

/**
 * The placer in front of two real routers, fed the same updates: with eight idle servers, the first
 * eight tasks all find an idle server at the router they are keyed for.
 */
class TaskPlacerFunctionTest {
    private static final int ROUTERS = 2;
    private static final int SERVERS = 8;

    @Test
    void everyTaskReachesARouterThatHoldsAnIdleServerWhileAnyIsIdle() throws Exception {
        List<RoutingDecision> decisions = route("idle-servers", SERVERS);
        Set<String> servers = new HashSet<>();
        for (RoutingDecision d : decisions) {
            assertThat(d.getRule()).as("task %s", d.getTaskId()).isEqualTo("IDLE_QUEUE");
            servers.add(d.getServerId());
        }
        assertThat(servers).hasSize(SERVERS);
    }

    @Test
    void randomPlacementKeysTasksByIdAndStrandsIdleServersAtTheOtherRouter() throws Exception {
        // by id, the eight tasks split between the routers otherwise than their idle servers do
        List<RoutingDecision> decisions = route("random", SERVERS);
        long idle = decisions.stream().filter(d -> d.getRule().equals("IDLE_QUEUE")).count();
        assertThat(idle).isLessThan(SERVERS);
    }

    /**
     * In the job the placer and the routers read the updates at different moments. Here the routers
     * still hold every server's busy update when the tasks arrive, and only the placer has read the
     * idle ones: each router takes the idle server the placer named for it.
     */
    @Test
    void aRouterTakesTheIdleServerThePlacerNamedBeforeItsOwnViewShowsItIdle() throws Exception {
        List<RoutingDecision> decisions = route("idle-servers", SERVERS, true);
        Set<String> servers = new HashSet<>();
        for (RoutingDecision d : decisions) {
            assertThat(d.getRule()).as("task %s", d.getTaskId()).isEqualTo("IDLE_QUEUE");
            servers.add(d.getServerId());
        }
        assertThat(servers).hasSize(SERVERS);
    }

    private static List<RoutingDecision> route(String placement, int tasks) throws Exception {
        return route(placement, tasks, false);
    }

    /**
     * @param routersLag the servers report busy, then idle; the routers read only the busy reports
     *     before the tasks arrive (else every report)
     */
    private static List<RoutingDecision> route(String placement, int tasks, boolean routersLag)
            throws Exception {
        RouterSettings settings =
                TestSettings.router(
                        "router.policy", "heartbeat-k-live", "router.placement", placement);
        try (ServerStateHarness servers = Harnesses.serverState(TestSettings.serverState(), null);
                FeedHarness<String, TaskRequest, RouterInput> placer =
                        Harnesses.broadcast(
                                new TaskPlacerFunction(
                                        settings, ROUTERS, Harnesses.MAX_PARALLELISM),
                                RouterFunction.TASK_KEY,
                                Types.STRING,
                                BroadcastStates.SERVER_UPDATES,
                                1,
                                0,
                                null);
                RouterHarness router0 = Harnesses.router(settings, ROUTERS, 0, null);
                RouterHarness router1 = Harnesses.router(settings, ROUTERS, 1, null)) {
            List<RouterHarness> routers = List.of(router0, router1);
            if (routersLag) {
                for (int s = 0; s < SERVERS; s++) {
                    servers.processHeartbeat(heartbeat("srv-" + s, 900, 1), 900);
                }
                for (ServerUpdate u : servers.extractOutputValues()) {
                    placer.processBroadcastElement(u, 900);
                    for (RouterHarness r : routers) {
                        r.processBroadcastElement(u, 900);
                    }
                }
                servers.getOutput().clear();
            }
            for (int s = 0; s < SERVERS; s++) {
                servers.processHeartbeat(heartbeat("srv-" + s, 1_000, 0), 1_000);
            }
            for (ServerUpdate u : servers.extractOutputValues()) {
                placer.processBroadcastElement(u, 1_000);
                for (RouterHarness r : routersLag ? List.<RouterHarness>of() : routers) {
                    r.processBroadcastElement(u, 1_000);
                }
            }
            for (int t = 0; t < tasks; t++) {
                placer.processElement(task("task-" + t, 1_001), 1_001);
            }
            for (RouterInput keyed : placer.extractOutputValues()) {
                int subtask =
                        KeyGroupRangeAssignment.assignKeyToParallelOperator(
                                keyed.f0, Harnesses.MAX_PARALLELISM, ROUTERS);
                routers.get(subtask).processElement(keyed, 1_001);
            }
            List<RoutingDecision> decided = new ArrayList<>();
            routers.forEach(r -> decided.addAll(r.extractOutputValues()));
            assertThat(decided).hasSize(tasks);
            return decided;
        }
    }
}
