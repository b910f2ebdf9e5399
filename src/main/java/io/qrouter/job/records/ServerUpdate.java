package io.qrouter.job.records;

import io.qrouter.avro.Health;
import io.qrouter.core.control.RouterControl;
import io.qrouter.job.operators.GaBatchFunction;
import io.qrouter.job.operators.ServerStateFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.flink.api.common.typeinfo.TypeInfo;

/**
 * What the per-server state tells the routers about one server: broadcast from {@link
 * ServerStateFunction} to {@code RouterFunction}, {@code DsrsSlotFunction} and {@link
 * GaBatchFunction} on every heartbeat that brings news ({@link UpdateNews}), on every lifecycle
 * event that changes its queue length (coalesced if configured), when the server is marked down,
 * and when its state is dropped. DSRS receives only the heartbeat ones (it uses status and service
 * rate, which queue changes never alter).
 *
 * <p>Serialised by {@link ServerUpdateSerializer}, written field by field (every update crosses a
 * network hop to each of its consumers). Estimates are boxed and {@code null} while unknown (too
 * few events); {@code loadIndexK} is {@code null} when the server is overloaded ({@link
 * #isOverloaded()}) or not yet estimated.
 *
 * <p>Over 400 lines only because each of its 33 fields has a getter and a setter; whether an update
 * is news is {@link UpdateNews}'s.
 */
@TypeInfo(ServerUpdateSerializer.Factory.class)
public class ServerUpdate {
    private String serverId;
    private boolean alive;
    private boolean gone;
    private boolean idle;
    private boolean busy;
    private int queueLength;
    private long heartbeatAt;
    private long updatedAt;
    private boolean heartbeat;
    private long heartbeatIntervalMillis;
    private Health health = Health.UNKNOWN;
    private double serviceRatePerSecond;
    private Double lambda;
    private Double mu;
    private Double alphaC;
    private Double eta;
    private Double loadIndexK;
    private boolean overloaded;
    private long recommendedHeartbeatMillis;
    private double cpu;
    private double memory;
    private double bandwidth;
    private long heartbeatTriggers;
    private long lateRecords;
    private List<String> enqueuedSinceLastSnapshot = new ArrayList<>();
    private boolean enqueuedOverflow;
    private long tasksReceived;
    private int slots = 1;
    private Double recentWaitSeconds;
    private Double recentServiceSeconds;
    private String adminState = ACTIVE;
    private boolean adminAccepts = true;
    private double adminWeight = 1.0;
    private RouterControl routerControl;

    /** {@link #getAdminState()} of a server that takes tasks. */
    public static final String ACTIVE = "active";

    public ServerUpdate() {}

    /**
     * True when routers may send this server tasks: it reports, has not left, does not call itself
     * failing, and can serve (a positive reported service rate or estimated mu; with neither, no
     * queueing model applies).
     */
    public boolean acceptsTasks() {
        boolean canServe =
                serviceRatePerSecond > 0 && Double.isFinite(serviceRatePerSecond)
                        || mu != null && mu > 0 && Double.isFinite(mu);
        return alive && !gone && health != Health.FAILING && canServe && adminAccepts;
    }

    /** Server id; the key of the per-server state and of the routers' broadcast state. */
    public String getServerId() {
        return serverId;
    }

    public void setServerId(String serverId) {
        this.serverId = serverId;
    }

    /** False once the server has been silent longer than the down timeout, or has left. */
    public boolean isAlive() {
        return alive;
    }

    public void setAlive(boolean alive) {
        this.alive = alive;
    }

    /**
     * True when the server left (or stayed down so long that its state was dropped): routers forget
     * it.
     */
    public boolean isGone() {
        return gone;
    }

    public void setGone(boolean gone) {
        this.gone = gone;
    }

    /** Alive, not busy and nothing queued: the server belongs in an idle queue (JIQ). */
    public boolean isIdle() {
        return idle;
    }

    public void setIdle(boolean idle) {
        this.idle = idle;
    }

    /** A task was in service at the last heartbeat. */
    public boolean isBusy() {
        return busy;
    }

    public void setBusy(boolean busy) {
        this.busy = busy;
    }

    /**
     * Tasks on the server (waiting plus in service): the heartbeat's count corrected by later
     * lifecycle events.
     */
    public int getQueueLength() {
        return queueLength;
    }

    public void setQueueLength(int queueLength) {
        this.queueLength = queueLength;
    }

    /** Event time (server clock) of the heartbeat behind this snapshot, epoch millis. */
    public long getHeartbeatAt() {
        return heartbeatAt;
    }

    public void setHeartbeatAt(long heartbeatAt) {
        this.heartbeatAt = heartbeatAt;
    }

    /** Interval the server said it uses until its next heartbeat. */
    /**
     * Newest event time (heartbeat or lifecycle event) this update reflects; it never decreases for
     * a server, so a router can tell a newer update from an older one.
     */
    public long getUpdatedAt() {
        return updatedAt;
    }

