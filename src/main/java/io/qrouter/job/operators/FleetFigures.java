package io.qrouter.job.operators;

import io.qrouter.core.queueing.FleetBalance;
import io.qrouter.job.records.ServerUpdate;
import java.util.List;

/**
 * The fleet figures of seed 000 over the servers that accept tasks, through
 * io.qrouter.core.queueing.FleetBalance, and the age of the view they come from.
 */
final class FleetFigures {
    private FleetFigures() {}

    /** P_J = I/N (Eq. 56); 0 without servers. */
    static double idleFraction(List<ServerUpdate> alive) {
        if (alive.isEmpty()) {
            return 0;
        }
        int idle = (int) alive.stream().filter(ServerUpdate::isIdle).count();
        return FleetBalance.idleShare(idle, alive.size());
    }

    /** The K of each server that has one (overloaded ones have none). */
    static double[] loadIndices(List<ServerUpdate> alive) {
        return alive.stream()
                .filter(s -> s.getLoadIndexK() != null)
                .mapToDouble(ServerUpdate::getLoadIndexK)
                .toArray();
    }

    /** F (Eq. 55) over the servers whose K is known; 0 without any. */
    static double loadIndexVariance(double[] k) {
        return k.length == 0 ? 0 : FleetBalance.loadIndexVariance(k);
    }

    /**
     * How old the newest record behind each server's update is at {@code now}: {mean, max} in
     * milliseconds, {0, 0} without servers. An idle server on the adaptive heartbeat ages up to its
     * longest interval; more than that is a stalled stream.
     */
    static long[] updateAgeMillis(List<ServerUpdate> alive, long now) {
        long sum = 0;
        long max = 0;
        for (ServerUpdate s : alive) {
            long age = Math.max(0, now - s.getUpdatedAt());
            sum += age;
            max = Math.max(max, age);
        }
        return new long[] {alive.isEmpty() ? 0 : sum / alive.size(), max};
    }
}
