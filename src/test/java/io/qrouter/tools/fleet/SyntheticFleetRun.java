package io.qrouter.tools.fleet;

import io.qrouter.avro.SlotAssignment;
import io.qrouter.job.operators.GaBatchFunction;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fleet run made up for report tests, with every figure known: servers with given service rates,
 * occupancy {@code server index + second mod 3}, server i busy a fraction (i+1)/(n+1) of every
 * second, server-1 reporting K = 1.5 at 2.5 s and none (overloaded) from 6.2 s, tasks created every
 * 10 ms and decided by GA_BATCH in windows of 32, and three DSRS slots.
 */
final class SyntheticFleetRun {
    static final long START_EPOCH_MILLIS = 1_700_000_000_000L;
    static final int SECONDS = 10;

    /** Routing stopped at second 4 for 2.5 s with up to 17 tasks waiting. */
    static final StallWatch.Stall STALL = new StallWatch.Stall(4, 2.5, 17);

    private SyntheticFleetRun() {}

    static FleetResult of(double[] mu, int tasks) {
        int n = mu.length;
        FleetConfig config =
                new FleetConfig(
                        "localhost:9092",
                        n,
                        100,
                        "poisson",
                        0.8,
                        0.5,
                        2,
                        1000,
                        7,
                        "test",
                        "group",
                        Map.of(),
                        0,
                        5,
                        FailingServers.NONE,
                        ServerModel.DEFAULT);
        FleetServers servers =
                new FleetServers(FleetServers.numberedIds(n), mu, (server, task, type, at) -> {});
        FleetSeries series = new FleetSeries(n);
        for (int t = 1; t <= SECONDS; t++) {
            int[] lengths = new int[n];
            double[] busy = new double[n];
            for (int i = 0; i < n; i++) {
                lengths[i] = i + t % 3;
                busy[i] = (i + 1.0) / (n + 1) * t;
            }
            series.occupancy.add(new FleetSeries.Occupancy(t, lengths, busy));
        }
        series.loadIndex(2.5, 0, 1.5);
        series.loadIndex(6.2, 0, null);
        List<TaskRecord> records = new ArrayList<>();
        for (int k = 0; k < tasks; k++) {
            TaskRecord t = new TaskRecord(new FleetTask("task-" + k, 1, 2), 0.01 * k);
            t.rule = GaBatchFunction.RULE;
            t.decidedAt = 1.0 + k / 32;
            t.receivedAt = t.decidedAt + 0.1;
            t.startedAt = t.receivedAt + 0.2;
            t.finishedAt = t.startedAt + 0.05;
            t.serverId = servers.id(k % n);
            t.outcome = TaskRecord.Outcome.COMPLETED;
            records.add(t);
        }
        FleetResult result =
                FleetResult.of(
                        config,
                        new FleetStats(),
                        records,
                        servers,
                        series,
                        SECONDS,
                        SECONDS + 1,
                        START_EPOCH_MILLIS,
                        List.of(STALL));
        return result.withDsrsSlots(slots(servers));
    }

    /**
     * Slot k sends 10·(k+1) tasks at cost 2 per task to server-(k+1); Q of server j after it is j +
     * k.
     */
    private static List<SlotAssignment> slots(FleetServers servers) {
        List<SlotAssignment> slots = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            Map<String, Double> queues = new LinkedHashMap<>();
            for (int j = 0; j < servers.size(); j++) {
                queues.put(servers.id(j), (double) j + k);
            }
            long start = START_EPOCH_MILLIS + 2000 + 1000L * k;
            slots.add(
                    SlotAssignment.newBuilder()
                            .setSlot(100 + k)
                            .setSlotStart(Instant.ofEpochMilli(start))
                            .setSlotEnd(Instant.ofEpochMilli(start + 1000))
                            .setServiceType("default")
                            .setMecSystem(servers.id(k))
                            .setCount(10L * (k + 1))
                            .setCost(20.0 * (k + 1))
                            .setQueuesAfter(queues)
                            .setV(10)
                            .build());
        }
        return slots;
    }
}
