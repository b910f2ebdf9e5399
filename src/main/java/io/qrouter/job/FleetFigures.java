package io.qrouter.job;

import java.util.List;

/** Fleet-wide figures of seed 000 over the servers that accept tasks. */
final class FleetFigures {
    private FleetFigures() {
    }

    /** P_J = I/N (Eq. 56): idle servers over servers; 0 without servers. */
    static double idleFraction(List<ServerSnapshot> alive) {
        if (alive.isEmpty()) {
            return 0;
        }
        return alive.stream().filter(ServerSnapshot::isIdle).count() / (double) alive.size();
    }

    /** F (Eq. 55): population variance of K over the servers whose K is known; 0 when fewer than two. */
    static double loadIndexVariance(List<ServerSnapshot> alive) {
        double[] k = alive.stream().filter(s -> s.getLoadIndexK() != null)
                .mapToDouble(ServerSnapshot::getLoadIndexK).toArray();
        if (k.length < 2) {
            return 0;
        }
        double mean = 0;
        for (double x : k) {
            mean += x;
        }
        mean /= k.length;
        double sum = 0;
        for (double x : k) {
            sum += (x - mean) * (x - mean);
        }
        return sum / k.length;
    }
}
