package io.qrouter.job.operators;

import io.qrouter.core.queueing.FleetBalance;
import io.qrouter.job.records.ServerUpdate;
import java.util.List;

/**
 * The fleet figures of seed 000 over the servers that accept tasks, through
 * io.qrouter.core.queueing.FleetBalance.
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

    /** F (Eq. 55) over the servers whose K is known (overloaded ones have none); 0 without any. */
    static double loadIndexVariance(List<ServerUpdate> alive) {
        double[] k =
                alive.stream()
                        .filter(s -> s.getLoadIndexK() != null)
                        .mapToDouble(ServerUpdate::getLoadIndexK)
                        .toArray();
        return k.length == 0 ? 0 : FleetBalance.loadIndexVariance(k);
    }
}
