package io.qrouter.tools.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A fleet run second by second, from every task's record: tasks sent (by creation), decided (by
 * arrival of the decision), completed and abandoned (by end), the idle-queue share of the decisions
 * and the wait and sojourn percentiles of the tasks whose wait or sojourn ended in that second.
 * Unknown values are NaN.
 */
record FleetTimeSeries(List<Second> seconds) {

    record Second(
            long second,
            long sent,
            long decided,
            long completed,
            long abandoned,
            double idleQueueRatio,
            double waitP50,
            double waitP99,
            double sojournP50,
            double sojournP99) {}

    static FleetTimeSeries of(FleetResult r) {
        TreeMap<Long, List<Double>> waits = new TreeMap<>();
        TreeMap<Long, List<Double>> sojourns = new TreeMap<>();
        TreeMap<Long, long[]> outcomes = new TreeMap<>(); // sent, completed, abandoned
        for (TaskRecord t : r.tasks()) {
            outcomes.computeIfAbsent(second(t.createdAt), s -> new long[3])[0]++;
            if (!Double.isNaN(t.startedAt)) {
                waits.computeIfAbsent(second(t.startedAt), s -> new ArrayList<>())
                        .add(t.startedAt - t.receivedAt);
            }
            if (t.outcome == TaskRecord.Outcome.COMPLETED) {
                sojourns.computeIfAbsent(second(t.finishedAt), s -> new ArrayList<>())
                        .add(t.finishedAt - t.createdAt);
                outcomes.computeIfAbsent(second(t.finishedAt), s -> new long[3])[1]++;
            } else if (t.outcome == TaskRecord.Outcome.ABANDONED) {
                outcomes.computeIfAbsent(second(t.finishedAt), s -> new long[3])[2]++;
            }
        }
        TreeMap<Long, FleetSeries.DecisionCount> decisions = r.series().decisionsPerSecond;
        TreeMap<Long, Boolean> all = new TreeMap<>();
        outcomes.keySet().forEach(s -> all.put(s, true));
        decisions.keySet().forEach(s -> all.put(s, true));
        List<Second> rows = new ArrayList<>();
        for (long s : all.keySet()) {
            long[] o = outcomes.getOrDefault(s, new long[3]);
            FleetSeries.DecisionCount d = decisions.get(s);
            double idleRatio =
                    d == null || d.decisions == 0 ? Double.NaN : (double) d.idleQueue / d.decisions;
            Percentiles w = percentiles(waits.get(s));
            Percentiles so = percentiles(sojourns.get(s));
            rows.add(
                    new Second(
                            s,
                            o[0],
                            d == null ? 0 : d.decisions,
                            o[1],
                            o[2],
                            idleRatio,
                            w.at(0.5),
                            w.at(0.99),
                            so.at(0.5),
                            so.at(0.99)));
        }
        return new FleetTimeSeries(List.copyOf(rows));
    }

    private static long second(double t) {
        return (long) Math.floor(t);
    }

    private static Percentiles percentiles(List<Double> values) {
        return Percentiles.of(
                values == null
                        ? new double[0]
                        : values.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
