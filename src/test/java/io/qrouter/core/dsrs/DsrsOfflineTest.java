package io.qrouter.core.dsrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DsrsOfflineTest {
    private static final List<String> SYSTEMS = List.of("edge-a", "edge-b");
    private static final SlotParameters PARAMS =
            SlotParameters.fixed(
                    Map.of("video", new double[] {2, 5}, "ocr", new double[] {1, 1}),
                    Map.of("video", new double[] {1, 3}, "ocr", new double[] {2, 1}));

    @Test
    void recordsFollowTheRowStepPerServiceAndDrainEmptySlots() {
        List<SlotRecord> out =
                DsrsOffline.run(
                        SYSTEMS,
                        1000,
                        List.of(
                                new SlotInput(3, "video", 3),
                                new SlotInput(0, "video", 4),
                                new SlotInput(0, "ocr", 2)),
                        PARAMS,
                        1.0);
        assertThat(out)
                .extracting(SlotRecord::slot, SlotRecord::serviceType)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(0L, "ocr"),
                        org.assertj.core.groups.Tuple.tuple(0L, "video"),
                        org.assertj.core.groups.Tuple.tuple(3L, "video"));
        SlotRecord video0 = out.get(1);
        assertThat(video0.mecSystem()).isEqualTo("edge-a");
        assertThat(video0.queuesAfter())
                .containsExactly(Map.entry("edge-a", 4.0), Map.entry("edge-b", 0.0));
        assertThat(video0.slotStartMillis()).isZero();
        assertThat(video0.slotEndMillis()).isEqualTo(1000);
        // slots 1 and 2 are empty: Q_a = 4 → 2 → 0; slot 3 then sees empty queues and picks edge-a
        // again
        SlotRecord video3 = out.get(2);
        assertThat(video3.mecSystem()).isEqualTo("edge-a");
        assertThat(video3.queuesAfter())
                .containsExactly(Map.entry("edge-a", 3.0), Map.entry("edge-b", 0.0));
        assertThat(video3.cost()).isEqualTo(3.0);
        assertThat(video3.slotStartMillis()).isEqualTo(3000);
        // ocr: weights 0+2, 0+1 → edge-b
        assertThat(out.get(0).mecSystem()).isEqualTo("edge-b");
        assertThat(out.get(0).v()).isEqualTo(1.0);
    }

    @Test
    void duplicateInputsAndUnknownServicesAreRejected() {
        assertThatThrownBy(
                        () ->
                                DsrsOffline.run(
                                        SYSTEMS,
                                        1000,
                                        List.of(
                                                new SlotInput(1, "video", 1),
                                                new SlotInput(1, "video", 2)),
                                        PARAMS,
                                        1))
                .hasMessageContaining("two inputs for service 'video' in slot 1");
        assertThatThrownBy(
                        () ->
                                DsrsOffline.run(
                                        SYSTEMS,
                                        1000,
                                        List.of(new SlotInput(1, "audio", 1)),
                                        PARAMS,
                                        1))
                .hasMessageContaining("no capacity for service type 'audio'");
    }
}
