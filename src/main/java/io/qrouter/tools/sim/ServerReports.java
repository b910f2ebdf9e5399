package io.qrouter.tools.sim;

import io.qrouter.core.estimate.ServerEstimators;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.ServerSnapshot;
import io.qrouter.core.policy.ServerSnapshots;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * What the routers learn of the servers, as production's routers do: each server's heartbeats at
 * the adaptive interval (the load signal is its busy fraction since the previous one), its queue
 * changes when they are reported, and the failure detector's verdict on a silent server; the
 * estimates in them come from estimators fed with the server's lifecycle events. Also whether each
 * server is up. Reports go through the {@link ReportChannel}. A server of several slots reports
 * them, with its queue length (tasks on it), busy (at least one in service) and μ per slot, as the
 * protocol's heartbeat does.
 */
final class ServerReports implements ServerQueues.Lifecycle {
    private final SimConfig config;
    private final ServerQueues queues;
    private final ReportChannel channel;
    private final EventQueue events;
    private final RandomGenerator delayRandom;
    private final RunMeasures measures;

    /**
     * Every queue change is reported to the routers (full-information policies, or the job's fresh
     * updates).
     */
    private final boolean reportChanges;

    private final String[] ids;
    private final Map<String, Integer> indexById = new HashMap<>();
    private final boolean[] up;
    private final int[] heartbeatToken;
    private final double[] busySince;
    private final double[] busyAccumulated;
    private final double[] lastHeartbeatTime;
    private final long[] lastHeartbeatMillis;
    private final long[] lastIntervalMillis;

    /** Null when the routers do not use estimates. */
    private final ServerEstimators[] estimators;

    /** Each server's latest report: queue changes repeat its estimates, as the job's updates do. */
    private final ServerSnapshot[] lastReport;

    /** Tasks each server has received since the run began: the count its reports carry. */
    private final long[] received;

    /**
     * @param present the servers up at the start: the others join later ({@link #recovered})
     * @param delayRandom draws the reports' delays
     */
    ServerReports(
            SimConfig config,
            ServerQueues queues,
            int present,
            boolean withEstimates,
            boolean reportChanges,
            ReportChannel channel,
            EventQueue events,
            RandomGenerator delayRandom,
            RunMeasures measures) {
        this.config = config;
        this.queues = queues;
        this.channel = channel;
        this.events = events;
        this.delayRandom = delayRandom;
        this.measures = measures;
        this.reportChanges = reportChanges;
        int n = queues.size();
        ids = new String[n];
        up = new boolean[n];
        heartbeatToken = new int[n];
        busySince = new double[n];
        busyAccumulated = new double[n];
        lastHeartbeatTime = new double[n];
        lastHeartbeatMillis = new long[n];
        lastIntervalMillis = new long[n];
        estimators = withEstimates ? new ServerEstimators[n] : null;
        lastReport = new ServerSnapshot[n];
        received = new long[n];
        Arrays.fill(up, 0, present, true);
        for (int s = 0; s < n; s++) {
            ids[s] = "s" + s;
            indexById.put(ids[s], s);
            if (withEstimates) {
                estimators[s] = new ServerEstimators(config.estimators());
            }
        }
    }

    int indexOf(String serverId) {
        return indexById.get(serverId);
    }

    boolean up(int s) {
        return up[s];
    }

    /** Whether each server is up; read only. */
    boolean[] upServers() {
        return up;
    }

    static String taskId(int task) {
        return "t" + task;
    }

    // ---- the estimators' lifecycle events, and the busy time of the heartbeats ----

    @Override
    public void enqueued(int s, int task, double at) {
        received[s]++;
        if (estimators != null) {
            estimators[s].onEnqueued(taskId(task), Simulation.millis(at));
        }
        if (channel.delayed()) {
            channel.enqueued(s, taskId(task));
        }
    }

    @Override
    public void becameBusy(int s, double at) {
        busySince[s] = at;
    }

    @Override
    public void started(int s, int task, double at) {
        if (estimators != null) {
            estimators[s].onStarted(taskId(task), Simulation.millis(at));
        }
    }

    @Override
    public void completed(int s, int task, double at) {
        if (estimators != null) {
            estimators[s].onCompleted(taskId(task), Simulation.millis(at));
        }
    }

    @Override
    public void becameIdle(int s, double at) {
        busyAccumulated[s] += at - busySince[s];
        busySince[s] = Double.NaN;
        if (config.idleHeartbeat()) {
            sendHeartbeat(s, 1, at);
        }
    }

