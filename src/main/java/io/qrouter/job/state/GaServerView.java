package io.qrouter.job.state;

import io.qrouter.core.ga.ResourceLoadIndex;
import io.qrouter.job.convert.GaRecords;
import io.qrouter.job.records.ServerUpdate;
import java.util.Arrays;

/**
 * What the GA batch allocator keeps about one server in its broadcast state: the latest update and
 * the recent samples of the server's resource load index (CPU, memory, bandwidth, seed 001), from
 * which the allocator estimates its mean-variance weights. A Flink POJO.
 */
public class GaServerView {
    /** Load-index samples kept per server (oldest dropped first). */
    static final int HISTORY_LENGTH = 16;

    public ServerUpdate update;

    /** Oldest first. */
    public double[] loadIndexHistory = new double[0];

    public GaServerView() {}

    /** This view with {@code update} in place of its own, the history unchanged (a restamp). */
    public GaServerView withUpdate(ServerUpdate update) {
        GaServerView next = new GaServerView();
        next.update = update;
        next.loadIndexHistory = loadIndexHistory;
        return next;
    }

    /**
     * This view updated with a newer update: the load index of a usable server joins the history.
     */
    public GaServerView next(ServerUpdate latest) {
        GaServerView next = new GaServerView();
        next.update = latest;
        next.loadIndexHistory = loadIndexHistory;
        if (!GaRecords.usable(latest)) {
            return next;
        }
        double sample = ResourceLoadIndex.BALANCED.of(GaRecords.toGaServer(latest, new double[0]));
        int keep = Math.min(loadIndexHistory.length, HISTORY_LENGTH - 1);
        next.loadIndexHistory =
                Arrays.copyOfRange(
                        loadIndexHistory,
                        loadIndexHistory.length - keep,
                        loadIndexHistory.length + 1);
        next.loadIndexHistory[keep] = sample;
        return next;
    }
}
