package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VirtualFleetTest {
    private static final long START = 1_700_000_000_000L;

    /** Everything a virtual fleet emitted, in emission order. */
    private static final class Recorder implements VirtualFleet.Output {
        final List<Long> times = new ArrayList<>();
        final List<TaskRequest> tasks = new ArrayList<>();
        final Map<String, List<TaskEventType>> eventsByTask = new HashMap<>();
        final Map<String, String> serverByTask = new HashMap<>();
        final Map<String, List<Heartbeat>> beatsByServer = new HashMap<>();

        @Override
        public void task(TaskRequest task) {
            times.add(task.getCreatedAt().toEpochMilli());
            tasks.add(task);
        }

        @Override
        public void event(TaskEvent event) {
            times.add(event.getEventTime().toEpochMilli());
            eventsByTask
                    .computeIfAbsent(event.getTaskId(), id -> new ArrayList<>())
                    .add(event.getType());
            serverByTask.put(event.getTaskId(), event.getServerId());
        }

        @Override
        public void heartbeat(Heartbeat heartbeat) {
            times.add(heartbeat.getSentAt().toEpochMilli());
            beatsByServer
                    .computeIfAbsent(heartbeat.getServerId(), id -> new ArrayList<>())
                    .add(heartbeat);
        }
    }

    private static VirtualFleet fleet(int servers, double rate) {
        return new VirtualFleet(
                new VirtualFleet.Settings(servers, rate, 0.8, 0.5, 2.0, 1000, 3, "t"), START);
    }

    @Test
    void recordsComeInTimeOrderAndEveryTaskHasTheLifecycleAServerReports() {
        Recorder out = new Recorder();
        VirtualFleet fleet = fleet(5, 50);
        fleet.emitUntil(200, out);

        assertThat(out.times).isSorted();
        assertThat(out.tasks).hasSize((int) fleet.tasksCreated());
        for (TaskRequest task : out.tasks) {
            List<TaskEventType> events = out.eventsByTask.get(task.getTaskId());
            assertThat(events).as(task.getTaskId()).isNotNull();
            assertThat(events.get(0)).isEqualTo(TaskEventType.ENQUEUED);
            // still queued at the end, or started (and maybe completed), or abandoned while waiting
            assertThat(
                            List.of(
                                    List.of(TaskEventType.ENQUEUED),
                                    List.of(TaskEventType.ENQUEUED, TaskEventType.STARTED),
                                    List.of(
                                            TaskEventType.ENQUEUED,
                                            TaskEventType.STARTED,
                                            TaskEventType.COMPLETED),
                                    List.of(TaskEventType.ENQUEUED, TaskEventType.ABANDONED)))
                    .contains(events);
        }
    }

    @Test
    void tasksArriveAtTheRateAndSpreadInProportionToTheServiceRates() {
        Recorder out = new Recorder();
        VirtualFleet fleet = fleet(4, 100);
        fleet.emitUntil(400, out);

        // Poisson: 40 000 expected, standard deviation 200
        assertThat((double) fleet.tasksCreated()).isCloseTo(40_000, within(1_000.0));
        Map<String, Double> mu = new HashMap<>();
        out.beatsByServer.forEach(
                (id, beats) -> mu.put(id, beats.get(0).getServiceRatePerSecond()));
        double capacity = mu.values().stream().mapToDouble(Double::doubleValue).sum();
        assertThat(capacity).isCloseTo(100 / 0.8, within(1e-9));
        Map<String, Integer> received = new HashMap<>();
        out.serverByTask.values().forEach(id -> received.merge(id, 1, Integer::sum));
        mu.forEach(
                (id, rate) ->
                        assertThat((double) received.get(id) / fleet.tasksCreated())
                                .as(id)
                                .isCloseTo(rate / capacity, within(0.015)));
    }

    @Test
    void everyServerAnnouncesItselfAtOnceThenBeatsEveryInterval() {
        Recorder out = new Recorder();
        VirtualFleet fleet = fleet(3, 10);
        fleet.taskArrivals(false);
        fleet.emitUntil(10, out);

        assertThat(out.tasks).isEmpty();
        assertThat(out.beatsByServer).hasSize(3);
        out.beatsByServer
                .values()
                .forEach(
                        beats -> {
                            assertThat(beats.get(0).getSentAt().toEpochMilli()).isEqualTo(START);
                            assertThat(beats).hasSizeBetween(10, 11);
                            for (int k = 2; k < beats.size(); k++) {
                                assertThat(
                                                beats.get(k).getSentAt().toEpochMilli()
                                                        - beats.get(k - 1)
                                                                .getSentAt()
                                                                .toEpochMilli())
                                        .isEqualTo(1000);
                            }
                            assertThat(beats)
                                    .allSatisfy(b -> assertThat(b.getQueueLength()).isZero());
                        });
    }

    @Test
    void emitTasksStopsAtExactlyTheCountAsked() {
        Recorder out = new Recorder();
        VirtualFleet fleet = fleet(20, 1000);
        fleet.emitTasks(1234, out);
        assertThat(out.tasks).hasSize(1234);
        assertThat(fleet.tasksCreated()).isEqualTo(1234);
    }
}