    public void setUpdatedAt(long updatedAt) {
        this.updatedAt = updatedAt;
    }

    /**
     * True for an update a heartbeat (or the down timer) produced, with new estimates; false for a
     * queue change.
     */
    public boolean isHeartbeat() {
        return heartbeat;
    }

    public void setHeartbeat(boolean heartbeat) {
        this.heartbeat = heartbeat;
    }

    public long getHeartbeatIntervalMillis() {
        return heartbeatIntervalMillis;
    }

    public void setHeartbeatIntervalMillis(long heartbeatIntervalMillis) {
        this.heartbeatIntervalMillis = heartbeatIntervalMillis;
    }

    /** Self-reported health; FAILING servers receive no tasks. */
    public Health getHealth() {
        return health;
    }

    public void setHealth(Health health) {
        this.health = health;
    }

    /**
     * Nominal service rate the server reports (tasks per second); DSRS capacity is this times tau.
     */
    public double getServiceRatePerSecond() {
        return serviceRatePerSecond;
    }

    public void setServiceRatePerSecond(double serviceRatePerSecond) {
        this.serviceRatePerSecond = serviceRatePerSecond;
    }

    /** Estimated arrival rate lambda (per second), Eq. (1); null while unknown. */
    public Double getLambda() {
        return lambda;
    }

    public void setLambda(Double lambda) {
        this.lambda = lambda;
    }

    /** Estimated service rate mu (per second), Eq. (2); null while unknown. */
    public Double getMu() {
        return mu;
    }

    public void setMu(Double mu) {
        this.mu = mu;
    }

    /** Estimated abandonment rate alpha_c (per second); null while unknown. */
    public Double getAlphaC() {
        return alphaC;
    }

    public void setAlphaC(Double alphaC) {
        this.alphaC = alphaC;
    }

    /** Estimated recovery rate eta from the cancelled state (per second); null while unknown. */
    public Double getEta() {
        return eta;
    }

    public void setEta(Double eta) {
        this.eta = eta;
    }

    /** Load index K (Eq. 53); null when the server is overloaded or not yet estimated. */
    public Double getLoadIndexK() {
        return loadIndexK;
    }

    public void setLoadIndexK(Double loadIndexK) {
        this.loadIndexK = loadIndexK;
    }

    /** True when K is undefined because the server's queue has no steady state. */
    public boolean isOverloaded() {
        return overloaded;
    }

    public void setOverloaded(boolean overloaded) {
        this.overloaded = overloaded;
    }

    /** Heartbeat interval the job recommends to this server (adaptive heartbeat). */
    public long getRecommendedHeartbeatMillis() {
        return recommendedHeartbeatMillis;
    }

    public void setRecommendedHeartbeatMillis(long recommendedHeartbeatMillis) {
        this.recommendedHeartbeatMillis = recommendedHeartbeatMillis;
    }

    /** CPU utilisation in [0,1] (GA load index). */
    public double getCpu() {
        return cpu;
    }

    public void setCpu(double cpu) {
        this.cpu = cpu;
    }

    /** Memory utilisation in [0,1] (GA load index). */
    public double getMemory() {
        return memory;
    }

    public void setMemory(double memory) {
        this.memory = memory;
    }

    /** Network bandwidth utilisation in [0,1] (GA load index). */
    public double getBandwidth() {
        return bandwidth;
    }

    public void setBandwidth(double bandwidth) {
        this.bandwidth = bandwidth;
    }

    /** Heartbeats received from this server so far. */
    public long getHeartbeatTriggers() {
        return heartbeatTriggers;
    }

    public void setHeartbeatTriggers(long heartbeatTriggers) {
        this.heartbeatTriggers = heartbeatTriggers;
    }

    /**
     * Records of this server that arrived behind the watermark so far (they were still applied).
     */
    public long getLateRecords() {
        return lateRecords;
    }

    public void setLateRecords(long lateRecords) {
        this.lateRecords = lateRecords;
    }

    /**
     * Task ids of the ENQUEUED events applied since this server's previous snapshot: all of them
     * are counted in {@link #getQueueLength()}, so a router stops counting them as its own
     * in-flight tasks.
     */
    public List<String> getEnqueuedSinceLastSnapshot() {
        return enqueuedSinceLastSnapshot;
    }

    public void setEnqueuedSinceLastSnapshot(List<String> enqueuedSinceLastSnapshot) {
        this.enqueuedSinceLastSnapshot = enqueuedSinceLastSnapshot;
    }

    /**
     * More ENQUEUED events than {@link ServerState#MAX_ACKNOWLEDGED_IDS} since the previous
     * snapshot: ids were left out.
     */
    public boolean isEnqueuedOverflow() {
        return enqueuedOverflow;
    }

