package io.qrouter.tools.sim;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.estimate.ServerEstimators;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Every server of a run in primitive arrays: its rate, what it holds, its timers' tokens (a stale
 * event carries an old token and is dropped), its busy-time accounting for heartbeats, and its
 * estimators when the policy needs them. Task ids are indexes into the {@link TaskTable}; -1 means
 * none.
 */
final class ServerTable {
    final String[] ids;
    final double[] mu;

    /** Tasks on the server: waiting, in service and (chain P) cancelled. */
    final int[] count;

    /** Tasks the server has received since the run began: the count its reports carry. */
    final long[] received;

    final int[] inService;
    final boolean[] up;
    final boolean[] recovering;
    final boolean[] cancelArmed;
    final int[] cancelledTask;
    final int[] departureToken;
    final int[] heartbeatToken;
    final int[] cancelToken;
    final double[] departureTime;
    final double[] pausedRemaining;
    final double[] busySince;
    final double[] busyAccumulated;
    final double[] lastHeartbeatTime;
    final long[] lastHeartbeatMillis;
    final long[] lastIntervalMillis;

    /** Null when the policy does not use estimates. */
    final ServerEstimators[] estimators;

    private final Map<String, Integer> indexById = new HashMap<>();

    ServerTable(double[] mu, EstimatorConfig estimatorConfig, boolean withEstimators) {
        int n = mu.length;
        this.mu = mu;
        ids = new String[n];
        count = new int[n];
        received = new long[n];
        inService = new int[n];
        up = new boolean[n];
        recovering = new boolean[n];
        cancelArmed = new boolean[n];
        cancelledTask = new int[n];
        departureToken = new int[n];
        heartbeatToken = new int[n];
        cancelToken = new int[n];
        departureTime = new double[n];
        pausedRemaining = new double[n];
        busySince = new double[n];
        busyAccumulated = new double[n];
        lastHeartbeatTime = new double[n];
        lastHeartbeatMillis = new long[n];
        lastIntervalMillis = new long[n];
        estimators = withEstimators ? new ServerEstimators[n] : null;
        Arrays.fill(inService, -1);
        Arrays.fill(cancelledTask, -1);
        Arrays.fill(up, true);
        for (int s = 0; s < n; s++) {
            ids[s] = "s" + s;
            indexById.put(ids[s], s);
            if (withEstimators) {
                estimators[s] = new ServerEstimators(estimatorConfig);
            }
        }
    }

    int size() {
        return ids.length;
    }

    int indexOf(String serverId) {
        return indexById.get(serverId);
    }

    boolean busy(int s) {
        return inService[s] >= 0;
    }
}