    @Override
    public void abandoned(int s, int task, double at) {
        if (estimators != null) {
            estimators[s].onAbandoned(taskId(task), Simulation.millis(at));
        }
    }

    void cancelled(int s, int task, double at) {
        if (estimators != null) {
            estimators[s].onCancelled(taskId(task), Simulation.millis(at));
        }
    }

    void restored(int s, int task, double at) {
        if (estimators != null) {
            estimators[s].onRestored(taskId(task), Simulation.millis(at));
        }
    }

    // ---- reports ----

    void onHeartbeat(int s, int token, double now) {
        if (token == heartbeatToken[s] && up[s]) {
            sendHeartbeat(s, 1, now);
        }
    }

    /**
     * Reports the server to every router and schedules its next heartbeat at the adaptive interval;
     * the load signal is the server's busy fraction since its previous heartbeat.
     *
     * @param phase the next heartbeat comes after this fraction of the interval: 1, except at the
     *     start, where random phases keep the servers from all reporting in step
     */
    void sendHeartbeat(int s, double phase, double now) {
        long nowMillis = Simulation.millis(now);
        boolean busy = queues.busy(s);
        double since = now - lastHeartbeatTime[s];
        double busyTime = busyAccumulated[s] + (busy ? now - busySince[s] : 0);
        double utilisation = since > 0 ? busyTime / since : (busy ? 1 : 0);
        busyAccumulated[s] = 0;
        if (busy) {
            busySince[s] = now;
        }
        lastHeartbeatTime[s] = now;
        ServerSnapshot snapshot =
                estimators != null
                        ? ServerSnapshots.withEstimates(
                                ids[s],
                                nowMillis,
                                queues.count[s],
                                busy,
                                queues.mu[s],
                                estimators[s].snapshot(nowMillis))
                        : new ServerSnapshot(
                                ids[s],
                                nowMillis,
                                true,
                                queues.count[s],
                                busy,
                                queues.mu[s],
                                0,
                                0,
                                0);
        report(s, snapshot, now);
        long interval = config.heartbeat().nextIntervalMillis(queues.count[s], utilisation);
        lastHeartbeatMillis[s] = nowMillis;
        lastIntervalMillis[s] = interval;
        double delay = interval / Simulation.MILLIS_PER_UNIT * phase;
        events.push(now + delay, EventKind.HEARTBEAT, s, ++heartbeatToken[s]);
        measures.heartbeat();
    }

    /**
     * Reports a queue change of a live server, when changes are reported: to full-information
     * policies, or to all when every change is reported (as the Flink job's updates do), with the
     * estimates of its last heartbeat.
     */
    void queueChanged(int s, double now) {
        if (reportChanges && up[s]) {
            ServerSnapshot last = lastReport[s];
            long nowMillis = Simulation.millis(now);
            ServerSnapshot base =
                    last != null
                            ? last
                            : ServerSnapshot.ofQueue(ids[s], nowMillis, 0, queues.mu[s]);
            report(s, base.withQueue(nowMillis, queues.count[s], queues.busy(s)), now);
        }
    }

    /**
     * The server failed: it stops reporting, and the failure detector looks again when {@link
     * AdaptiveHeartbeat#downAtMillis} passes.
     */
    void failed(int s, double now) {
        up[s] = false;
        heartbeatToken[s]++;
        double detectAt =
                AdaptiveHeartbeat.downAtMillis(lastHeartbeatMillis[s], lastIntervalMillis[s])
                        / Simulation.MILLIS_PER_UNIT;
        events.push(Math.max(now, detectAt), EventKind.DETECT, s, heartbeatToken[s]);
    }

    /** What the production failure detector does: no heartbeat for a few intervals means down. */
    void onDetect(int s, int token, double now) {
        if (token == heartbeatToken[s] && !up[s]) {
            reportDown(s, now);
        }
    }

    void reportDown(int s, double now) {
        report(s, ServerSnapshot.down(ids[s], Simulation.millis(now)), now);
    }

    /** A failed server is repaired, or a joining server joins: it is up and reports, empty. */
    void recovered(int s, double now) {
        up[s] = true;
        busySince[s] = Double.NaN;
        busyAccumulated[s] = 0;
        if (estimators != null) {
            estimators[s] = new ServerEstimators(config.estimators());
        }
        sendHeartbeat(s, 1, now);
    }

    private void report(int s, ServerSnapshot reported, double now) {
        // every report counts the tasks the server received, as the job's updates do
        ServerSnapshot snapshot =
                reported.withTasksReceived(received[s]).withSlots(queues.slots(s));
        lastReport[s] = snapshot;
        channel.send(s, snapshot, now, delayRandom, events);
    }
}
