package io.qrouter.tools.fleet;

import io.qrouter.tools.report.TimeGrid;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * A fleet run's per-server series as grids for the heatmaps: one row per server, ordered by μ
 * (slowest at the bottom, so a policy that favours fast servers shows as a gradient), one column
 * per occupancy sample (each second). K is the value the job last reported at or before the sample
 * (NaN before the first report and while the job reports none: overloaded); utilisation is the
 * server's busy fraction since the previous sample.
 */
record FleetGrids(TimeGrid occupancy, TimeGrid loadIndexK, TimeGrid utilisation) {

    static FleetGrids of(FleetResult r) {
        List<FleetResult.ServerSummary> servers = r.servers();
        int[] order =
                IntStream.range(0, servers.size())
                        .boxed()
                        .sorted(
                                Comparator.comparingDouble((Integer i) -> servers.get(i).mu())
                                        .thenComparing(i -> i))
                        .mapToInt(Integer::intValue)
                        .toArray();
        List<String> names = IntStream.of(order).mapToObj(i -> servers.get(i).serverId()).toList();
        List<FleetSeries.Occupancy> samples = r.series().occupancy;
        int n = servers.size();
        int columns = samples.size();
        double[][] occupancy = new double[n][columns];
        double[][] k = new double[n][columns];
        double[][] utilisation = new double[n][columns];
        double[] lastK = new double[n];
        Arrays.fill(lastK, Double.NaN);
        List<FleetSeries.LoadIndexSample> kSamples =
                r.series().loadIndex.stream()
                        .sorted(Comparator.comparingDouble(FleetSeries.LoadIndexSample::atSeconds))
                        .toList();
        int nextK = 0;
        for (int c = 0; c < columns; c++) {
            FleetSeries.Occupancy sample = samples.get(c);
            while (nextK < kSamples.size()
                    && kSamples.get(nextK).atSeconds() <= sample.atSeconds()) {
                FleetSeries.LoadIndexSample s = kSamples.get(nextK++);
                lastK[s.server()] = s.loadIndexK() == null ? Double.NaN : s.loadIndexK();
            }
            FleetSeries.Occupancy previous = c == 0 ? null : samples.get(c - 1);
            double span = sample.atSeconds() - (previous == null ? 0 : previous.atSeconds());
            for (int row = 0; row < n; row++) {
                int server = order[row];
                occupancy[row][c] = sample.queueLengths()[server];
                k[row][c] = lastK[server];
                double busy =
                        sample.busySeconds()[server]
                                - (previous == null ? 0 : previous.busySeconds()[server]);
                utilisation[row][c] = span > 0 ? Math.max(0, Math.min(1, busy / span)) : Double.NaN;
            }
        }
        double x0 = columns == 0 ? 0 : samples.get(0).atSeconds();
        return new FleetGrids(
                TimeGrid.of(x0, 1, names, occupancy),
                TimeGrid.of(x0, 1, names, k),
                TimeGrid.of(x0, 1, names, utilisation));
    }
}
