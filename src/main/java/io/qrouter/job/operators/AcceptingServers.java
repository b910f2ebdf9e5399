package io.qrouter.job.operators;

import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.records.ServerUpdate;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The ids of the servers that accept tasks, in id order, kept as DSRS's broadcast input changes
 * (not stored: rebuilt from the broadcast state after a restore). It finds a slot's cheapest MEC
 * system without a backlog by walking past the backlogged and the listed costs only, where a pass
 * over every server cost a twentieth of the job's CPU at 20,000 servers.
 */
final class AcceptingServers {
    private final NavigableSet<String> ids = new TreeSet<>();

    /** Puts every stored server in or out (after a restore, or a control state restamped all). */
    void rebuild(Iterable<Map.Entry<String, ServerUpdate>> stored) {
        ids.clear();
        for (Map.Entry<String, ServerUpdate> entry : stored) {
            follow(entry.getValue());
        }
    }

    /** Puts the server of {@code update} (as stored) in or out. */
    void follow(ServerUpdate update) {
        if (update.acceptsTasks()) {
            ids.add(update.getServerId());
        } else {
            ids.remove(update.getServerId());
        }
    }

    void remove(String serverId) {
        ids.remove(serverId);
    }

    /**
     * The server that accepts tasks, is not {@code backlogged}, and has the least V·γ for {@code
     * service}, the lowest id on ties; null if none. Among servers at the default cost that is the
     * first in id order; the servers with a cost of their own are weighed one by one.
     */
    String cheapestIdle(String service, Set<String> backlogged, DsrsSettings settings) {
        String best = null;
        double bestWeight = Double.POSITIVE_INFINITY;
        for (String id : ids) {
            if (!backlogged.contains(id)
                    && settings.unitCost(service, id) == settings.defaultUnitCost()) {
                best = id;
                bestWeight = settings.v() * settings.defaultUnitCost();
                break;
            }
        }
        for (String id : settings.serversWithCosts(service)) {
            if (!ids.contains(id) || backlogged.contains(id)) {
                continue;
            }
            double weight = settings.v() * settings.unitCost(service, id);
            if (best == null
                    || weight < bestWeight
                    || weight == bestWeight && id.compareTo(best) < 0) {
                best = id;
                bestWeight = weight;
            }
        }
        return best;
    }
}
