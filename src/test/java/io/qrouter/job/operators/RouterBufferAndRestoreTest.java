package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static io.qrouter.job.Records.task;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.Harnesses;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

/**
 * What the router keeps: tasks it holds while no server is alive (released in order, dead-lettered
 * past the deadline or the capacity), and its servers and held tasks across a restore or a rescale.
 */
class RouterBufferAndRestoreTest extends RouterFunctionTestBase {
    @Test
    void withNoServerAliveTasksWaitAndLeaveInArrivalOrderWhenOneAppears() throws Exception {
        var router = router("heartbeat-k-live");
        router.setProcessingTime(0);
        router.processElement(task("first", 0), 0);
        router.setProcessingTime(10);
        router.processElement(task("second", 10), 10);
        assertThat(router.extractOutputValues()).isEmpty();
        assertThat(deadLetters(router)).isEmpty();

        router.setProcessingTime(DEADLINE - 1);
        router.processBroadcastElement(snapshot("s1", DEADLINE - 100, 0), DEADLINE - 100);
        assertThat(router.extractOutputValues())
                .extracting(RoutingDecision::getTaskId)
                .containsExactly("first", "second");
        assertThat(router.extractOutputValues())
                .extracting(RoutingDecision::getServerId)
                .containsOnly("s1");

        // Their deadline timers find nothing left to dead-letter.
        router.setProcessingTime(DEADLINE + 100);
        assertThat(deadLetters(router)).isEmpty();
        assertThat(router.numProcessingTimeTimers()).isZero();
    }

    @Test
    void aTaskNoServerTakesBeforeTheDeadlineIsDeadLetteredWithTheReason() throws Exception {
        var router = router("heartbeat-k-live");
        router.setProcessingTime(0);
        router.processElement(task("t1", 0), 0);
        router.setProcessingTime(DEADLINE - 1);
        assertThat(deadLetters(router)).isEmpty();
        router.setProcessingTime(DEADLINE);

        DeadLetter letter = single(deadLetters(router));
        assertThat(letter.getTaskId()).isEqualTo("t1");
        assertThat(letter.getSourceTopic()).isEqualTo("tasks");
        assertThat(letter.getReason()).contains("no live server").contains(DEADLINE + " ms");
        assertThat(router.numProcessingTimeTimers()).isZero();
        // Nothing of it is left to release when a server appears.
        router.processBroadcastElement(snapshot("s1", DEADLINE, 0), DEADLINE);
        assertThat(router.extractOutputValues()).isEmpty();
    }

    @Test
    void whenTheBufferIsFullFurtherTasksAreDeadLetteredAtOnce() throws Exception {
        var router = router("heartbeat-k-live");
        for (int i = 0; i < CAPACITY + 2; i++) {
            router.processElement(task("t" + i, 0), 0);
        }
        List<DeadLetter> letters = deadLetters(router);
        assertThat(letters).extracting(DeadLetter::getTaskId).containsExactly("t3", "t4");
        assertThat(letters.get(0).getReason()).contains("buffer is full");

        router.processBroadcastElement(snapshot("s1", 0, 0), 0);
        assertThat(router.extractOutputValues())
                .extracting(RoutingDecision::getTaskId)
                .containsExactly("t0", "t1", "t2");
    }

    @Test
    void aRestoredRouterKeepsItsServersAndItsBufferedTasks() throws Exception {
        RouterSettings settings = settings("heartbeat-k-live");
        var router = router(settings, 1, 0, null);
        router.setProcessingTime(0);
        ServerUpdate down = snapshot("s1", 0, 0);
        down.setAlive(false);
        router.processBroadcastElement(down, 0);
        router.processElement(task("waiting", 0), 0);
        OperatorSubtaskState checkpoint = router.snapshot(1, 1);

        var restored = router(settings, 1, 0, checkpoint);
        restored.setProcessingTime(100);
        assertThat(restored.getBroadcastState(BroadcastStates.SERVER_UPDATES).contains("s1"))
                .isTrue();
        restored.processBroadcastElement(snapshot("s2", 50, 0), 50);
        assertThat(restored.extractOutputValues())
                .extracting(RoutingDecision::getTaskId)
                .containsExactly("waiting");

        // The rebuilt view holds s2 (alive) and s1 (down): everything goes to s2.
        restored.processElement(task("next", 100), 100);
        assertThat(restored.extractOutputValues())
                .extracting(RoutingDecision::getServerId)
                .containsOnly("s2");
    }

    @Test
    void aRestoredRouterDecidesFromTheCheckpointedSnapshotsBeforeAnyNewOne() throws Exception {
        RouterSettings settings = settings("least-connections");
        var router = router(settings, 1, 0, null);
        router.processBroadcastElement(snapshot("long", 0, 5), 0);
        router.processBroadcastElement(snapshot("short", 0, 1), 0);
        OperatorSubtaskState checkpoint = router.snapshot(1, 1);

        var restored = router(settings, 1, 0, checkpoint);
        restored.processElement(task("t1", 10), 10);
        RoutingDecision d = single(restored.extractOutputValues());
        assertThat(d.getServerId()).isEqualTo("short");
        assertThat(d.getRule()).isEqualTo("LEAST_CONNECTIONS");
    }

    @Test
    void rescaledFromOneToTwoSubtasksBothKnowEveryServerAndEachReleasesItsOwnBufferedTasks()
            throws Exception {
        RouterSettings settings = settings("heartbeat-k-live", "router.buffer.capacity", "100");
        var single = router(settings, 1, 0, null);
        ServerUpdate down = snapshot("s1", 0, 0);
        down.setAlive(false);
        single.processBroadcastElement(down, 0);
        List<String> waiting = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            waiting.addAll(taskIdsOfSubtask(r, 2, 3));
        }
        for (String id : waiting) {
            single.processElement(task(id, 0), 0);
        }
        OperatorSubtaskState checkpoint = single.snapshot(1, 1);

        List<String> released = new ArrayList<>();
        for (int r = 0; r < 2; r++) {
            OperatorSubtaskState part =
                    AbstractStreamOperatorTestHarness.repartitionOperatorState(
                            checkpoint, Harnesses.MAX_PARALLELISM, 1, 2, r);
            var router = router(settings, 2, r, part);
            assertThat(router.getBroadcastState(BroadcastStates.SERVER_UPDATES).contains("s1"))
                    .isTrue();
            router.processBroadcastElement(snapshot("s1", 10, 0), 10);
            List<RoutingDecision> out = router.extractOutputValues();
            assertThat(out)
                    .extracting(RoutingDecision::getTaskId)
                    .containsExactlyInAnyOrderElementsOf(taskIdsOfSubtask(r, 2, 3));
            out.forEach(d -> released.add(d.getTaskId()));
        }
        assertThat(released).containsExactlyInAnyOrderElementsOf(waiting);
    }

    private static List<DeadLetter> deadLetters(RouterHarness router) {
        var records = router.getSideOutput(RouterFunction.DEAD_LETTERS);
        return records == null
                ? List.of()
                : records.stream().map(StreamRecord::getValue).collect(Collectors.toList());
    }
}
