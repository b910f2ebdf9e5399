package io.qrouter.tools.sim;

import java.util.Arrays;

/**
 * When each counted decision was made and the server it chose, in time order, for {@link
 * ShareHalving}; kept only in runs with antagonists, where it is measured.
 */
final class DecisionTrail {
    private double[] times = new double[1024];
    private int[] servers = new int[1024];
    private int size;

    void add(double at, int server) {
        if (size == times.length) {
            times = Arrays.copyOf(times, 2 * size);
            servers = Arrays.copyOf(servers, 2 * size);
        }
        times[size] = at;
        servers[size++] = server;
    }

    ShareHalving.Result halving(Slowdowns slowdowns, double window) {
        return ShareHalving.over(
                Arrays.copyOf(times, size), Arrays.copyOf(servers, size), slowdowns, window);
    }
}
