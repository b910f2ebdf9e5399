package io.qrouter.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** Time series the event loop collects for the charts: occupancy per server, K per server, idle-queue hits. */
final class FleetSeries {
    record Occupancy(double atSeconds, int[] queueLengths) {}

    record LoadIndexSample(double atSeconds, int server, Double loadIndexK) {}

    /** Decisions and idle-queue decisions received in one second. */
    static final class DecisionCount {
        long decisions;
        long idleQueue;
    }

    private final int servers;
    final List<Occupancy> occupancy = new ArrayList<>();
    final List<LoadIndexSample> loadIndex = new ArrayList<>();
    final TreeMap<Long, DecisionCount> decisionsPerSecond = new TreeMap<>();

    FleetSeries(int servers) {
        this.servers = servers;
    }

    int servers() {
        return servers;
    }

    void sampleOccupancy(double at, List<SimulatedServer> fleet) {
        int[] lengths = new int[fleet.size()];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = fleet.get(i).queueLength();
        }
        occupancy.add(new Occupancy(at, lengths));
    }

    /** K as the job reported it; null when the job found the server overloaded (K undefined). */
    void loadIndex(double at, int server, Double loadIndexK) {
        loadIndex.add(new LoadIndexSample(at, server, loadIndexK));
    }

    void decision(double at, boolean idleQueue) {
        DecisionCount c = decisionsPerSecond.computeIfAbsent((long) Math.floor(at), s -> new DecisionCount());
        c.decisions++;
        if (idleQueue) {
            c.idleQueue++;
        }
    }
}
