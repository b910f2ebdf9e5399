package io.qrouter.job.operators;

import io.qrouter.core.queueing.FleetBalance;
import io.qrouter.job.records.ServerUpdate;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;

/**
 * The fleet figures of seed 000 over the servers that accept tasks, through
 * io.qrouter.core.queueing.FleetBalance, and the age of the view they come from, taken in one pass
 * over the view (a router holds every server's update: 20,000 at a large fleet).
 *
 * @param alive the servers that accept tasks
 * @param idle those of them that are idle
 * @param loadIndices the K of each that has one (overloaded servers have none)
 * @param updateAgeMeanMillis how old the newest record behind each server's update is, on average
 * @param updateAgeMaxMillis and at most: an idle server on the adaptive heartbeat ages up to its
 *     longest interval; more than that is a stalled stream
 */
record FleetFigures(
        int alive,
        int idle,
        double[] loadIndices,
        long updateAgeMeanMillis,
        long updateAgeMaxMillis) {

    /**
     * The figures of the updates stored by server id. A plain iterator over them: a stream's
     * iterator() passed each element through a buffer, a third of an update's time at 20,000
     * servers in RouterBench.
     */
    static FleetFigures ofStored(Iterable<Map.Entry<String, ServerUpdate>> stored, long now) {
        return of(
                () -> {
                    Iterator<Map.Entry<String, ServerUpdate>> each = stored.iterator();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return each.hasNext();
                        }

                        @Override
                        public ServerUpdate next() {
                            return each.next().getValue();
                        }
                    };
                },
                now);
    }

    /** The figures of {@code updates} at {@code now}; zeros without servers. */
    static FleetFigures of(Iterable<ServerUpdate> updates, long now) {
        int alive = 0;
        int idle = 0;
        int known = 0;
        double[] k = new double[64];
        long ageSum = 0;
        long ageMax = 0;
        for (ServerUpdate s : updates) {
            if (!s.acceptsTasks()) {
                continue;
            }
            alive++;
            idle += s.isIdle() ? 1 : 0;
            if (s.getLoadIndexK() != null) {
                if (known == k.length) {
                    k = Arrays.copyOf(k, 2 * known);
                }
                k[known++] = s.getLoadIndexK();
            }
            long age = Math.max(0, now - s.getUpdatedAt());
            ageSum += age;
            ageMax = Math.max(ageMax, age);
        }
        return new FleetFigures(
                alive, idle, Arrays.copyOf(k, known), alive == 0 ? 0 : ageSum / alive, ageMax);
    }

    /** P_J = I/N (Eq. 56); 0 without servers. */
    double idleFraction() {
        return alive == 0 ? 0 : FleetBalance.idleShare(idle, alive);
    }

    /** F (Eq. 55) over the servers whose K is known; 0 without any. */
    double loadIndexVariance() {
        return loadIndices.length == 0 ? 0 : FleetBalance.loadIndexVariance(loadIndices);
    }
}