    public void setEnqueuedOverflow(boolean enqueuedOverflow) {
        this.enqueuedOverflow = enqueuedOverflow;
    }

    /**
     * Tasks the server has acknowledged (ENQUEUED) since the job first saw it, these included:
     * every router reads the same count from the same update, so it numbers the server's next task
     * alike.
     */
    public long getTasksReceived() {
        return tasksReceived;
    }

    public void setTasksReceived(long tasksReceived) {
        this.tasksReceived = tasksReceived;
    }

    /** Tasks the server serves at once (c); its service rates are per slot. */
    public int getSlots() {
        return slots;
    }

    public void setSlots(int slots) {
        this.slots = slots;
    }

    /** The server's recent mean wait (with the service, the peers' latency); null: unknown. */
    public Double getRecentWaitSeconds() {
        return recentWaitSeconds;
    }

    public void setRecentWaitSeconds(Double recentWaitSeconds) {
        this.recentWaitSeconds = recentWaitSeconds;
    }

    /** The server's recent mean service time per slot; null while unknown. */
    public Double getRecentServiceSeconds() {
        return recentServiceSeconds;
    }

    public void setRecentServiceSeconds(Double recentServiceSeconds) {
        this.recentServiceSeconds = recentServiceSeconds;
    }

    /**
     * The administrative state (stamped by its consumers, AdminStamp), as server-metrics shows it:
     * active, draining, drained, maintenance, ejected, or ejected but routed in panic.
     */
    public String getAdminState() {
        return adminState;
    }

    public void setAdminState(String adminState) {
        this.adminState = adminState;
    }

    /** False when operators or outlier detection keep tasks from the server (AdminStamp). */
    public boolean isAdminAccepts() {
        return adminAccepts;
    }

    public void setAdminAccepts(boolean adminAccepts) {
        this.adminAccepts = adminAccepts;
    }

    /**
     * The operators' weight of the server: it scales the service rate the policies see (1 = as
     * reported).
     */
    public double getAdminWeight() {
        return adminWeight;
    }

    public void setAdminWeight(double adminWeight) {
        this.adminWeight = adminWeight;
    }

    /**
     * The fleet-wide routing settings in force (null: as configured); routers switch when its
     * version rises.
     */
    public RouterControl getRouterControl() {
        return routerControl;
    }

    public void setRouterControl(RouterControl routerControl) {
        this.routerControl = routerControl;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ServerUpdate that)) {
            return false;
        }
        return alive == that.alive
                && gone == that.gone
                && idle == that.idle
                && busy == that.busy
                && queueLength == that.queueLength
                && heartbeatAt == that.heartbeatAt
                && updatedAt == that.updatedAt
                && heartbeat == that.heartbeat
                && heartbeatIntervalMillis == that.heartbeatIntervalMillis
                && Double.compare(serviceRatePerSecond, that.serviceRatePerSecond) == 0
                && overloaded == that.overloaded
                && recommendedHeartbeatMillis == that.recommendedHeartbeatMillis
                && Double.compare(cpu, that.cpu) == 0
                && Double.compare(memory, that.memory) == 0
                && Double.compare(bandwidth, that.bandwidth) == 0
                && heartbeatTriggers == that.heartbeatTriggers
                && lateRecords == that.lateRecords
                && enqueuedOverflow == that.enqueuedOverflow
                && tasksReceived == that.tasksReceived
                && slots == that.slots
                && Objects.equals(recentWaitSeconds, that.recentWaitSeconds)
                && Objects.equals(recentServiceSeconds, that.recentServiceSeconds)
                && Objects.equals(enqueuedSinceLastSnapshot, that.enqueuedSinceLastSnapshot)
                && Objects.equals(serverId, that.serverId)
                && health == that.health
                && Objects.equals(lambda, that.lambda)
                && Objects.equals(mu, that.mu)
                && Objects.equals(alphaC, that.alphaC)
                && Objects.equals(eta, that.eta)
                && Objects.equals(loadIndexK, that.loadIndexK)
                && Objects.equals(adminState, that.adminState)
                && adminAccepts == that.adminAccepts
                && Double.compare(adminWeight, that.adminWeight) == 0
                && Objects.equals(routerControl, that.routerControl);
    }

    @Override
    public int hashCode() {
        return Objects.hash(serverId, alive, gone, queueLength, heartbeatAt, loadIndexK);
    }

    @Override
    public String toString() {
        return "ServerUpdate{"
                + serverId
                + (alive ? " alive" : " down")
                + (gone ? " gone" : "")
                + (idle ? " idle" : "")
                + " queue="
                + queueLength
                + " K="
                + loadIndexK
                + (overloaded ? " overloaded" : "")
                + " heartbeatAt="
                + heartbeatAt
                + " health="
                + health
                + (ACTIVE.equals(adminState) ? "" : " " + adminState)
                + '}';
    }
}
