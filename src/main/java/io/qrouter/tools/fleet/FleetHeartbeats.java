package io.qrouter.tools.fleet;

import io.qrouter.avro.Heartbeat;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * When each server of the fleet beats: every server starts at the configured interval and follows
 * the interval the job recommends for it (in {@code server-metrics}), kept within bounds so a bad
 * value can neither flood Kafka nor silence a server. A shorter interval takes effect from the
 * server's last beat, not its next.
 *
 * <p>Not thread-safe: the fleet's event loop owns it.
 */
final class FleetHeartbeats {
    static final long MIN_HEARTBEAT_MILLIS = 20;
    static final long MAX_HEARTBEAT_MILLIS = 60_000;

    private final FleetServers servers;
    private final FleetClock clock;
    private final Consumer<Heartbeat> send;
    private final FleetRecords records;
    private final long[] intervalMillis;
    private final double[] nextAt;

    FleetHeartbeats(
            FleetServers servers, long defaultMillis, FleetClock clock, Consumer<Heartbeat> send) {
        this.servers = servers;
        this.clock = clock;
        this.send = send;
        this.records = new FleetRecords(servers.size());
        this.intervalMillis = new long[servers.size()];
        this.nextAt = new double[servers.size()];
        Arrays.fill(intervalMillis, defaultMillis);
    }

    /** Every server beats now: its first beat, or with {@code leaving} its last. */
    void all(double now, boolean leaving) {
        for (int i = 0; i < servers.size(); i++) {
            beat(i, now, leaving);
        }
    }

    /** The servers whose beat is due by {@code now} beat. */
    void due(double now) {
        for (int i = 0; i < servers.size(); i++) {
            if (nextAt[i] <= now) {
                beat(i, now, false);
            }
        }
    }

    /** When server {@code i} beats next (fleet seconds). */
    double nextAt(int i) {
        return nextAt[i];
    }

    /** The job recommends an interval for server {@code i}: followed within the bounds. */
    void recommend(int i, long recommendedMillis) {
        long millis =
                Math.max(MIN_HEARTBEAT_MILLIS, Math.min(MAX_HEARTBEAT_MILLIS, recommendedMillis));
        if (millis != intervalMillis[i]) {
            intervalMillis[i] = millis;
            nextAt[i] = Math.min(nextAt[i], records.lastHeartbeatAt(i) + millis / 1000.0);
        }
    }

    private void beat(int i, double now, boolean leaving) {
        send.accept(
                records.heartbeat(
                        i, servers, now, clock.epochMillis(now), intervalMillis[i], leaving));
        nextAt[i] = now + intervalMillis[i] / 1000.0;
    }
}
