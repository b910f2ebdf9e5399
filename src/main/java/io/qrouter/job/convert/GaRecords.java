package io.qrouter.job.convert;

import io.qrouter.core.ga.ServerProfile;
import io.qrouter.job.records.ServerUpdate;

/** Conversions between the job's records and the types of io.qrouter.core.ga. */
public final class GaRecords {
    private GaRecords() {}

    /**
     * A server can take part in a batch when it accepts tasks and reports a positive service rate.
     */
    public static boolean usable(ServerUpdate s) {
        return s.acceptsTasks()
                && s.getServiceRatePerSecond() > 0
                && Double.isFinite(s.getServiceRatePerSecond());
    }

    /**
     * The allocator's view of a server: MIPS = its service rate (task load units per second, with
     * the default task load of 1), utilisations against a capacity of 1, and its queue as the load
     * already there (CSL).
     */
    public static ServerProfile toGaServer(ServerUpdate s, double[] loadIndexHistory) {
        return new ServerProfile(
                s.getServerId(),
                s.getServiceRatePerSecond(),
                utilisation(s.getCpu()),
                1.0,
                utilisation(s.getMemory()),
                1.0,
                utilisation(s.getBandwidth()),
                1.0,
                Math.max(0, s.getQueueLength()),
                loadIndexHistory);
    }

    private static double utilisation(double u) {
        return u >= 0 ? Math.min(u, 1) : 0;
    }
}
