package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.avro.TaskEventType;
import io.qrouter.core.queueing.RenegingQueue;
import io.qrouter.tools.sim.Slowdowns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FleetServersTest {

    /**
     * Drives one server in virtual time with Poisson arrivals and compares with the M/M/1+M closed
     * form.
     */
    @Test
    void matchesTheRenegingQueueInTheLongRun() {
        double lambda = 0.9;
        double mu = 1.0;
        double alphaC = 0.5;
        SplittableRandom random = new SplittableRandom(7);
        Map<String, Double> arrivedAt = new HashMap<>();
        double[] waitSum = {0};
        long[] counts = new long[TaskEventType.values().length];
        TaskEventSink sink =
                (serverId, taskId, type, at) -> {
                    counts[type.ordinal()]++;
                    if (type == TaskEventType.STARTED || type == TaskEventType.ABANDONED) {
                        waitSum[0] += at - arrivedAt.get(taskId);
                    }
                };
        FleetServers server = new FleetServers(List.of("s"), new double[] {mu}, sink);
        int tasks = 200_000;
        double t = 0;
        for (int i = 0; i < tasks; i++) {
            t += exp(random) / lambda;
            String id = "t" + i;
            arrivedAt.put(id, t);
            server.arrive(0, new FleetTask(id, exp(random), exp(random) / alphaC), t);
        }
        server.advance(Double.POSITIVE_INFINITY);

        RenegingQueue exact = RenegingQueue.solve(lambda, mu, alphaC).orElseThrow();
        long abandoned = counts[TaskEventType.ABANDONED.ordinal()];
        long completed = counts[TaskEventType.COMPLETED.ordinal()];
        assertThat(counts[TaskEventType.ENQUEUED.ordinal()]).isEqualTo(tasks);
        assertThat(abandoned + completed).isEqualTo(tasks);
        assertThat((double) abandoned / tasks).isCloseTo(exact.abandonProbability(), within(0.01));
        assertThat(waitSum[0] / tasks)
                .isCloseTo(exact.meanWait(), within(0.03 * exact.meanWait() + 0.01));
        assertThat(server.queueLength(0)).isZero();
    }

    @Test
    void servesInArrivalOrderAndLetsOnlyWaitingTasksAbandon() {
        List<String> log = new ArrayList<>();
        TaskEventSink sink =
                (serverId, taskId, type, at) -> log.add(taskId + " " + type + " @" + at);
        // work 1 takes 0.5 s
        FleetServers server = new FleetServers(List.of("s"), new double[] {2.0}, sink);
        // a starts at once: its patience does not matter; c abandons at 0.4, before a finishes
        server.arrive(0, new FleetTask("a", 1.0, 0.1), 0.0);
        server.arrive(0, new FleetTask("b", 1.0, 10.0), 0.1);
        server.arrive(0, new FleetTask("c", 1.0, 0.2), 0.2);
        server.arrive(0, new FleetTask("d", 1.0, 10.0), 0.3);
        assertThat(server.queueLength(0)).isEqualTo(4);
        assertThat(server.nextEventAt()).isCloseTo(0.4, within(1e-12));
        server.advance(1.2);
        assertThat(log)
                .containsExactly(
                        "a ENQUEUED @0.0",
                        "a STARTED @0.0",
                        "b ENQUEUED @0.1",
                        "c ENQUEUED @0.2",
                        "d ENQUEUED @0.3",
                        "c ABANDONED @0.4",
                        "a COMPLETED @0.5",
                        "b STARTED @0.5",
                        "b COMPLETED @1.0",
                        "d STARTED @1.0");
        assertThat(server.busy(0)).isTrue();
        assertThat(server.queueLength(0)).isEqualTo(1);
        assertThat(server.busySeconds(0, 1.2)).isCloseTo(1.2, within(1e-12));
    }

    private static double exp(SplittableRandom random) {
        return -Math.log(1 - random.nextDouble());
    }

    /**
     * A failing server ends the given share of its services with FAILED, at the service's end, and
     * keeps the same timing: its events are those of a healthy server with COMPLETED renamed.
     */
    @Test
    void aFailingServerFailsItsShareOfServicesWhenTheyEnd() {
        List<String> healthy = new ArrayList<>();
        List<String> failing = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(9);
        int tasks = 20_000;
        double t = 0;
        TaskEventSink okSink =
                (id, taskId, type, at) -> healthy.add(taskId + " " + type + " " + at);
        TaskEventSink badSink =
                (id, taskId, type, at) -> failing.add(taskId + " " + type + " " + at);
        FleetServers ok = new FleetServers(List.of("s"), new double[] {1.0}, okSink);
        FleetServers bad =
                new FleetServers(
                        List.of("s"),
                        new double[] {1.0},
                        new int[] {1},
                        Slowdowns.NONE,
                        new double[] {0.3},
                        new SplittableRandom[] {new SplittableRandom(5)},
                        badSink);
        for (int i = 0; i < tasks; i++) {
            t += exp(random) / 0.8;
            FleetTask task = new FleetTask("t" + i, exp(random), exp(random) * 2);
            ok.arrive(0, task, t);
            bad.arrive(0, task, t);
        }
        ok.advance(Double.POSITIVE_INFINITY);
        bad.advance(Double.POSITIVE_INFINITY);

        assertThat(failing.stream().map(e -> e.replace("FAILED", "COMPLETED")).toList())
                .isEqualTo(healthy);
        long failed = failing.stream().filter(e -> e.contains(" FAILED ")).count();
        long served = healthy.stream().filter(e -> e.contains(" COMPLETED ")).count();
        assertThat((double) failed / served).isCloseTo(0.3, within(0.015));
    }

    /**
     * A server of two slots: two tasks at once, its busy time counted in whole servers (slot
     * seconds over slots), and a slowdown played in fleet time slows the service in progress.
     */
    @Test
    void aServerOfTwoSlotsThatSlowsDownServesAsTheSimulatorsDo() {
        List<String> log = new ArrayList<>();
        TaskEventSink sink =
                (serverId, taskId, type, at) -> {
                    if (type == TaskEventType.COMPLETED) {
                        log.add(taskId + " @" + at);
                    }
                };
        // slowed ×3 on [10, 11), [30, 31), …
        FleetServers server =
                new FleetServers(
                        List.of("s"),
                        new double[] {1},
                        new int[] {2},
                        new Slowdowns(3, 1, 19, new double[] {10}),
                        new double[1],
                        new SplittableRandom[1],
                        sink);
        server.arrive(0, new FleetTask("a", 2.0, 10), 0.0); // 0 to 2
        server.arrive(0, new FleetTask("b", 1.0, 10), 0.0); // 0 to 1
        assertThat(server.inService(0)).isEqualTo(2);
        assertThat(server.slots(0)).isEqualTo(2);
        server.advance(4);
        // 2 + 1 slot-seconds over 2 slots
        assertThat(server.busySeconds(0, 4)).isCloseTo(1.5, within(1e-12));
        // slowed: 0.5 / 3 of its work done by 11, the other 5/6 at normal speed
        server.arrive(0, new FleetTask("c", 1.0, 10), 10.5);
        server.arrive(0, new FleetTask("d", 1.0, 10), 12.0); // normal: to 13
        server.advance(20);
        assertThat(log).hasSize(4).startsWith("b @1.0", "a @2.0").endsWith("d @13.0");
        assertThat(log.get(2)).startsWith("c @");
        double cEnds = Double.parseDouble(log.get(2).substring(3));
        assertThat(cEnds).isCloseTo(11 + 5.0 / 6, within(1e-12));
        assertThat(server.busySeconds(0, 20))
                .isCloseTo(1.5 + (cEnds - 10.5 + 1) / 2.0, within(1e-12));
    }
}
