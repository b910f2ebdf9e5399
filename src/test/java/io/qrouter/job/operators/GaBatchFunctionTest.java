package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static io.qrouter.job.Records.task;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.ga.Allocation;
import io.qrouter.core.ga.BatchAllocator;
import io.qrouter.core.ga.BatchTask;
import io.qrouter.core.ga.ServerProfile;
import io.qrouter.job.FeedHarness;
import io.qrouter.job.Harnesses;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.GaSettings;
import io.qrouter.job.convert.GaRecords;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import io.qrouter.job.state.GaServerView;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GaBatchFunctionTest {
    private static final int BATCH = 6;
    private static final long WINDOW = 500;
    private static final long DEADLINE = 2_000;

    private final GaSettings settings =
            TestSettings.ga(
                    "ga.batch-size",
                    Integer.toString(BATCH),
                    "ga.window.ms",
                    Long.toString(WINDOW),
                    "router.buffer.deadline.ms",
                    Long.toString(DEADLINE),
                    "ga.population",
                    "12",
                    "ga.generations",
                    "8");
    private FeedHarness<Integer, TaskRequest, RoutingDecision> harness;

    private void start() throws Exception {
        harness =
                Harnesses.broadcast(
                        new GaBatchFunction(settings),
                        GaBatchFunction.laneKey(1),
                        Types.INT,
                        BroadcastStates.GA_SERVERS,
                        1,
                        0,
                        null);
    }

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    private static ServerUpdate server(String id, double rate, int queue, double cpu) {
        ServerUpdate s = snapshot(id, 0, queue);
        s.setServiceRatePerSecond(rate);
        s.setCpu(cpu);
        s.setMemory(cpu / 2);
        s.setBandwidth(cpu / 4);
        return s;
    }

    @Test
    void aFullWindowIsAssignedByTheAllocatorAndNoTaskGoesToAnOverloadedOrDownServer()
            throws Exception {
        start();
        List<ServerUpdate> usable =
                List.of(
                        server("a", 4, 0, 0.2),
                        server("b", 2, 1, 0.5),
                        server("c", 3, 0, 0.3),
                        server("hot", 1, 100, 0.9));
        for (ServerUpdate s : usable) {
            harness.processBroadcastElement(s, 0);
        }
        ServerUpdate down = server("down", 10, 0, 0);
        down.setAlive(false);
        harness.processBroadcastElement(down, 0);

        List<TaskRequest> tasks = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            TaskRequest t = TaskRequest.newBuilder(task("t" + i, 0)).setLoad(1 + i % 3).build();
            tasks.add(t);
            harness.processElement(t, 0);
        }

        List<RoutingDecision> out = harness.extractOutputValues();
        assertThat(out)
                .extracting(RoutingDecision::getTaskId)
                .containsExactlyElementsOf(tasks.stream().map(TaskRequest::getTaskId).toList());
        assertThat(out).extracting(RoutingDecision::getRule).containsOnly("GA_BATCH");
        assertThat(out).extracting(RoutingDecision::getPolicy).containsOnly("mv-ga");
        // "hot" is far above L_max = R·L_ave before the batch; "down" accepts nothing.
        assertThat(out)
                .extracting(RoutingDecision::getServerId)
                .doesNotContain("hot", "down")
                .isSubsetOf("a", "b", "c");

        // The same window given to the allocator directly (servers in id order, one load sample
        // each, lane 0's
        // first window's seed).
        List<ServerProfile> servers = new ArrayList<>();
        for (ServerUpdate s : usable) {
            servers.add(GaRecords.toGaServer(s, new GaServerView().next(s).loadIndexHistory));
        }
        List<BatchTask> batch =
                tasks.stream().map(t -> new BatchTask(t.getTaskId(), t.getLoad())).toList();
        Allocation direct =
                BatchAllocator.named("mv-ga", settings.gaConfig())
                        .allocate(
                                batch, servers, GaBatchFunction.windowSeed(settings.seed(), 0, 0));
        for (int i = 0; i < BATCH; i++) {
            assertThat(out.get(i).getServerId()).isEqualTo(direct.serverOf(i));
        }
    }

    @Test
    void serversWithIdenticalConstantHistoriesStillGetTheirWindow() throws Exception {
        start();
        for (int beat = 0; beat < 3; beat++) {
            for (String id : List.of("a", "b", "c")) {
                harness.processBroadcastElement(server(id, 2, 0, 0.0), beat);
            }
        }
        for (int i = 0; i < BATCH; i++) {
            harness.processElement(task("t" + i, 0), 0);
        }
        assertThat(harness.extractOutputValues())
                .hasSize(BATCH)
                .extracting(RoutingDecision::getServerId)
                .isSubsetOf("a", "b", "c");
    }

    @Test
    void aWindowThatDoesNotFillIsAssignedWhenItsTimeIsUp() throws Exception {
        start();
        harness.setProcessingTime(0);
        harness.processBroadcastElement(server("a", 4, 0, 0.2), 0);
        harness.processElement(task("t1", 0), 0);
        harness.processElement(task("t2", 0), 0);
        harness.setProcessingTime(WINDOW - 1);
        assertThat(harness.extractOutputValues()).isEmpty();
        harness.setProcessingTime(WINDOW);
        assertThat(harness.extractOutputValues())
                .extracting(RoutingDecision::getServerId)
                .containsExactly("a", "a");
        assertThat(harness.numProcessingTimeTimers()).isZero();
    }

    @Test
    void withoutServersTheWindowWaitsThenDeadLettersAtTheDeadline() throws Exception {
        start();
        harness.setProcessingTime(0);
        harness.processElement(task("old", 0), 0);
        harness.setProcessingTime(WINDOW);
        assertThat(harness.extractOutputValues()).isEmpty();
        harness.processElement(task("young", WINDOW), WINDOW);

        harness.setProcessingTime(DEADLINE);
        var letters = harness.getSideOutput(RouterFunction.DEAD_LETTERS);
        assertThat(
                        letters.stream()
                                .map(StreamRecord::getValue)
                                .map(DeadLetter::getTaskId)
                                .collect(Collectors.toList()))
                .containsExactly("old");

        harness.processBroadcastElement(server("a", 4, 0, 0.2), DEADLINE);
        harness.setProcessingTime(DEADLINE + WINDOW);
        assertThat(harness.extractOutputValues())
                .extracting(RoutingDecision::getTaskId)
                .containsExactly("young");
    }

    @Test
    void theDeadlineCountsFromBufferingNotFromTheProducersClock() throws Exception {
        start();
        harness.setProcessingTime(10 * DEADLINE);
        harness.processElement(task("created-long-ago", 0), 10 * DEADLINE);
        harness.setProcessingTime(10 * DEADLINE + WINDOW);
        assertThat(harness.getSideOutput(RouterFunction.DEAD_LETTERS)).isNullOrEmpty();

        harness.setProcessingTime(11 * DEADLINE);
        assertThat(harness.getSideOutput(RouterFunction.DEAD_LETTERS))
                .extracting(r -> r.getValue().getTaskId())
                .containsExactly("created-long-ago");
    }

    @Test
    void everyLaneAndWindowDrawsItsOwnSeed() {
        java.util.Set<Long> seeds = new java.util.HashSet<>();
        for (int lane = 0; lane < 8; lane++) {
            for (long window = 0; window < 500; window++) {
                seeds.add(GaBatchFunction.windowSeed(42, lane, window));
            }
        }
        assertThat(seeds).hasSize(8 * 500);
        assertThat(GaBatchFunction.windowSeed(42, 3, 7))
                .isEqualTo(GaBatchFunction.windowSeed(42, 3, 7));
    }

    @Test
    void theBroadcastServerViewIsAPojo() {
        assertThat(TypeInformation.of(GaServerView.class)).isInstanceOf(PojoTypeInfo.class);
    }
}
