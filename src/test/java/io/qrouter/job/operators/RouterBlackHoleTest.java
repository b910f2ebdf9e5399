package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static io.qrouter.job.Records.task;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.records.ServerUpdate;
import java.util.List;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.Test;

/**
 * A server that acknowledges none of the tasks it is sent (a black hole) is ejected once its oldest
 * unacknowledged task is older than router.ack-timeout.ms: its tasks are dead-lettered, the
 * ejection logged on control-log, and it takes part again when the ejection ends; with
 * router.redecide-unacknowledged its tasks are routed again instead.
 */
class RouterBlackHoleTest extends RouterFunctionTestBase {
    @Test
    void aBlackHoleIsEjectedItsTasksDeadLetteredAndItComesBack() throws Exception {
        var router =
                goodAndHole(
                        settings(
                                "round-robin",
                                "router.ack-timeout.ms",
                                "1000",
                                "router.ack-ejection.ms",
                                "5000"));
        router.setProcessingTime(1_100);
        for (int i = 0; i < 4; i++) {
            router.processElement(task("t" + i, 1_100), 1_100);
        }
        List<RoutingDecision> first = router.extractOutputValues();
        List<String> toHole = tasksOf(first, "hole");
        assertThat(toHole).hasSize(2);
        acknowledge(router, tasksOf(first, "good"), 1_500);

        // a task decided the timeout later comes back: nothing happens; 1 ms later, and the hole
        // is ejected
        router.setProcessingTime(2_100);
        router.processElement(task("t4", 2_100), 2_100);
        router.processElement(task("t5", 2_100), 2_100);
        acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 2_150);
        router.setProcessingTime(2_151);
        router.processElement(task("t6", 2_151), 2_151);
        router.processElement(task("t7", 2_151), 2_151);
        assertThat(deadLetters(router)).isEmpty();
        assertThat(tasksOf(router.extractOutputValues(), "hole")).hasSize(4);
        acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 2_160);
        router.setProcessingTime(2_300);
        for (int i = 8; i < 12; i++) {
            router.processElement(task("t" + i, 2_300), 2_300);
        }
        List<RoutingDecision> all = router.extractOutputValues();
        List<RoutingDecision> afterEjection = all.subList(8, all.size());
        assertThat(afterEjection).extracting(RoutingDecision::getServerId).containsOnly("good");
        List<String> swallowed = tasksOf(all.subList(0, 8), "hole");
        assertThat(deadLetters(router))
                .allSatisfy(
                        d ->
                                assertThat(d.getReason())
                                        .startsWith("decided to hole, which acknowledged none")
                                        .contains("black hole"));
        List<ControlLogEntry> log = controlLog(router);
        assertThat(log).hasSize(1);
        assertThat(log.get(0).getOutcome()).isEqualTo("EVENT");
        assertThat(log.get(0).getAction()).isEqualTo("EJECTED");
        assertThat(log.get(0).getTarget()).isEqualTo("hole");
        assertThat(log.get(0).getReason())
                .contains("none of " + swallowed.size() + " tasks")
                .contains("for 5 s");

        acknowledge(router, tasksOf(all, "good"), 2_400);
        router.setProcessingTime(2_300 + 5_000);
        router.processElement(task("t12", 7_300), 7_300);
        router.processElement(task("t13", 7_300), 7_300);
        List<RoutingDecision> back = router.extractOutputValues();
        assertThat(back.subList(all.size(), back.size()))
                .extracting(RoutingDecision::getServerId)
                .contains("hole");
    }

    @Test
    void withRedecideOnTheHolesTasksAreRoutedAgainAndNoneIsDeadLettered() throws Exception {
        var router = goodAndHole(redeciding());
        for (int i = 0; i < 4; i++) {
            router.processElement(task("t" + i, 1_000), 1_000);
        }
        List<String> swallowed = tasksOf(router.extractOutputValues(), "hole");
        assertThat(swallowed).hasSize(2);
        acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 1_500);

        router.setProcessingTime(2_001);
        router.processElement(task("t4", 2_001), 2_001);
        router.processElement(task("t5", 2_001), 2_001);
        swallowed = tasksOf(router.extractOutputValues(), "hole");
        acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 2_050);
        router.setProcessingTime(2_200);
        router.processElement(task("t6", 2_200), 2_200);
        List<RoutingDecision> all = router.extractOutputValues();
        List<RoutingDecision> again =
                all.stream().filter(d -> d.getRedecidedFrom() != null).toList();
        assertThat(again)
                .extracting(RoutingDecision::getTaskId)
                .containsExactlyElementsOf(swallowed);
        assertThat(again).extracting(RoutingDecision::getServerId).containsOnly("good");
        assertThat(again).extracting(RoutingDecision::getRedecidedFrom).containsOnly("hole");
        assertThat(all.get(all.size() - 1).getTaskId())
                .as("the swallowed tasks first")
                .isEqualTo("t6");
        assertThat(all.get(all.size() - 1).getRedecidedFrom()).isNull();
        assertThat(deadLetters(router)).isEmpty();
        assertThat(controlLog(router))
                .singleElement()
                .satisfies(e -> assertThat(e.getReason()).endsWith("its tasks re-decided"));
    }

    @Test
    void withRedecideATaskNoServerCanTakeIsDeadLetteredStill() throws Exception {
        var router = goodAndHole(redeciding());
        for (int i = 0; i < 4; i++) {
            router.processElement(task("t" + i, 1_000), 1_000);
        }
        router.setProcessingTime(2_001);
        router.processElement(task("t4", 2_001), 2_001);
        router.processElement(task("t5", 2_001), 2_001);
        List<RoutingDecision> first = router.extractOutputValues();
        acknowledge(router, tasksOf(first, "good"), 2_050);
        ServerUpdate left = snapshot("good", 2_060, 0);
        left.setGone(true);
        router.processBroadcastElement(left, 2_060);
        router.setProcessingTime(2_100);
        router.processElement(task("t6", 2_100), 2_100);
        assertThat(router.extractOutputValues())
                .as("t6 waits in the buffer; nothing is decided twice")
                .extracting(RoutingDecision::getTaskId)
                .containsExactly("t0", "t1", "t2", "t3", "t4", "t5");
        assertThat(deadLetters(router))
                .extracting(DeadLetter::getTaskId)
                .containsExactlyElementsOf(tasksOf(first, "hole"));
        assertThat(controlLog(router))
                .singleElement()
                .satisfies(e -> assertThat(e.getReason()).endsWith("its tasks dead-lettered"));
    }

    /**
     * A broker or job restart silences every server at once, and their acknowledgements come back
     * late, each partition at its own pace: nobody is ejected while the loop is silent, nor for one
     * timeout after acknowledgements resume; a server still silent then is.
     */
    @Test
    void aSilentPipelineEjectsNobodyUntilTheLoopHasWorkedForOneTimeout() throws Exception {
        var router = stalledThenResumed();
        List<RoutingDecision> all = router.extractOutputValues();
        decideAt(router, 6_100, "t7", "t8");
        acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 6_150);
        decideAt(router, 6_200, "t9");
        assertTheHoleEjectedWith(router, tasksOf(all, "hole"));
    }

    @Test
    void aServerWhoseAcknowledgementsComeBackLateAfterAStallIsNoBlackHole() throws Exception {
        var router = stalledThenResumed();
        acknowledge(router, "hole", tasksOf(router.extractOutputValues(), "hole"), 5_600);
        decideAt(router, 6_100, "t7", "t8");
        acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 6_150);
        acknowledge(router, "hole", tasksOf(router.extractOutputValues(), "hole"), 6_150);
        decideAt(router, 6_200, "t9", "t10");
        assertThat(controlLog(router)).isEmpty();
        assertThat(deadLetters(router)).isEmpty();
        assertThat(tasksOf(router.extractOutputValues().subList(9, 11), "hole")).hasSize(1);
    }

    /**
     * Four tasks at 1,000 ms, 4 s of silence, then "good" acknowledges its two at 5,000 ms, and the
     * router decides three more while the hole stays silent: the old rule would eject it at 5,200
     * ms, since a task decided the timeout after its oldest has come back.
     */
    private RouterHarness stalledThenResumed() throws Exception {
        var router = goodAndHole(settings("round-robin", "router.ack-timeout.ms", "1000"));
        for (int i = 0; i < 4; i++) {
            router.processElement(task("t" + i, 1_000), 1_000);
        }
        router.setProcessingTime(5_000);
        acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 5_000);
        decideAt(router, 5_000, "t4", "t5");
        acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 5_100);
        decideAt(router, 5_200, "t6");
        assertThat(controlLog(router)).as("recovering until 6,000 ms").isEmpty();
        assertThat(deadLetters(router)).isEmpty();
        return router;
    }

    /**
     * After an at-least-once restart the router decides again the tasks read since the checkpoint,
     * and each server ignores the repeat of a task it already has (the protocol's dedupe contract).
     * A server that acknowledges a later task of this router has passed the repeat over, not
     * swallowed it: it is not ejected, and the repeat stops counting on it.
     */
    @Test
    void aServerThatAcknowledgesALaterTaskIsNoBlackHole() throws Exception {
        var router = goodAndHole(settings("round-robin", "router.ack-timeout.ms", "1000"));
        for (int i = 0; i < 4; i++) {
            router.processElement(task("t" + i, 1_000), 1_000);
        }
        List<RoutingDecision> first = router.extractOutputValues();
        List<String> toHole = tasksOf(first, "hole");
        assertThat(toHole).hasSize(2);
        acknowledge(router, "good", tasksOf(first, "good"), 1_500);
        // the first is a repeat the server ignores; it acknowledges the second
        acknowledge(router, "hole", List.of(toHole.get(1)), 1_500);

        router.setProcessingTime(2_600);
        router.processElement(task("t4", 2_600), 2_600);
        router.processElement(task("t5", 2_600), 2_600);
        List<RoutingDecision> second = router.extractOutputValues().subList(4, 6);
        acknowledge(router, "good", tasksOf(second, "good"), 2_650);
        acknowledge(router, "hole", tasksOf(second, "hole"), 2_650);
        router.setProcessingTime(2_700);
        router.processElement(task("t6", 2_700), 2_700);
        router.processElement(task("t7", 2_700), 2_700);

        assertThat(controlLog(router)).isEmpty();
        assertThat(deadLetters(router)).isEmpty();
        assertThat(tasksOf(router.extractOutputValues().subList(6, 8), "hole")).hasSize(1);
    }

    /**
     * A task lost when the broker restarts leaves its server one unacknowledged task, and that
     * task, counted in flight, makes the server look busy: no later task would clear it. One task
     * is no evidence; a second one past the timeout is.
     */
    @Test
    void oneUnacknowledgedTaskIsNoEvidenceATwoAre() throws Exception {
        var router = goodAndHole(settings("jsq", "router.ack-timeout.ms", "1000"));
        router.processElement(task("t0", 1_000), 1_000);
        router.processElement(task("t1", 1_000), 1_000);
        List<RoutingDecision> first = router.extractOutputValues();
        assertThat(tasksOf(first, "hole")).hasSize(1);
        router.setProcessingTime(2_500);
        for (int i = 2; i < 6; i++) {
            router.processElement(task("t" + i, 2_500), 2_500);
            acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 2_550);
        }
        router.setProcessingTime(2_700);
        router.processElement(task("t6", 2_700), 2_700);
        assertThat(controlLog(router)).as("one task of the hole's past the timeout").isEmpty();

        // the hole takes a second task and leaves it unacknowledged past the timeout too
        List<String> toHole = tasksOf(router.extractOutputValues(), "hole");
        assertThat(toHole).hasSizeGreaterThan(1);
        decideAt(router, 4_000, "t7");
        acknowledge(router, tasksOf(router.extractOutputValues(), "good"), 4_050);
        decideAt(router, 4_200, "t8");
        assertTheHoleEjectedWith(router, toHole);
    }

    /** One router at 1,000 ms that knows two idle servers, "good" and "hole". */
    private RouterHarness goodAndHole(RouterSettings settings) throws Exception {
        var router = router(settings, 1, 0, null);
        router.setProcessingTime(1_000);
        router.processBroadcastElement(snapshot("good", 1_000, 0), 1_000);
        router.processBroadcastElement(snapshot("hole", 1_000, 0), 1_000);
        return router;
    }

    /** Sets the router's clock to {@code at} and routes one task per id there. */
    private static void decideAt(RouterHarness router, long at, String... taskIds)
            throws Exception {
        router.setProcessingTime(at);
        for (String id : taskIds) {
            router.processElement(task(id, at), at);
        }
    }

    /** The hole's one ejection is logged, and every task it swallowed is dead-lettered. */
    private static void assertTheHoleEjectedWith(RouterHarness router, List<String> swallowed) {
        assertThat(controlLog(router))
                .singleElement()
                .satisfies(e -> assertThat(e.getTarget()).isEqualTo("hole"));
        assertThat(deadLetters(router)).extracting(DeadLetter::getTaskId).containsAll(swallowed);
    }

    private static RouterSettings redeciding() {
        return settings(
                "round-robin",
                "router.ack-timeout.ms",
                "1000",
                "router.redecide-unacknowledged",
                "true");
    }

    private static void acknowledge(RouterHarness router, List<String> taskIds, long at)
            throws Exception {
        acknowledge(router, "good", taskIds, at);
    }

    private static void acknowledge(
            RouterHarness router, String serverId, List<String> taskIds, long at) throws Exception {
        ServerUpdate ack = snapshot(serverId, at, 0);
        ack.setEnqueuedSinceLastSnapshot(taskIds);
        router.processBroadcastElement(ack, at);
    }

    private static List<String> tasksOf(List<RoutingDecision> decisions, String server) {
        return decisions.stream()
                .filter(d -> d.getServerId().equals(server))
                .map(RoutingDecision::getTaskId)
                .toList();
    }

    private static List<DeadLetter> deadLetters(RouterHarness router) {
        var records = router.getSideOutput(RouterFunction.DEAD_LETTERS);
        return records == null ? List.of() : records.stream().map(StreamRecord::getValue).toList();
    }

    private static List<ControlLogEntry> controlLog(RouterHarness router) {
        var records = router.getSideOutput(AdminStamp.CONTROL_LOG);
        return records == null ? List.of() : records.stream().map(StreamRecord::getValue).toList();
    }
}
