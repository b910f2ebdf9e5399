package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static io.qrouter.job.Records.task;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.SlotAssignment;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.dsrs.DsrsOffline;
import io.qrouter.core.dsrs.SlotInput;
import io.qrouter.core.dsrs.SlotParameters;
import io.qrouter.core.dsrs.SlotRecord;
import io.qrouter.job.DsrsHarness;
import io.qrouter.job.Harnesses;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.records.ServerUpdate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class DsrsSlotFunctionTest {
    private static final long TAU = 1_000;
    private static final double V = 2.0;
    private static final List<String> SYSTEMS = List.of("m1", "m2", "m3");
    private static final double[] SERVICE_RATES = {2, 3, 1};

    private DsrsHarness harness;

    @AfterEach
    void close() throws Exception {
        harness.close();
    }

    private static DsrsSettings settings() {
        return TestSettings.dsrs(
                "dsrs.slot.ms",
                Long.toString(TAU),
                "dsrs.v",
                Double.toString(V),
                "dsrs.unit-costs",
                "m1=3, m2=1, m3=2, video/m1=0.5");
    }

    private void start(DsrsSettings settings) throws Exception {
        start(settings, 1);
    }

    /** The three MEC systems, and {@code counters} arrival counters in front of the DSRS step. */
    private void start(DsrsSettings settings, int counters) throws Exception {
        harness = Harnesses.dsrs(settings, counters);
        for (int j = 0; j < SYSTEMS.size(); j++) {
            ServerUpdate s = snapshot(SYSTEMS.get(j), 0, 0);
            s.setServiceRatePerSecond(SERVICE_RATES[j]);
            harness.processBroadcastElement(s, 0);
        }
    }

    @Test
    void slotAssignmentsInEventTimeEqualTheOfflineComputation() throws Exception {
        start(settings());
        assertEqualsOffline(randomArrivals(7), 1);
    }

    @Test
    void partialCountsOfSeveralTaskPartitionsAddUpToTheOfflineComputation() throws Exception {
        start(settings(), 3);
        assertEqualsOffline(randomArrivals(11), 3);
    }

    @Test
    void theKeyedStepReceivesOneCountPerSlotAndServiceNotOneRecordPerTask() throws Exception {
        start(settings());
        for (int k = 0; k < 1000; k++) {
            harness.processElement(
                    task("t" + k, 100 + k % 900, k % 2 == 0 ? "audio" : "video"), 100);
        }
        harness.watermark(TAU - 1);
        assertThat(harness.slotArrivalsReceived()).isEqualTo(2);
        assertThat(harness.extractOutputValues())
                .extracting(SlotAssignment::getCount)
                .containsOnly(500L);
    }

    /**
     * A restored step decides from the servers in its broadcast state, as the step that took the
     * checkpoint would.
     */
    @Test
    void aRestoredStepDecidesAsTheOneThatTookTheCheckpoint() throws Exception {
        start(settings());
        ServerUpdate m2Down = snapshot("m2", 0, 0);
        m2Down.setServiceRatePerSecond(SERVICE_RATES[1]);
        m2Down.setAlive(false);
        harness.processBroadcastElement(m2Down, 0);
        DsrsHarness tookCheckpoint = harness;
        harness = Harnesses.dsrs(settings(), 1, tookCheckpoint.snapshot());
        tookCheckpoint.close();
        harness.processElement(task("a", 100, "audio"), 100);
        harness.watermark(TAU - 1);
        // audio costs m1 3, m2 1 (down), m3 2: m3 is the cheapest that accepts tasks
        assertThat(harness.extractOutputValues())
                .extracting(SlotAssignment::getMecSystem)
                .containsExactly("m3");
    }

    @Test
    void heldCountsGoOutBeforeACheckpointBarrierAndWhenTheInputTurnsIdle() throws Exception {
        start(settings(), 2);
        harness.processElement(0, task("a", 100, "audio"), 100);
        harness.processElement(1, task("b", 200, "audio"), 200);
        assertThat(harness.slotArrivalsReceived()).isZero();
        harness.checkpointBarrier(0);
        assertThat(harness.slotArrivalsReceived()).isEqualTo(1);
        harness.idle(1);
        assertThat(harness.slotArrivalsReceived()).isEqualTo(2);
        harness.watermark(TAU - 1);
        assertThat(harness.extractOutputValues())
                .extracting(SlotAssignment::getCount)
                .containsExactly(2L);
    }

    /**
     * Seeded random tasks of two services over 40 slots (some empty), each with its slot's offline
     * input.
     */
    private record Arrivals(List<TaskRequest> tasks, List<SlotInput> inputs) {}

    private static Arrivals randomArrivals(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<SlotInput> inputs = new ArrayList<>();
        List<TaskRequest> tasks = new ArrayList<>();
        for (long slot = 0; slot < 40; slot++) {
            for (String service : List.of("audio", "video")) {
                int count = random.nextInt(7) < 2 ? 0 : random.nextInt(1, 9);
                if (count > 0) {
                    inputs.add(new SlotInput(slot, service, count));
                }
                for (int k = 0; k < count; k++) {
                    tasks.add(
                            task(
                                    service + "-" + slot + "-" + k,
                                    slot * TAU + random.nextLong(TAU),
                                    service));
                }
            }
        }
        return new Arrivals(tasks, inputs);
    }

    /** Feeds the tasks and compares every assignment with {@link DsrsOffline}'s. */
    private void assertEqualsOffline(Arrivals arrivals, int counters) throws Exception {
        feed(arrivals, counters);
        double[] capacity = {2, 3, 1};
        List<SlotAssignment> actual =
                assertOutputIsOffline(
                        arrivals,
                        SYSTEMS,
                        SlotParameters.fixed(
                                Map.of("audio", capacity, "video", capacity),
                                Map.of(
                                        "audio",
                                        new double[] {3, 1, 2},
                                        "video",
                                        new double[] {0.5, 1, 2})));
        // The comparison is not vacuous: the decisions differ between systems over time.
        assertThat(actual).extracting(SlotAssignment::getMecSystem).contains("m1", "m2");
    }

    /**
     * The tasks, spread over the counters at random and out of order within their slot, with a
     * watermark after every few slots that trails by one slot; then one past the last slot.
     */
    private void feed(Arrivals arrivals, int counters) throws Exception {
        SplittableRandom random = new SplittableRandom(5);
        long lastSlot = -1;
        for (TaskRequest t : arrivals.tasks()) {
            long slot = t.getCreatedAt().toEpochMilli() / TAU;
            if (slot > lastSlot + 3) {
                harness.watermark(slot * TAU - TAU);
                lastSlot = slot;
            }
            harness.processElement(random.nextInt(counters), t, t.getCreatedAt().toEpochMilli());
        }
        harness.watermark(40 * TAU);
    }

    /**
     * Forty MEC systems given in no order, most at the default cost (ties broken by name), a few
     * cheaper, one dearer, with arrivals heavy enough to back several up: only the backlogged and
     * the cheapest idle system compete in a slot, and every assignment is still the offline one.
     */
    @Test
    void withManyMecSystemsEverySlotIsStillTheOfflineOne() throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        List<String> systems = new ArrayList<>();
        for (int j = 0; j < 40; j++) {
            systems.add(String.format(java.util.Locale.ROOT, "s%02d", j));
        }
        harness =
                Harnesses.dsrs(
                        TestSettings.dsrs(
                                "dsrs.slot.ms",
                                Long.toString(TAU),
                                "dsrs.v",
                                Double.toString(V),
                                "dsrs.unit-costs",
                                "s31=0.5, s07=0.5, s12=3, video/s25=0.25"),
                        1);
        double[] capacity = new double[systems.size()];
        double[] audioCost = new double[systems.size()];
        double[] videoCost = new double[systems.size()];
        List<Integer> order = new ArrayList<>();
        for (int j = 0; j < systems.size(); j++) {
            capacity[j] = random.nextInt(1, 4);
            audioCost[j] =
                    switch (systems.get(j)) {
                        case "s31", "s07" -> 0.5;
                        case "s12" -> 3;
                        default -> 1;
                    };
            videoCost[j] = systems.get(j).equals("s25") ? 0.25 : audioCost[j];
            order.add(j);
        }
        java.util.Collections.shuffle(order, new java.util.Random(9));
        for (int j : order) {
            ServerUpdate s = snapshot(systems.get(j), 0, 0);
            s.setServiceRatePerSecond(capacity[j] * 1000.0 / TAU);
            harness.processBroadcastElement(s, 0);
        }
        Arrivals arrivals = randomArrivals(13);
        feed(arrivals, 1);
        List<SlotAssignment> out =
                assertOutputIsOffline(
                        arrivals,
                        systems,
                        SlotParameters.fixed(
                                Map.of("audio", capacity, "video", capacity),
                                Map.of("audio", audioCost, "video", videoCost)));
        // not vacuous: backlogs spilled past the cheap systems to systems at the default cost
        assertThat(out)
                .extracting(SlotAssignment::getMecSystem)
                .contains("s07", "s31", "s25", "s00");
    }

    /** The backlogs of a full row: a system with none is not listed. */
    private static Map<String, Double> backlogged(Map<String, Double> queues) {
        Map<String, Double> positive = new java.util.LinkedHashMap<>(queues);
        positive.values().removeIf(q -> q == 0);
        return positive;
    }

    /** Compares every assignment the harness put out with {@link DsrsOffline}'s; returns them. */
    private List<SlotAssignment> assertOutputIsOffline(
            Arrivals arrivals, List<String> systems, SlotParameters parameters) {
        List<SlotRecord> expected = DsrsOffline.run(systems, TAU, arrivals.inputs(), parameters, V);

        List<SlotAssignment> actual = new ArrayList<>(harness.extractOutputValues());
        actual.sort(
                Comparator.comparingLong(SlotAssignment::getSlot)
                        .thenComparing(SlotAssignment::getServiceType));
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            SlotRecord e = expected.get(i);
            SlotAssignment a = actual.get(i);
            assertThat(a.getSlot()).isEqualTo(e.slot());
            assertThat(a.getServiceType()).isEqualTo(e.serviceType());
            assertThat(a.getSlotStart().toEpochMilli()).isEqualTo(e.slotStartMillis());
            assertThat(a.getSlotEnd().toEpochMilli()).isEqualTo(e.slotEndMillis());
            assertThat(a.getMecSystem())
                    .as("slot %d %s", e.slot(), e.serviceType())
                    .isEqualTo(e.mecSystem());
            assertThat(a.getCount()).isEqualTo(e.count());
            assertThat(a.getCost()).isEqualTo(e.cost());
            // the record lists the backlogs; a system it does not list has none
            assertThat(a.getQueuesAfter()).isEqualTo(backlogged(e.queuesAfter()));
            assertThat(a.getV()).isEqualTo(e.v());
        }
        return actual;
    }

    @Test
    void aSlotClosesOnlyWhenTheWatermarkPassesItsEnd() throws Exception {
        start(settings());
        harness.processElement(task("a", 100, "audio"), 100);
        harness.watermark(TAU - 2);
        assertThat(harness.extractOutputValues()).isEmpty();
        harness.watermark(TAU - 1);
        assertThat(harness.extractOutputValues()).hasSize(1);
    }

    @Test
    void aLateTaskCountsInTheNextOpenSlot() throws Exception {
        start(settings());
        harness.processElement(task("a", 100, "audio"), 100);
        harness.watermark(TAU - 1);
        harness.processElement(task("late", 200, "audio"), 200);
        harness.watermark(2 * TAU - 1);

        List<SlotAssignment> out = harness.extractOutputValues();
        assertThat(out).extracting(SlotAssignment::getSlot).containsExactly(0L, 1L);
        assertThat(out).extracting(SlotAssignment::getCount).containsExactly(1L, 1L);
    }

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void yearsOfEmptySlotsBetweenTwoTasksAreDrainedInOneStep() throws Exception {
        start(settings());
        long yearsOfSlots = 26L * 365 * 86_400; // 1 s slots from 2000 to 2026
        harness.processElement(task("a", 100, "audio"), 100);
        harness.processElement(task("b", 200, "audio"), 200);
        harness.watermark(TAU - 1);
        long later = yearsOfSlots * TAU + 100;
        harness.processElement(task("c", later, "audio"), later);
        harness.watermark((yearsOfSlots + 1) * TAU - 1);

        List<SlotAssignment> out = harness.extractOutputValues();
        assertThat(out).extracting(SlotAssignment::getSlot).containsExactly(0L, yearsOfSlots);
        // every backlog of slot 0 was served long ago; only slot t's own arrival is queued
        assertThat(out.get(1).getQueuesAfter().values()).containsExactly(1.0);
    }

    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void withoutServersArrivalsJumpToTheFirstOpenSlotAndTheEndOfInputDoesNotSpin()
            throws Exception {
        harness = Harnesses.dsrs(settings(), 1);
        harness.processElement(task("a", 100, "audio"), 100);
        harness.watermark(1_000_000 * TAU + 5);
        harness.processBroadcastElement(snapshot("m2", 0, 0), 0);
        harness.watermark(1_000_001 * TAU - 1);
        assertThat(harness.extractOutputValues())
                .extracting(SlotAssignment::getSlot)
                .containsExactly(1_000_000L);

        harness.processElement(task("b", 1_000_002 * TAU, "audio"), 1_000_002 * TAU);
        harness.processBroadcastElement(gone("m2"), 0);
        harness.watermark(Long.MAX_VALUE);
        assertThat(harness.extractOutputValues()).hasSize(1);
    }

    private static ServerUpdate gone(String serverId) {
        ServerUpdate s = snapshot(serverId, 0, 0);
        s.setGone(true);
        return s;
    }

    @Test
    void withoutAnyLiveServerArrivalsWaitForTheNextSlot() throws Exception {
        harness = Harnesses.dsrs(settings(), 1);
        harness.processElement(task("a", 100, "audio"), 100);
        harness.watermark(TAU - 1);
        assertThat(harness.extractOutputValues()).isEmpty();

        harness.processBroadcastElement(snapshot("m2", TAU, 0), TAU);
        harness.watermark(2 * TAU - 1);
        SlotAssignment a = harness.extractOutputValues().get(0);
        assertThat(a.getSlot()).isEqualTo(1);
        assertThat(a.getMecSystem()).isEqualTo("m2");
        assertThat(a.getCount()).isEqualTo(1);
    }
}
