package io.qrouter.job.records;

/**
 * What the control operator learns about one server: that it is there (a heartbeat), that it left,
 * or its finished tasks over an outlier-detection interval ({@link OutlierStatsFunction}). A Flink
 * POJO.
 */
public class ServerSignal {
    public static final String PRESENT = "present";
    public static final String GONE = "gone";
    public static final String COUNTS = "counts";

    /** The failures in a row just reached the threshold (counts so far, not an interval's). */
    public static final String FAILING = "failing";

    private String serverId;
    private String kind;
    private long successes;
    private long failures;
    private int consecutiveFailures;

    public ServerSignal() {}

    /**
     * Whether {@code update} is one the control operator needs: a server's first heartbeat (it
     * arrived: its state is new, so its first heartbeat's update is always news) or its last (it
     * left, or was forgotten). Its other heartbeats tell the control operator nothing, and in a
     * busy fleet of 20,000 servers they were thousands of records a second on its one subtask.
     */
    public static boolean arrivesOrLeaves(ServerUpdate update) {
        return update.isGone() || update.isHeartbeat() && update.getHeartbeatTriggers() == 1;
    }

    public static ServerSignal of(ServerUpdate update) {
        ServerSignal s = new ServerSignal();
        s.serverId = update.getServerId();
        s.kind = update.isGone() ? GONE : PRESENT;
        return s;
    }

    public static ServerSignal counts(
            String kind, String serverId, long successes, long failures, int consecutiveFailures) {
        ServerSignal s = new ServerSignal();
        s.serverId = serverId;
        s.kind = kind;
        s.successes = successes;
        s.failures = failures;
        s.consecutiveFailures = consecutiveFailures;
        return s;
    }

    public String getServerId() {
        return serverId;
    }

    public void setServerId(String serverId) {
        this.serverId = serverId;
    }

    public String getKind() {
        return kind;
    }

    public void setKind(String kind) {
        this.kind = kind;
    }

    public long getSuccesses() {
        return successes;
    }

    public void setSuccesses(long successes) {
        this.successes = successes;
    }

    public long getFailures() {
        return failures;
    }

    public void setFailures(long failures) {
        this.failures = failures;
    }

    public int getConsecutiveFailures() {
        return consecutiveFailures;
    }

    public void setConsecutiveFailures(int consecutiveFailures) {
        this.consecutiveFailures = consecutiveFailures;
    }
}
