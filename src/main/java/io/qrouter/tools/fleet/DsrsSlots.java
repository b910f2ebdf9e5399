package io.qrouter.tools.fleet;

import io.qrouter.avro.SlotAssignment;
import io.qrouter.tools.report.ChartFigure;
import io.qrouter.tools.report.CsvTable;
import io.qrouter.tools.report.HeatmapChart;
import io.qrouter.tools.report.LineChart;
import io.qrouter.tools.report.TimeGrid;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The DSRS slots (seed 002) the job wrote during a run, as the report shows them: the paper's two
 * curves live — cost per slot with its running time average, and the backlog Q_ij of every MEC
 * system after each slot (a heatmap, MEC systems in the fleet's μ order, with the total backlog
 * below). Times are fleet seconds at the slot's end.
 */
final class DsrsSlots {
    private final List<SlotAssignment> slots;
    private final long startEpochMillis;
    private final List<String> systems;

    private DsrsSlots(List<SlotAssignment> slots, long startEpochMillis, List<String> systems) {
        this.slots = slots;
        this.startEpochMillis = startEpochMillis;
        this.systems = systems;
    }

    /**
     * MEC systems: the fleet's servers in the order of {@code serverOrder} (the heatmaps' μ order),
     * then any other with a backlog, by name. A record lists backlogs only, so a server it does not
     * list had none.
     */
    static DsrsSlots of(FleetResult r, List<String> serverOrder) {
        TreeSet<String> seen = new TreeSet<>();
        r.dsrsSlots().forEach(s -> seen.addAll(s.getQueuesAfter().keySet()));
        List<String> systems = new ArrayList<>(serverOrder);
        Set<String> fleet = new HashSet<>(serverOrder);
        seen.stream().filter(s -> !fleet.contains(s)).forEach(systems::add);
        return new DsrsSlots(r.dsrsSlots(), r.startEpochMillis(), systems);
    }

    boolean isEmpty() {
        return slots.isEmpty();
    }

    private double endSeconds(SlotAssignment s) {
        return (s.getSlotEnd().toEpochMilli() - startEpochMillis) / 1000.0;
    }

    /** Σ_ij Q_ij after the slot, over the service types that had arrivals in it. */
    private static double totalBacklog(SlotAssignment s) {
        return s.getQueuesAfter().values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /** report.json's {@code dsrs}: slot count, V, cost and backlog figures. */
    Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        TreeMap<Long, Double> costBySlot = new TreeMap<>();
        TreeMap<Long, Double> backlogBySlot = new TreeMap<>();
        for (SlotAssignment s : slots) {
            costBySlot.merge(s.getSlot(), s.getCost(), Double::sum);
            backlogBySlot.merge(s.getSlot(), totalBacklog(s), Double::sum);
        }
        out.put("slots", costBySlot.size());
        out.put("assignments", slots.size());
        out.put("v", slots.isEmpty() ? null : slots.get(0).getV());
        out.put("mec_systems", systems.size());
        out.put("total_cost", costBySlot.values().stream().mapToDouble(Double::doubleValue).sum());
        out.put(
                "mean_cost_per_slot",
                costBySlot.isEmpty()
                        ? null
                        : costBySlot.values().stream()
                                .mapToDouble(Double::doubleValue)
                                .average()
                                .orElseThrow());
        out.put(
                "mean_total_backlog",
                backlogBySlot.isEmpty()
                        ? null
                        : backlogBySlot.values().stream()
                                .mapToDouble(Double::doubleValue)
                                .average()
                                .orElseThrow());
        out.put(
                "final_total_backlog",
                backlogBySlot.isEmpty() ? null : backlogBySlot.lastEntry().getValue());
        return out;
    }

    /** dsrs_slots.csv: one row per (slot, service type). */
    CsvTable slotsCsv() {
        CsvTable table =
                new CsvTable(
                        "slot",
                        "slot_end_s",
                        "service_type",
                        "mec_system",
                        "count",
                        "cost",
                        "total_backlog",
                        "v");
        slots.forEach(
                s ->
                        table.add(
                                s.getSlot(),
                                endSeconds(s),
                                s.getServiceType(),
                                s.getMecSystem(),
                                s.getCount(),
                                s.getCost(),
                                totalBacklog(s),
                                s.getV()));
        return table;
    }

    /** dsrs_backlog.csv: Q_ij after each slot, one row per (slot, service type, MEC system). */
    CsvTable backlogCsv() {
        CsvTable table =
                new CsvTable("slot", "slot_end_s", "service_type", "mec_system", "backlog");
        for (SlotAssignment s : slots) {
            new TreeMap<>(s.getQueuesAfter())
                    .forEach(
                            (system, q) ->
                                    table.add(
                                            s.getSlot(),
                                            endSeconds(s),
                                            s.getServiceType(),
                                            system,
                                            q));
        }
        return table;
    }

    ChartFigure costFigure() {
        LineChart chart =
                new LineChart(
                        "DSRS: cost per slot (Σ γ·A of the slot's assignments)",
                        "time (s)",
                        "cost");
        TreeMap<Long, double[]> bySlot = new TreeMap<>(); // slot → {end seconds, cost}
        slots.forEach(
                s ->
                        bySlot.computeIfAbsent(s.getSlot(), k -> new double[] {endSeconds(s), 0})[
                                        1] +=
                                s.getCost());
        double sum = 0;
        int n = 0;
        for (double[] slot : bySlot.values()) {
            sum += slot[1];
            n++;
            chart.point("cost of the slot", slot[0], slot[1])
                    .point("time average so far", slot[0], sum / n);
        }
        return chart.figure("dsrs_cost");
    }

    ChartFigure backlogFigure() {
        long first = slots.get(0).getSlot();
        long last = slots.stream().mapToLong(SlotAssignment::getSlot).max().orElseThrow();
        int columns = (int) (last - first + 1);
        double[][] q = new double[systems.size()][columns];
        Arrays.stream(q).forEach(row -> Arrays.fill(row, Double.NaN));
        LineChart total = new LineChart("", "time (s)", "total backlog Σ Q");
        TreeMap<Long, double[]> totals = new TreeMap<>();
        Map<String, Integer> rowOf = new HashMap<>();
        systems.forEach(system -> rowOf.put(system, rowOf.size()));
        for (SlotAssignment s : slots) {
            int c = (int) (s.getSlot() - first);
            for (double[] row : q) {
                row[c] = Double.isNaN(row[c]) ? 0 : row[c];
            }
            s.getQueuesAfter()
                    .forEach(
                            (system, backlog) -> {
                                int row = rowOf.get(system);
                                q[row][c] += backlog;
                            });
            totals.computeIfAbsent(s.getSlot(), k -> new double[] {endSeconds(s), 0})[1] +=
                    totalBacklog(s);
        }
        totals.values().forEach(t -> total.point("total backlog (all MEC systems)", t[0], t[1]));
        SlotAssignment firstSlot = slots.get(0);
        double slotSeconds =
                (firstSlot.getSlotEnd().toEpochMilli() - firstSlot.getSlotStart().toEpochMilli())
                        / 1000.0;
        TimeGrid grid = TimeGrid.of(endSeconds(firstSlot), slotSeconds, systems, q);
        return new HeatmapChart(
                        "DSRS: backlog Q_ij of each MEC system after each slot",
                        "MEC systems by μ (slowest at the bottom)",
                        "backlog Q (tasks)")
                .figure("dsrs_backlog", grid, total.toPlot());
    }
}
