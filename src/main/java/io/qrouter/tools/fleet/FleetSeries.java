package io.qrouter.tools.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Time series the event loop collects for the charts: occupancy and busy time per server (sampled
 * each second), K per server (as the job reports it), idle-queue hits.
 */
final class FleetSeries {
    /**
     * At {@code atSeconds}: tasks on each server (waiting + in service) and its busy seconds since
     * the start.
     */
    record Occupancy(double atSeconds, int[] queueLengths, double[] busySeconds) {}

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

    void sampleOccupancy(double at, FleetServers fleet) {
        int[] lengths = new int[fleet.size()];
        double[] busy = new double[fleet.size()];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = fleet.queueLength(i);
            busy[i] = fleet.busySeconds(i, at);
        }
        occupancy.add(new Occupancy(at, lengths, busy));
    }

    /** K as the job reported it; null when the job found the server overloaded (K undefined). */
    void loadIndex(double at, int server, Double loadIndexK) {
        loadIndex.add(new LoadIndexSample(at, server, loadIndexK));
    }

    void decision(double at, boolean idleQueue) {
        DecisionCount c =
                decisionsPerSecond.computeIfAbsent((long) Math.floor(at), s -> new DecisionCount());
        c.decisions++;
        if (idleQueue) {
            c.idleQueue++;
        }
    }
}
