package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.control.OutlierSettings;
import io.qrouter.job.Harnesses;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.records.ServerSignal;
import io.qrouter.job.records.ServerUpdate;
import java.time.Instant;
import java.util.List;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.junit.jupiter.api.Test;

/**
 * Outlier detection end to end through the operators: per-server counts, the control operator's
 * detectors.
 */
class OutlierEjectionTest {
    private static final long NOW = 1_800_000_000_000L;

    /**
     * 3 failures in a row; success rate over 1 s intervals among servers of ≥ 10 tasks, ≥ 3 of
     * them; 5 s base.
     */
    private static final OutlierSettings OUTLIERS =
            new OutlierSettings(true, 3, 1.0, 10, 3, 1_000, 5_000, 0.34, 0.5);

    private static KeyedTwoInputStreamOperatorTestHarness<
                    String, ControlCommand, ServerSignal, ControlState>
            control() throws Exception {
        var harness =
                Harnesses.control(
                        new ControlSettings(
                                ControlFunctionTest.SECRET,
                                60_000,
                                TestSettings.router(),
                                true,
                                OUTLIERS),
                        null);
        harness.setProcessingTime(NOW);
        for (String id : List.of("a", "b", "c", "d", "e", "f")) {
            harness.processElement2(new StreamRecord<>(ServerSignal.of(snapshot(id, NOW, 0))));
        }
        return harness;
    }

    private static List<String> events(KeyedTwoInputStreamOperatorTestHarness<?, ?, ?, ?> harness) {
        var log = harness.getSideOutput(ControlFunction.CONTROL_LOG);
        return log == null
                ? List.of()
                : log.stream().map(StreamRecord::getValue).map(ControlLogEntry::getReason).toList();
    }

    private static ControlState last(
            KeyedTwoInputStreamOperatorTestHarness<?, ?, ?, ControlState> harness) {
        List<ControlState> out = harness.extractOutputValues();
        return out.get(out.size() - 1);
    }

    @Test
    void consecutiveFailuresEjectWithAGrowingBackOffAndTheServerReturns() throws Exception {
        try (var control = control()) {
            control.processElement2(
                    new StreamRecord<>(ServerSignal.counts(ServerSignal.FAILING, "a", 0, 3, 3)));
            assertThat(events(control))
                    .singleElement()
                    .asString()
                    .startsWith("EJECTED a for 5000 ms (ejection 1)");
            assertThat(last(control).acceptsTasks("a")).isFalse();
            assertThat(last(control).displayState("a", true)).isEqualTo("ejected");

            control.setProcessingTime(NOW + 4_999);
            assertThat(last(control).acceptsTasks("a")).isFalse();
            control.setProcessingTime(NOW + 5_000);
            assertThat(events(control).get(1)).startsWith("RETURNED a");
            assertThat(last(control).acceptsTasks("a")).isTrue();

            control.processElement2(
                    new StreamRecord<>(ServerSignal.counts(ServerSignal.FAILING, "a", 0, 6, 3)));
            assertThat(events(control).get(2)).startsWith("EJECTED a for 10000 ms (ejection 2)");
            control.setProcessingTime(NOW + 5_000 + 9_999);
            assertThat(last(control).acceptsTasks("a")).isFalse();
            control.setProcessingTime(NOW + 15_000);
            assertThat(last(control).acceptsTasks("a")).isTrue();
        }
    }

    @Test
    void neverMoreThanTheMaximumShareIsEjectedAndAPanicRoutesOverAll() throws Exception {
        try (var control = control()) {
            for (String id : List.of("a", "b", "c")) {
                control.processElement2(
                        new StreamRecord<>(ServerSignal.counts(ServerSignal.FAILING, id, 0, 3, 3)));
            }
            // 0.34 of 6 servers: two at most
            assertThat(events(control)).hasSize(3);
            assertThat(events(control).get(2)).startsWith("NOT_EJECTED c");
            assertThat(last(control).acceptsTasks("c")).isTrue();
            assertThat(last(control).isPanic()).isFalse();
            // four of the six leave: 2 live of which 2 ejected, below the panic threshold of half
            for (String id : List.of("c", "d", "e", "f")) {
                ServerUpdate gone = snapshot(id, NOW, 0);
                gone.setGone(true);
                control.processElement2(new StreamRecord<>(ServerSignal.of(gone)));
            }
            control.processElement2(
                    new StreamRecord<>(ServerSignal.counts(ServerSignal.FAILING, "b", 0, 4, 4)));
            assertThat(last(control).isPanic()).isTrue();
            assertThat(last(control).acceptsTasks("a")).as("ejected, but routed in panic").isTrue();
            assertThat(last(control).displayState("a", false))
                    .isEqualTo("ejected, routed in panic");
            assertThat(events(control)).anyMatch(e -> e.startsWith("PANIC:"));
        }
    }

    @Test
    void theSuccessRateDetectorEjectsTheOutlierAtTheIntervalsEnd() throws Exception {
        try (var control = control()) {
            for (String id : List.of("a", "b", "c", "d")) {
                control.processElement2(
                        new StreamRecord<>(ServerSignal.counts(ServerSignal.COUNTS, id, 99, 1, 0)));
            }
            control.processElement2(
                    new StreamRecord<>(ServerSignal.counts(ServerSignal.COUNTS, "e", 50, 50, 1)));
            assertThat(events(control)).isEmpty();
            control.setProcessingTime(NOW + 1_000);
            assertThat(events(control))
                    .singleElement()
                    .asString()
                    .startsWith("EJECTED e")
                    .contains("success rate 0.500");
        }
    }

    @Test
    void statsCountFailuresInARowAndReportEachInterval() throws Exception {
        try (var stats =
                new KeyedOneInputStreamOperatorTestHarness<>(
                        new KeyedProcessOperator<>(new OutlierStatsFunction(OUTLIERS)),
                        TaskEvent::getServerId,
                        Types.STRING)) {
            stats.open();
            stats.setProcessingTime(0);
            for (TaskEventType type :
                    List.of(
                            TaskEventType.COMPLETED,
                            TaskEventType.FAILED,
                            TaskEventType.STARTED,
                            TaskEventType.FAILED,
                            TaskEventType.FAILED)) {
                stats.processElement(
                        new StreamRecord<>(
                                TaskEvent.newBuilder()
                                        .setServerId("a")
                                        .setTaskId("t")
                                        .setType(type)
                                        .setEventTime(Instant.ofEpochMilli(NOW))
                                        .setReason("boom")
                                        .build()));
            }
            assertThat(stats.extractOutputValues())
                    .singleElement()
                    .satisfies(
                            s -> {
                                assertThat(s.getKind()).isEqualTo(ServerSignal.FAILING);
                                assertThat(s.getConsecutiveFailures()).isEqualTo(3);
                            });
            stats.setProcessingTime(1_000);
            ServerSignal interval = stats.extractOutputValues().get(1);
            assertThat(interval.getKind()).isEqualTo(ServerSignal.COUNTS);
            assertThat(interval.getSuccesses()).isEqualTo(1);
            assertThat(interval.getFailures()).isEqualTo(3);
        }
    }
}
